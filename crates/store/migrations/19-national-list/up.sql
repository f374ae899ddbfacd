-- A national federation's rating list as last loaded, one per federation (issue 23 §2), to
-- look players up by licence number or name at registration like FIDE's list.
CREATE TABLE national_list (
    federation    TEXT NOT NULL,            -- whose list (FRA)
    licence       TEXT NOT NULL,
    name          TEXT NOT NULL,
    folded        TEXT NOT NULL,            -- the name in lower case without accents, words joined by blanks
    rating        INTEGER,                  -- the national rating
    rating_kind   TEXT NOT NULL DEFAULT '' CHECK (rating_kind IN ('', 'F', 'N', 'E')),
    fide_rating   INTEGER,
    fide_id       INTEGER,
    title         TEXT NOT NULL DEFAULT '',
    player_federation TEXT NOT NULL DEFAULT '',
    club          TEXT NOT NULL DEFAULT '',
    league        TEXT NOT NULL DEFAULT '',
    licence_type  TEXT NOT NULL DEFAULT '' CHECK (licence_type IN ('', 'A', 'B')),
    birth_date    TEXT NOT NULL DEFAULT '',
    sex           TEXT NOT NULL DEFAULT '',
    category      TEXT NOT NULL DEFAULT '',  -- as the list writes it (Pup, SenF…)
    PRIMARY KEY (federation, licence)
);
-- When and from which file each federation's list was loaded.
CREATE TABLE national_list_source (
    federation TEXT PRIMARY KEY,
    file_name  TEXT NOT NULL,
    loaded_at  TEXT NOT NULL,
    players    INTEGER NOT NULL
);
-- Which column of a federation's file holds what (by its header), as the arbiter mapped it
-- once: the next list of that federation loads without asking again.
CREATE TABLE national_list_mapping (
    federation TEXT PRIMARY KEY,
    separator  TEXT NOT NULL DEFAULT '',     -- ';', ',', a tab, or '' to find it from the header
    columns    TEXT NOT NULL                 -- JSON: [["licence", "NrFFE"], ["surname", "Nom"], …]
);
-- The rating a Swiss pairs by (C.04.2 B.2 orders by it): FIDE's (as every event before),
-- the national one, the higher of the two, or FIDE's else the national one.
ALTER TABLE event ADD COLUMN pairing_rating TEXT NOT NULL DEFAULT 'fide'
    CHECK (pairing_rating IN ('fide', 'national', 'higher', 'fide_else_national'));
