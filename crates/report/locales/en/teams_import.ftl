# Team events: a whole-match forfeit's absent side, and a TRF-2026 team file's played rounds
# brought in with its teams.

# The side of a board whose team did not show (the match forfeited as a whole).
teams-absent-player = Forfeit

# A team file's played round that does not hold together (after "File, line L, column C :").
invalid-team-round-game = each board is one game: the player's opponent is the player on the same board of the opposing team, who names this player back with the opposite result (found "{ $found }").
invalid-team-round-lineup = each team of a match has one player on every board of the match (352) (found { $found } players for the boards).
invalid-team-round-colour = the board's colour (352): the team with White on board 1 has W, B, W, … and its opponent the other colours (found "{ $found }").
invalid-team-round-result = a team board holds a rated result: 1, =, 0, + or - (found "{ $found }").
invalid-team-round-bye = a team without a match has the pairing-allocated bye (U) or is absent (Z or nothing) (found "{ $found }").
invalid-team-round-opponent = all the players of a team face players of one opposing team, which faces this team (found { $found }).
invalid-team-round-count = at most the event's number of rounds (142) are played (found { $found }).
