-- A Swiss event may be paired by the Double-Swiss system (C.04.5): each match of two games
-- takes two rounds (game 1, then game 2 with colours reversed), as the TRF export writes it.
-- SQLite cannot widen a CHECK in place: the column is copied into a new one with the wider
-- check, dropped, and the new one takes its name.
ALTER TABLE event ADD COLUMN swiss_system_new TEXT NOT NULL DEFAULT 'dutch'
    CHECK (swiss_system_new IN ('dutch', 'dubov', 'lim', 'burstein', 'double-swiss'));
UPDATE event SET swiss_system_new = swiss_system;
ALTER TABLE event DROP COLUMN swiss_system;
ALTER TABLE event RENAME COLUMN swiss_system_new TO swiss_system;
