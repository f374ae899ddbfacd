-- Issue 20: the standings show each player's performance rating (TPR) in a column of their
-- own, display only (it breaks no tie); an event may hide it.
ALTER TABLE event ADD COLUMN performance_column INTEGER NOT NULL DEFAULT 1
    CHECK (performance_column IN (0, 1));
