-- A cup team's entry round (issue 39 §6): the Coupe de France lets the clubs of the top divisions
-- enter at a later round (the Top 12 in the 32es de finale, Nationale I in the 64es); NULL is
-- round 1. And a cup's board colours: alternating from board 1 (C.04.6 4.4, the default) or the
-- Coupe de France's pattern, one team White on boards 1 and 4 and Black on 2 and 3 (« BNNB »).
ALTER TABLE team ADD COLUMN entry_round INTEGER CHECK (entry_round BETWEEN 1 AND 10);
ALTER TABLE team_cup ADD COLUMN colours TEXT NOT NULL DEFAULT 'alternate'
    CHECK (colours IN ('alternate', 'ffe_cup'));
