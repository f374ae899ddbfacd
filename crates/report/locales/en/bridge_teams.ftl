## Bridge teams of four (issue 24 §1)
bteams-title = Teams of four
bteams-none = No teams event yet.
bteams-new = New teams event
bteams-create = Create the event
bteams-field-name = Name
bteams-field-date = Date
bteams-field-club = Club
bteams-field-format = Format
bteams-field-swiss-rounds = Rounds (Swiss)
bteams-field-scoring = Scoring
bteams-field-boards = Boards a match
bteams-field-bye-vp = VPs for a bye
bteams-field-public = Public pages
bteams-col-rounds = Rounds
bteams-format-round-robin = Round robin
bteams-format-swiss = Swiss teams
bteams-scoring-wbf2013 = IMPs to VPs (WBF 2013 scale)
bteams-scoring-bam = Board-a-match
bteams-scoring-patton = Patton (board-a-match + VPs)
bteams-scoring-cross_imps = Cross-IMPs to VPs (Swiss pairs)
bteams-boards-a-match = { $count ->
    [one] { $count } board a match
   *[other] { $count } boards a match
}
bteams-conflicts = Conflicts to settle
bteams-conflict-text = Round { $round }, match { $match }, { $room }, board { $board }: stored { $kept }; other entry { $from }: { $other }
bteams-keep = Keep the stored result
bteams-take-other = Take the other entry
bteams-provisional = some matches still wait for results; the standings count the finished matches.
bteams-standings = Standings
bteams-no-teams = No team yet.
bteams-col-team = Team
bteams-col-vp = VP
bteams-col-points = Points
bteams-col-imps-won = IMPs won
bteams-col-imps-lost = IMPs lost
bteams-col-quotient = IMP quotient
bteams-col-matches = Matches
bteams-tie-breaks = Ties: the VPs of the matches between the tied teams, then the IMP quotient (IMPs won ÷ IMPs lost).
bteams-cross = Cross table
bteams-cross-legend = Each cell: the row team's score in the match, and the IMPs (for–against).
bteams-rounds = Rounds
bteams-round = Round { $round }
bteams-draw = Draw round { $round }
bteams-draw-waits = Round { $round } can be drawn once every match of the round before is complete: boards are still missing or a conflict is open.
bteams-col-match = Match
bteams-col-home = Home (N-S in the open room)
bteams-col-visit = Visitors (N-S in the closed room)
bteams-col-imps = IMPs
bteams-col-boards-done = Boards in
bteams-bye = bye
bteams-teams = Teams
bteams-col-number = No.
bteams-col-players = Players
bteams-team-form = Enter or change a team
bteams-players-hint = One player a line, 4 to 6 players: the name, then a semicolon and the licence number if known.
bteams-match-open = match in progress
bteams-rooms-hint = Open room: the home team sits North-South; closed room: the visitors sit North-South. Both rooms play the same boards.
bteams-col-board = Board
bteams-col-vul = Vulnerable
bteams-room-open = Open room
bteams-room-closed = Closed room
bteams-col-net = Net (home)
bteams-col-result = Result
bteams-col-score-ns = NS score
bteams-total = Total
bteams-grid-hint = Type the contract, declarer, lead and result (=, +1, -2 or the tricks) of each room. A result someone changed since this page was opened is not overwritten: it waits as a conflict to settle.

# Refusals on the bridge teams pages (the chess wording speaks of players and chessboards).
bridge-refusal-too_few_players = Two teams at least are needed to draw a round.
bridge-refusal-all_rounds_paired = No round left to draw: every scheduled round is drawn, the final is played, or every match the next round could hold would be a rematch.
bridge-refusal-missing_results = The previous round is not over: boards still wait for both rooms' results, or a match is still undecided.
bridge-refusal-event_started = Not possible once the first round is drawn (or the knock-out is drawn).
bridge-refusal-round_closed = This round is closed: the next round is drawn, or the table has moved on and the director enters its boards.
bridge-refusal-round_robin_fixed = A round robin's teams are fixed once its first round is drawn.
bridge-invalid-team-number = A team number expected, following on from the teams already entered (found { $found }).
bridge-invalid-device = A table sends its device ("device"); the director sends what their page showed ("shown"): one of the two is expected.
bteams-hands = Hand records
bteams-deals-file = Deals file (PBN)
bteams-deals-upload = Upload the deals
bteams-deals-hint = Both rooms of every match play the same boards: one file for the whole event (the dealing machine's). Each deal is analysed double dummy (makeable contracts, par); a new file replaces the previous one.
bteams-deals-held-back = { $count ->
    [one] One deal is not shown yet: it will be once every room has played it.
   *[other] { $count } deals are not shown yet: each will be once every room has played it.
}

## Swiss pairs (issue 38 §3): a teams event whose sides are pairs, one table a match.
bteams-format-swiss-pairs = Swiss pairs
bswiss-table = Table { $table }
bswiss-sheets-hint = One A4 page a table: the table fills it in and hands it in signed by both pairs.
bswiss-conflict-text = Round { $round }, table { $match }, board { $board }: stored { $kept }; other entry { $from }: { $other }
bswiss-col-table = Table
bswiss-col-ns = N-S (the higher-ranked pair)
bswiss-col-ew = E-W
bswiss-col-pair = Pair
bswiss-pairs = Pairs
bswiss-pair-form = Enter or change a pair
bswiss-players-hint = Two players, one a line (Name; licence). The pair's name may be left empty: it is then its players' names.
bswiss-at-table = At the table
bswiss-col-net = N-S minus the datum
bswiss-hint = Every table of the round plays the same boards. Each result is compared with the round's datum (Butler IMPs: the field's mean N-S score without the top and bottom ones, to the nearest 10); once every table has played, each match's IMPs become victory points on the WBF scale.
bswiss-export-csv = Export CSV (travellers)

## Tie-breaks (an event's setting) and the Swiss pairs form
bteams-field-tie-break = Tie-breaks
bteams-tie-break-wbf = Head to head, then IMP quotient (WBF)
bteams-tie-break-ebu = Head to head, then opponents' VPs, then IMP difference (EBU)
bteams-tie-breaks-ebu = Ties: the VPs of the match between the tied sides, then their opponents' VPs added up (the EBU's tie-break points), then the IMP difference (IMPs won − IMPs lost).
bteams-tie-breaks-points = Ties: equal points share the place.
bswiss-new = New Swiss pairs event
bswiss-create = Create the Swiss pairs
bswiss-field-boards = Boards a round
bswiss-scoring-butler = Butler IMPs (against the datum) to VPs
