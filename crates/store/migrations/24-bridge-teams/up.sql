-- Issue 24 §1: teams of four. An event of teams (4 to 6 players each) plays matches of
-- `boards_per_match` boards, round by round; each match at two tables, the open room (home
-- team North-South) and the closed room (visitors North-South), on the same boards.
-- `scoring`: 'wbf2013' (IMPs to VPs), 'bam' (board-a-match) or 'patton'; `format`:
-- 'round_robin' or 'swiss'. `bye_vp`: the VPs of a bye, in hundredths.
CREATE TABLE bridge_team_event (
    id               INTEGER PRIMARY KEY,
    name             TEXT NOT NULL,
    date             TEXT NOT NULL DEFAULT '',
    boards_per_match INTEGER NOT NULL,
    scoring          TEXT NOT NULL DEFAULT 'wbf2013',
    format           TEXT NOT NULL DEFAULT 'round_robin',
    bye_vp           INTEGER NOT NULL DEFAULT 1200,
    public           INTEGER NOT NULL DEFAULT 1,
    created_at       TEXT NOT NULL
);

-- `players`: JSON list of {"name", "licence"}.
CREATE TABLE bridge_team (
    event_id INTEGER NOT NULL REFERENCES bridge_team_event(id) ON DELETE CASCADE,
    number   INTEGER NOT NULL,
    name     TEXT NOT NULL,
    players  TEXT NOT NULL,
    PRIMARY KEY (event_id, number)
);

-- A match of a round (`visit` NULL: the home team has a bye).
CREATE TABLE bridge_team_match (
    event_id INTEGER NOT NULL REFERENCES bridge_team_event(id) ON DELETE CASCADE,
    round    INTEGER NOT NULL,
    number   INTEGER NOT NULL,
    home     INTEGER NOT NULL,
    visit    INTEGER,
    PRIMARY KEY (event_id, round, number)
);

-- One room's result on a board. `source`: 'table' (entered at the table, `device`) or
-- 'director'.
CREATE TABLE bridge_team_result (
    event_id   INTEGER NOT NULL REFERENCES bridge_team_event(id) ON DELETE CASCADE,
    round      INTEGER NOT NULL,
    match_no   INTEGER NOT NULL,
    room       TEXT NOT NULL,
    board      INTEGER NOT NULL,
    contract   TEXT NOT NULL,
    declarer   TEXT,
    lead       TEXT NOT NULL DEFAULT '',
    tricks     INTEGER,
    source     TEXT NOT NULL,
    device     TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL,
    PRIMARY KEY (event_id, round, match_no, room, board)
);

-- A second entry of a room's board that differs from the stored one: kept apart until the
-- director settles it. `kept` and `other` are the entries as JSON.
CREATE TABLE bridge_team_conflict (
    id           INTEGER PRIMARY KEY,
    event_id     INTEGER NOT NULL REFERENCES bridge_team_event(id) ON DELETE CASCADE,
    round        INTEGER NOT NULL,
    match_no     INTEGER NOT NULL,
    room         TEXT NOT NULL,
    board        INTEGER NOT NULL,
    kept         TEXT NOT NULL,
    other        TEXT NOT NULL,
    other_device TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    resolved_at  TEXT,
    resolved_by  TEXT
);
CREATE INDEX bridge_team_conflict_open ON bridge_team_conflict(event_id, resolved_at);

-- Every change, with who, when, and the thing before and after.
CREATE TABLE bridge_team_log (
    id       INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES bridge_team_event(id) ON DELETE CASCADE,
    at       TEXT NOT NULL,
    actor    TEXT NOT NULL,
    action   TEXT NOT NULL,
    before   TEXT NOT NULL,
    after    TEXT NOT NULL
);
