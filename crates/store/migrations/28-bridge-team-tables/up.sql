-- Issue 24 §1: the phones at a teams event's tables. Each table of a match, the open room and
-- the closed room, has a printed code (unique with the chess boards', the pairs tables' and
-- the team captains' codes, checked when a code is drawn). Match `match_no` of every round
-- sits at the same two tables, so the code opens the room's boards of the current round.
CREATE TABLE bridge_team_table (
    event_id INTEGER NOT NULL REFERENCES bridge_team_event(id) ON DELETE CASCADE,
    match_no INTEGER NOT NULL,
    room     TEXT NOT NULL,
    code     TEXT NOT NULL,
    PRIMARY KEY (event_id, match_no, room)
);
CREATE UNIQUE INDEX bridge_team_table_code ON bridge_team_table(code);
