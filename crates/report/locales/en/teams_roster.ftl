# Rosters with the federation's data and a competition's roster rules (leagues).
teams-roster-rules = Roster rules
teams-roster-rules-help = Each rule is checked on every lineup (the captain's phone and the arbiter's form); empty or unticked: the rule is off.
teams-rule-max-foreign = Foreign players in a lineup: at most
teams-rule-min-women = Women in a lineup: at least
teams-rule-player-cap = Rating cap per player
teams-rule-sum-cap = Cap on the sum of a lineup's ratings
teams-rule-cap-rating = Rating the caps read
teams-rule-cap-fide = FIDE rating
teams-rule-cap-national = National rating (F, N or E)
teams-rule-one-team-per-round = A player plays a round for one team of the club only
teams-rule-foreign-breach = { $count ->
    [one] 1 foreign player
   *[other] { $count } foreign players
} ({ $players }): at most { $max }
teams-rule-women-breach = { $count ->
    [0] no woman
    [one] 1 woman ({ $players })
   *[other] { $count } women ({ $players })
}: at least { $min }
teams-rule-player-cap-breach = { $player } is rated { $rating }, above the cap of { $cap }
teams-rule-sum-cap-breach = the lineup's ratings add up to { $sum }, above the cap of { $cap }
teams-rule-fielded-breach = { $player } already plays for { $team } in match { $match } of round { $round }
teams-rule-refused = Lineup refused: { $breach }. Correct it and send again: the code still holds.
invalid-roster-rules = Lineup refused: { $found }.
teams-sex-w = W
teams-sex-m = M
teams-national-rating = nat. { $rating } { $kind }
teams-col-sex = Sex
teams-col-national-rating = National
teams-col-licence = Licence
teams-col-club = Club
teams-woman = woman
