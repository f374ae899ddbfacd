-- Issue 38 §1: what a bridge club sets once for all its sessions, keyed by the club's name as
-- the sessions write it: the masterpoint scale (bridge::masterpoints::Scale as text:
-- 'acbl-club', 'ebu-club:24', 'table:100 70 50'; '' for none).
CREATE TABLE bridge_club (
    name         TEXT PRIMARY KEY,
    masterpoints TEXT NOT NULL DEFAULT ''
);

-- A teams event names its club, as a pairs session does (the USEBIO file's CLUB).
ALTER TABLE bridge_team_event ADD COLUMN club TEXT NOT NULL DEFAULT '';
