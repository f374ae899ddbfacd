-- What a national federation records of a player beside FIDE's data (issue 23 §2).
ALTER TABLE player ADD COLUMN licence TEXT NOT NULL DEFAULT '';
ALTER TABLE player ADD COLUMN licence_type TEXT NOT NULL DEFAULT '' CHECK (licence_type IN ('', 'A', 'B'));
ALTER TABLE player ADD COLUMN league TEXT NOT NULL DEFAULT '';
-- The kind of national_rating as the FFE marks it: FIDE (F), national (N), estimated (E).
ALTER TABLE player ADD COLUMN national_rating_kind TEXT NOT NULL DEFAULT '' CHECK (national_rating_kind IN ('', 'F', 'N', 'E'));
