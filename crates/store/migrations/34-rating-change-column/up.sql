-- Issue 36: the standings may show each player's FIDE rating change over the event (B.02), in
-- a column of its own, display only (it breaks no tie); hidden unless the event shows it.
ALTER TABLE event ADD COLUMN rating_change_column INTEGER NOT NULL DEFAULT 0
    CHECK (rating_change_column IN (0, 1));
