-- The arbiter's non-standard results of a game played: '1/2-0' (a half point for White, none
-- for Black), '0-1/2' (the reverse) and '0-0' (lost by both).
-- SQLite cannot widen a CHECK in place. Rebuilding `game` (create, copy, drop, rename) would
-- empty it first: with foreign keys on, which they are while migrating, dropping it deletes
-- every `report` of its boards (ON DELETE CASCADE). So, as migration 15 did, only the column is
-- rebuilt: a new one with the wider check, the codes copied, the old one dropped, the new one
-- renamed. The table, its key, its index `game_code` and the foreign keys to and from it stay.
ALTER TABLE game ADD COLUMN result_new TEXT
    CHECK (result_new IN ('1-0', '0-1', '1/2', '1F-0F', '0F-1F', '0F-0F', '1/2-0', '0-1/2', '0-0'));
UPDATE game SET result_new = result;
ALTER TABLE game DROP COLUMN result;
ALTER TABLE game RENAME COLUMN result_new TO result;
