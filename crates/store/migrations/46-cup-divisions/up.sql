-- A cup team's division (1 the highest: Top 12 = 1, Nationale I = 2, …), and the cup setting that
-- gives round 1's byes to the highest divisions present (issue 39 §6, the Coupe de France's 1.2).
ALTER TABLE team ADD COLUMN division INTEGER CHECK (division BETWEEN 1 AND 99);
ALTER TABLE team_cup ADD COLUMN byes TEXT NOT NULL DEFAULT 'seeding' CHECK (byes IN ('seeding', 'division'));
