-- Issue 24 §2 for teams: a teams event's hand records, with their double-dummy analysis kept
-- beside each deal as for a pairs session's (`bridge_deal`, migration 12): `tricks` and `par`
-- JSON, NULL until solved. Both rooms of every match play the same boards.
CREATE TABLE bridge_team_deal (
    event_id INTEGER NOT NULL REFERENCES bridge_team_event(id) ON DELETE CASCADE,
    board    INTEGER NOT NULL,
    deal     TEXT NOT NULL,
    tricks   TEXT,
    par      TEXT,
    PRIMARY KEY (event_id, board)
);
