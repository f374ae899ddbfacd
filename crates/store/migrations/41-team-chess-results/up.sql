-- Issue 35: the key chess-results.com gave a team event and the creator id it was asked with,
-- kept like an individual event's (`chess_results_key`): GETKEY is asked once per tournament.
CREATE TABLE team_chess_results_key (
    event    INTEGER PRIMARY KEY REFERENCES team_event(id) ON DELETE CASCADE,
    key      TEXT NOT NULL,
    creator  TEXT NOT NULL
) WITHOUT ROWID;
