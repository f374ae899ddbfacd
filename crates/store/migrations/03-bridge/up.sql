-- Bridge pairs sessions: settings, pairs, table codes, hand records, traveller lines as the
-- tables and the director enter them, conflicts between two entries of one line, and the log.
-- No rule lives here: the movement is rebuilt from the settings by bridge::movement::build.

CREATE TABLE bridge_session (
    id               INTEGER PRIMARY KEY,
    name             TEXT NOT NULL,
    club             TEXT NOT NULL DEFAULT '',
    place            TEXT NOT NULL DEFAULT '',
    date             TEXT NOT NULL DEFAULT '',    -- YYYY-MM-DD or empty
    director         TEXT NOT NULL DEFAULT '',
    tables           INTEGER NOT NULL CHECK (tables BETWEEN 1 AND 99),
    movement         TEXT NOT NULL,               -- bridge::movement::Kind::name
    even             TEXT NOT NULL DEFAULT 'relay' CHECK (even IN ('relay', 'skip')),
    boards_per_round INTEGER NOT NULL DEFAULT 0,  -- 0: the movement's default
    phantom          INTEGER,                     -- a pair number left empty
    scoring          TEXT NOT NULL CHECK (scoring IN ('mp2', 'mp1', 'ximp', 'ximp_avg', 'butler')),
    average_plus     INTEGER NOT NULL DEFAULT 60 CHECK (average_plus BETWEEN 0 AND 100),
    average          INTEGER NOT NULL DEFAULT 50 CHECK (average BETWEEN 0 AND 100),
    average_minus    INTEGER NOT NULL DEFAULT 40 CHECK (average_minus BETWEEN 0 AND 100),
    public           INTEGER NOT NULL DEFAULT 1 CHECK (public IN (0, 1)),
    created_at       TEXT NOT NULL
);

-- A pair's names, numbered as the movement numbers pairs (1..2T). Pairs not typed have no row.
CREATE TABLE bridge_pair (
    session_id INTEGER NOT NULL REFERENCES bridge_session(id) ON DELETE CASCADE,
    number     INTEGER NOT NULL,
    name1      TEXT NOT NULL DEFAULT '',
    name2      TEXT NOT NULL DEFAULT '',
    club       TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (session_id, number)
);

-- The code printed for each table: it opens the table's entry page. Unique with the chess
-- boards' codes (checked when a code is drawn).
CREATE TABLE bridge_table (
    session_id INTEGER NOT NULL REFERENCES bridge_session(id) ON DELETE CASCADE,
    number     INTEGER NOT NULL,
    code       TEXT NOT NULL,
    PRIMARY KEY (session_id, number)
);
CREATE UNIQUE INDEX bridge_table_code ON bridge_table(code);

-- Hand records: a board's PBN [Deal] string.
CREATE TABLE bridge_deal (
    session_id INTEGER NOT NULL REFERENCES bridge_session(id) ON DELETE CASCADE,
    board      INTEGER NOT NULL,
    deal       TEXT NOT NULL,
    PRIMARY KEY (session_id, board)
);

-- One traveller line that has a result. A line the movement expects without a row is missing.
-- status: 'entered' (by North), 'confirmed' (by East-West), 'director' (entered or corrected
-- by the director), 'adjusted' (an adjusted score: `adjustment` JSON, no contract).
CREATE TABLE bridge_line (
    session_id   INTEGER NOT NULL REFERENCES bridge_session(id) ON DELETE CASCADE,
    board        INTEGER NOT NULL,
    ns           INTEGER NOT NULL,
    ew           INTEGER NOT NULL,
    round        INTEGER NOT NULL,
    table_number INTEGER NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('entered', 'confirmed', 'director', 'adjusted')),
    contract     TEXT,        -- "3NT", "4SX", "PASS"
    declarer     TEXT CHECK (declarer IN ('N', 'E', 'S', 'W')),
    lead         TEXT NOT NULL DEFAULT '',
    tricks       INTEGER CHECK (tricks BETWEEN 0 AND 13),
    adjustment   TEXT,        -- JSON of store::bridge::Adjustment
    device       TEXT NOT NULL DEFAULT '',  -- the table device that entered it
    updated_at   TEXT NOT NULL,
    CHECK ((status = 'adjusted') = (adjustment IS NOT NULL)),
    CHECK ((status = 'adjusted') = (contract IS NULL)),
    PRIMARY KEY (session_id, board, ns)
);
CREATE UNIQUE INDEX bridge_line_seat ON bridge_line(session_id, board, ew);

-- A second entry of a line that differs from the stored one: kept for the director, never
-- written over the line. Open while resolved_at is NULL.
CREATE TABLE bridge_conflict (
    id           INTEGER PRIMARY KEY,
    session_id   INTEGER NOT NULL REFERENCES bridge_session(id) ON DELETE CASCADE,
    board        INTEGER NOT NULL,
    ns           INTEGER NOT NULL,
    ew           INTEGER NOT NULL,
    round        INTEGER NOT NULL,
    table_number INTEGER NOT NULL,
    kept         TEXT NOT NULL,   -- JSON entry: the line as stored when the other came
    other        TEXT NOT NULL,   -- JSON entry: the one not stored
    other_device TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    resolved_at  TEXT,
    resolved_by  TEXT
);
CREATE INDEX bridge_conflict_line ON bridge_conflict(session_id, board, ns);

-- Every change to a bridge session: who, when, what, and the thing changed before and after
-- (JSON). Kept when the session is deleted.
CREATE TABLE bridge_log (
    id         INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL,
    at         TEXT NOT NULL,
    actor      TEXT NOT NULL,
    action     TEXT NOT NULL,
    before     TEXT NOT NULL,
    after      TEXT NOT NULL
);
CREATE INDEX bridge_log_session ON bridge_log(session_id, id);
