-- A team event's match points for a match lost by forfeit (the FFE's interclubs give 0 where a
-- loss over the board gives 1). Events made before it score a forfeit as a loss.
ALTER TABLE team_event ADD COLUMN match_forfeit INTEGER NOT NULL DEFAULT 0;
UPDATE team_event SET match_forfeit = match_loss;
