-- A round robin's tolerance for the order of a lineup's boards by rating (the FFE's 100 points,
-- A02): a lineup may then leave the roster's order as long as nobody sits below a player rated
-- more than this lower. NULL: lineups follow the roster's order.
ALTER TABLE team_event ADD COLUMN board_order_gap INTEGER;
