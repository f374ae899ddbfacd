-- Issue 39 §7: the captains' codes of a team event, per match (each team of each match has its
-- own code, `team_match_code`) or per team for the whole event (one code a team, opening
-- whichever of its matches is current). Only the kind the setting names is kept: changing it
-- drops the other kind's codes.
ALTER TABLE team_event ADD COLUMN captain_codes TEXT NOT NULL DEFAULT 'match'
    CHECK (captain_codes IN ('match', 'team'));

-- A team's code for the whole event, printed once for its captain; renewing it (a captain lost
-- it) replaces the row, so the old code opens nothing. Codes share one space with the boards',
-- tables' and matches' codes (`new_codes.rs`).
CREATE TABLE team_captain_code (
    event_id INTEGER NOT NULL REFERENCES team_event(id) ON DELETE CASCADE,
    team     INTEGER NOT NULL REFERENCES team(id) ON DELETE CASCADE,
    code     TEXT NOT NULL UNIQUE,
    PRIMARY KEY (event_id, team)
);
