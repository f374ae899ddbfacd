-- Issue 20: how a Mitchell's East-West pairs are numbered on every page and card: 'through'
-- (8–14 with 7 tables, as the movement numbers them) or 'per-line' (1–7 followed by EW/EO).
ALTER TABLE bridge_session ADD COLUMN pair_numbering TEXT NOT NULL DEFAULT 'through'
    CHECK (pair_numbering IN ('through', 'per-line'));
