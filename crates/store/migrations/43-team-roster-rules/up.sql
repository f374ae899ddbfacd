-- A roster player's federation data (issue 39 §4): sex (the women's rule), licence number and
-- type, national rating and its kind as the FFE marks it (F, N, E), club.
ALTER TABLE team_member ADD COLUMN sex TEXT NOT NULL DEFAULT '' CHECK (sex IN ('', 'm', 'w'));
ALTER TABLE team_member ADD COLUMN licence TEXT NOT NULL DEFAULT '';
ALTER TABLE team_member ADD COLUMN licence_type TEXT NOT NULL DEFAULT '' CHECK (licence_type IN ('', 'A', 'B'));
ALTER TABLE team_member ADD COLUMN national_rating INTEGER CHECK (national_rating BETWEEN 0 AND 3999);
ALTER TABLE team_member ADD COLUMN national_rating_kind TEXT NOT NULL DEFAULT '' CHECK (national_rating_kind IN ('', 'F', 'N', 'E'));
ALTER TABLE team_member ADD COLUMN club TEXT NOT NULL DEFAULT '';
-- The roster rules a competition sets, each off (NULL, 0) by default: at most N foreign players
-- in a lineup, at least N women, a rating cap per player and on the lineup's sum (by the FIDE
-- or the national rating), and no player fielded by two teams of one club in the same round.
ALTER TABLE team_event ADD COLUMN rule_max_foreign INTEGER CHECK (rule_max_foreign BETWEEN 0 AND 16);
ALTER TABLE team_event ADD COLUMN rule_min_women INTEGER CHECK (rule_min_women BETWEEN 0 AND 16);
ALTER TABLE team_event ADD COLUMN rule_player_cap INTEGER CHECK (rule_player_cap BETWEEN 0 AND 3999);
ALTER TABLE team_event ADD COLUMN rule_sum_cap INTEGER CHECK (rule_sum_cap BETWEEN 0 AND 63984);
ALTER TABLE team_event ADD COLUMN rule_cap_rating TEXT NOT NULL DEFAULT 'fide' CHECK (rule_cap_rating IN ('fide', 'national'));
ALTER TABLE team_event ADD COLUMN rule_one_team_per_round INTEGER NOT NULL DEFAULT 0 CHECK (rule_one_team_per_round IN (0, 1));
