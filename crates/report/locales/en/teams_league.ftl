# Team leagues as federations run them (scales, board order, rosters' rules).
teams-match-points-help = win/draw/loss, then /forfeit when a forfeit is worth less than a loss: 2/1/0, 3/1/0, 3/2/1/0 (FFE interclubs)
teams-scale-ffe = FFE interclubs (3/2/1/0)
teams-colours-help = Before the first result, White on board 1 may go to { $team } (the home team's choice, or the competition's rule): every player changes colour, the lineups stay.
teams-colours-swap = Swap the colours
teams-lineup-count = Lineup refused: tick { $boards } players, one per board; { $ticked ->
    [0] none is ticked
    [one] only one is ticked
   *[other] { $ticked } are ticked
}. Correct the ticks and send again: the code still holds.
teams-lineup-invalid = Lineup refused: { $found } (expected: { $expected }). Correct it and send again: the code still holds.
teams-field-board-order-gap = Board order: tolerance (points)
teams-field-board-order-gap-help = Empty: the roster's order. 100 (the FFE's 100-point rule): the captain orders the players freely, never placing one below a player rated more than 100 points lower. Round robins only.
teams-lineup-numbered-help = Give { $boards } players their board (1, 2, …); leave it empty for those who do not play.
teams-board-order-breach = { $below } ({ $below_rating }), board { $below_board }, is rated { $difference } points above { $above } ({ $above_rating }), board { $above_board }: { $gap } at most
teams-board-order-refused = Lineup refused: { $breach }. Correct the order and send again: the code still holds.
invalid-board-order = Board order refused: { $found }.
invalid-board-order-gap = Expected a tolerance from 0 to 1000 points, in a round robin (the Swiss Team system keeps the roster's order); found "{ $found }".
teams-col-played = P
teams-col-won = W
teams-col-drawn = D
teams-col-lost = L
teams-col-forfeits-lost = F
teams-col-for = For
teams-col-against = Against
teams-col-difference = Diff.
teams-standings-legend = Rank · MP match points · GP game points (boards won) · P matches played · W won · D drawn · L lost · F lost by forfeit (counted in L) · For, Against: board points scored and conceded · Diff.: their difference.
teams-leg-first = 1st
teams-leg-second = 2nd
teams-crosstable-legs = Two legs: 1st the first leg's match, 2nd the second's.
