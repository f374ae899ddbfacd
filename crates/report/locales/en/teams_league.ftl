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
