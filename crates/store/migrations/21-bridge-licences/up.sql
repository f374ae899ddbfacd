-- Issue 24 §4: each player's federation licence number (FFB, EBU, ACBL…), typed on the pairs
-- page or read from the member CSV, carried in the USEBIO export. '' when not known.
ALTER TABLE bridge_pair ADD COLUMN licence1 TEXT NOT NULL DEFAULT '';
ALTER TABLE bridge_pair ADD COLUMN licence2 TEXT NOT NULL DEFAULT '';
