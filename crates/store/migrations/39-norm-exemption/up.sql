-- Issue 36: an event's exemption from the federation rules of title norms (FIDE B.01 1.4.3a-c):
-- a national championship, a national team championship, a zonal or sub-zonal tournament;
-- 'none' for the normal foreigner requirement. Chess events and team events alike.
ALTER TABLE event ADD COLUMN norm_exemption TEXT NOT NULL DEFAULT 'none'
    CHECK (norm_exemption IN ('none', 'national_championship', 'national_team_championship', 'zonal'));
ALTER TABLE team_event ADD COLUMN norm_exemption TEXT NOT NULL DEFAULT 'none'
    CHECK (norm_exemption IN ('none', 'national_championship', 'national_team_championship', 'zonal'));
