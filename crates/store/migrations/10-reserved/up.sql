-- Placeholder: migration 10 belongs to another helper's branch (issue 24's work is split by
-- number). Drop this folder when merging: the real 10 takes its place.
SELECT 1;
