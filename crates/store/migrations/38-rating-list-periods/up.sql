-- Issue 36 §3: every FIDE list loaded is kept with its rating period (the month it is in force),
-- so that an event longer than a period reads each game at the ratings and titles of its month.
-- The `rating_list` table stays the newest list, searched at registration.
CREATE TABLE rating_list_period (
    period    TEXT PRIMARY KEY,            -- YYYY-MM
    file_name TEXT NOT NULL,
    loaded_at TEXT NOT NULL,
    players   INTEGER NOT NULL
);
-- What each player of a period's list held: the rating (NULL for none) and the title.
CREATE TABLE rating_list_history (
    period  TEXT NOT NULL REFERENCES rating_list_period (period) ON DELETE CASCADE,
    fide_id INTEGER NOT NULL,
    rating  INTEGER,
    title   TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (period, fide_id)
) WITHOUT ROWID;
