-- Issue 34 §3: a teams table's phone works as a pairs table's. North enters a room's board,
-- East or West confirms it (`confirmed_at`); until then the phone that entered it may correct
-- it. The results entered before this were taken as final: they stand confirmed.
ALTER TABLE bridge_team_result ADD COLUMN confirmed_at TEXT;
UPDATE bridge_team_result SET confirmed_at = updated_at WHERE source = 'table';

-- The rounds a Swiss plays, as announced (0: not said; a round robin's follow from its teams).
ALTER TABLE bridge_team_event ADD COLUMN swiss_rounds INTEGER NOT NULL DEFAULT 0;

-- Who sent a conflict's other entry: 'table' (a phone of the room, `other_device`) or
-- 'director' (the account in `other_device`, from a grid page that was no longer current).
ALTER TABLE bridge_team_conflict ADD COLUMN other_source TEXT NOT NULL DEFAULT 'table';
UPDATE bridge_team_conflict SET other_source = 'director'
    WHERE other_device IN (SELECT username FROM account);
