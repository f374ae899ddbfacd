-- Issue 23 §1: sections. A weekend open is several tournaments (an A open, a B open under
-- 1600, a rapid) sharing one registration desk: a group of events, each event one section.
-- An event outside any group has no `event_section` row and is one tournament as before.
CREATE TABLE event_group (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    place      TEXT NOT NULL DEFAULT '',
    start_date TEXT NOT NULL DEFAULT '',   -- YYYY-MM-DD or empty
    end_date   TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
);

-- An event's place in its group: its label (A, B, Rapide) and the pairing ratings it takes
-- (`rating_from` at least, `rating_under` strictly less; NULL: no limit).
CREATE TABLE event_section (
    event_id     INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
    group_id     INTEGER NOT NULL REFERENCES event_group(id) ON DELETE CASCADE,
    label        TEXT NOT NULL,
    rating_from  INTEGER CHECK (rating_from BETWEEN 0 AND 4000),
    rating_under INTEGER CHECK (rating_under BETWEEN 0 AND 4000),
    UNIQUE (group_id, label)
);
CREATE INDEX event_section_group ON event_section(group_id);
