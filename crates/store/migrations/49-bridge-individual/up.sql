-- Issue 38 §3: bridge individual sessions (every player partners different players), played from
-- the tables' phones like a pairs session. The movement (Whist or Rainbow) is rebuilt from the
-- kind, the table count and the boards per round by `bridge::individual::build`.
CREATE TABLE bridge_individual (
    id                INTEGER PRIMARY KEY,
    name              TEXT NOT NULL,
    kind              TEXT NOT NULL,
    tables            INTEGER NOT NULL,
    boards_per_round  INTEGER NOT NULL,
    created_at        TEXT NOT NULL
);

-- Players are numbered 1..4T as the movement numbers them; a row only once a name is typed.
CREATE TABLE bridge_individual_player (
    individual_id  INTEGER NOT NULL REFERENCES bridge_individual(id) ON DELETE CASCADE,
    number         INTEGER NOT NULL,
    name           TEXT NOT NULL,
    PRIMARY KEY (individual_id, number)
);

-- The printed code of each table (unique across every code the database holds).
CREATE TABLE bridge_individual_table (
    individual_id  INTEGER NOT NULL REFERENCES bridge_individual(id) ON DELETE CASCADE,
    number         INTEGER NOT NULL,
    code           TEXT NOT NULL UNIQUE,
    PRIMARY KEY (individual_id, number)
);

-- A traveller line with a result: the board at a table in a round (a Rainbow's boards stay at
-- their tables, so a table plays a board every round; the four players follow from the
-- movement). status: entered, confirmed or director.
CREATE TABLE bridge_individual_line (
    individual_id  INTEGER NOT NULL REFERENCES bridge_individual(id) ON DELETE CASCADE,
    board          INTEGER NOT NULL,
    table_number   INTEGER NOT NULL,
    round          INTEGER NOT NULL,
    contract       TEXT NOT NULL,
    declarer       TEXT,
    lead           TEXT NOT NULL,
    tricks         INTEGER,
    status         TEXT NOT NULL,
    device         TEXT NOT NULL,
    updated_at     TEXT NOT NULL,
    PRIMARY KEY (individual_id, board, table_number, round)
);

-- A second, different entry of a line: kept for the director, never written over the first.
CREATE TABLE bridge_individual_conflict (
    id             INTEGER PRIMARY KEY,
    individual_id  INTEGER NOT NULL REFERENCES bridge_individual(id) ON DELETE CASCADE,
    board          INTEGER NOT NULL,
    table_number   INTEGER NOT NULL,
    round          INTEGER NOT NULL,
    contract       TEXT NOT NULL,
    declarer       TEXT,
    lead           TEXT NOT NULL,
    tricks         INTEGER,
    device         TEXT NOT NULL,
    created_at     TEXT NOT NULL,
    resolved_at    TEXT
);
CREATE INDEX bridge_individual_conflict_of ON bridge_individual_conflict(individual_id);

-- Every change, with who and when: its ids are the session's versions (what phones write is
-- told apart by its actor, "table N", and makes no director's page stale).
CREATE TABLE bridge_individual_log (
    id             INTEGER PRIMARY KEY,
    individual_id  INTEGER NOT NULL,
    at             TEXT NOT NULL,
    actor          TEXT NOT NULL,
    action         TEXT NOT NULL,
    before         TEXT NOT NULL,
    after          TEXT NOT NULL
);
CREATE INDEX bridge_individual_log_of ON bridge_individual_log(individual_id);
