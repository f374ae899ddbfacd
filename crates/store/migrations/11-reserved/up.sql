-- Placeholder: migration 11 belongs to another helper's branch (issue 20's work is split by
-- number). Drop this folder when merging: the real 11 takes its place.
SELECT 1;
