-- Issue 24 §3: club series ("classement cumulé"): a ranking over several pairs sessions by
-- the club's rule. `scoring` is 'percentages' or 'points' (then `points` lists the points
-- for 1st, 2nd…, comma-separated); `best` counts only a player's best N sessions (NULL: all).
CREATE TABLE bridge_series (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    scoring    TEXT NOT NULL DEFAULT 'percentages',
    points     TEXT NOT NULL DEFAULT '',
    best       INTEGER,
    public     INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
);

-- The sessions of a series; a session may belong to several series.
CREATE TABLE bridge_series_session (
    series_id  INTEGER NOT NULL REFERENCES bridge_series(id) ON DELETE CASCADE,
    session_id INTEGER NOT NULL REFERENCES bridge_session(id) ON DELETE CASCADE,
    PRIMARY KEY (series_id, session_id)
);
CREATE INDEX bridge_series_session_by_session ON bridge_series_session(session_id);
