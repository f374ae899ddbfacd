-- Issue 35: the key chess-results.com gave an event (GETKEY is asked once per tournament: a
-- second key would publish it twice) and the creator id it was asked with.
CREATE TABLE chess_results_key (
    event    INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
    key      TEXT NOT NULL,
    creator  TEXT NOT NULL
) WITHOUT ROWID;
