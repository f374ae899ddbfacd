-- FIDE's rating list as last loaded, to look players up by FIDE id or name at registration.
CREATE TABLE rating_list (
    fide_id     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    folded      TEXT NOT NULL,            -- the name in lower case without accents, words joined by blanks
    federation  TEXT NOT NULL DEFAULT '',
    sex         TEXT NOT NULL DEFAULT '',
    title       TEXT NOT NULL DEFAULT '',
    rating      INTEGER,
    birth_date  TEXT NOT NULL DEFAULT '',
    inactive    INTEGER NOT NULL DEFAULT 0
);
-- When and from which file the list was loaded.
CREATE TABLE rating_list_source (
    id        INTEGER PRIMARY KEY CHECK (id = 1),
    file_name TEXT NOT NULL,
    loaded_at TEXT NOT NULL,
    players   INTEGER NOT NULL
);
