-- Issue 38 §3: a series ranked by the average of the sessions counted (« classement à la
-- moyenne »), a player with fewer than `average_over` sessions listed without a place
-- (NULL: ranked by the total, as before).
ALTER TABLE bridge_series ADD COLUMN average_over INTEGER;
