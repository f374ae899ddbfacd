-- Issue 23: the women's and veterans' entry fees beside the default, youth and titled ones
-- (cents; NULL: the rule does not apply). Veterans are the FFE's Vet (S65) in the event's
-- season, and its Sep (S50) too when `veteran_sep` is set.
ALTER TABLE entry_settings ADD COLUMN fee_women INTEGER;
ALTER TABLE entry_settings ADD COLUMN fee_veteran INTEGER;
ALTER TABLE entry_settings ADD COLUMN veteran_sep INTEGER NOT NULL DEFAULT 0;
