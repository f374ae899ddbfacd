# Bridge sessions: pages of the director, the tables and the public (keys start with "bridge-").

## Sessions and settings
bridge-sessions = Bridge sessions
bridge-sessions-none = No bridge session yet.
bridge-home-link = Bridge pairs sessions
bridge-new = New session
bridge-create = Create the session
bridge-save = Save
bridge-settings = Settings
bridge-settings-session = Session
bridge-settings-movement = Movement
bridge-settings-scoring = Scoring
bridge-settings-started = Results are in: the tables, the movement and the boards can no longer change.
bridge-field-name = Session name
bridge-field-club = Club
bridge-field-place = Place
bridge-field-date = Date
bridge-field-director = Director
bridge-director-is = Director: { $name }
bridge-field-tables = Tables
bridge-field-movement = Movement
bridge-field-even = Even number of tables (Mitchell)
bridge-field-boards-per-round = Boards per round
bridge-field-phantom = Phantom pair (half table)
bridge-field-scoring = Scoring method
bridge-field-average-plus = Average plus (%)
bridge-field-average = Average (%)
bridge-field-average-minus = Average minus (%)
bridge-field-public = Public results
bridge-field-public-url = Public address printed on the code slips
bridge-field-public-url-hint = The address the phones open, e.g. http://192.168.1.20:8080 (empty: the address this browser uses).
bridge-field-session-average = Average+ is the pair's session percentage when higher (Average− when lower)
bridge-slips-loopback = The slips print { $address }: that address is this computer itself, the phones cannot open it. Set the public address (the laptop's address on the club's network) in the settings:
bridge-field-ns = North-South
bridge-field-ew = East-West
bridge-auto = auto
bridge-none = none
bridge-movement-auto = Suggested from the table count
bridge-suggest = Suggested (one winner):
bridge-suggest-range = { $from }–{ $to } tables: { $movement }
bridge-even-relay = Relay and bye stand
bridge-even-skip = Skip
bridge-scoring-mp2 = Matchpoints (2 per score beaten, EBU/WBF)
bridge-scoring-mp1 = Matchpoints (1 per score beaten, ACBL)
bridge-scoring-ximp = Cross-IMPs
bridge-scoring-ximp-avg = Cross-IMPs (average per comparison)
bridge-scoring-butler = Butler
bridge-delete = Delete the session
bridge-delete-question = Delete this session and all its travellers?
bridge-progress = Entry
bridge-progress-lines = { $entered } of { $expected } lines in
bridge-n-tables = { $count ->
    [one] { $count } table
   *[other] { $count } tables
}
bridge-n-rounds = { $count ->
    [one] { $count } round
   *[other] { $count } rounds
}
bridge-n-boards = { $count ->
    [one] { $count } board
   *[other] { $count } boards
}
bridge-n-per-round = { $count } a round

## Tabs
bridge-tab-session = Session
bridge-tab-pairs = Pairs
bridge-tab-movement = Movement
bridge-tab-grid = Entry grid
bridge-tab-ranking = Ranking
bridge-tab-travellers = Travellers
bridge-tab-cards = Score cards
bridge-tab-public = Public page

## Pairs and deals
bridge-col-pair = Pair
bridge-col-start = Starts
bridge-col-licence = Licence
bridge-col-player1 = Player 1
bridge-col-player2 = Player 2
bridge-phantom = Phantom pair
bridge-pairs-save = Save the pairs
bridge-pairs-hint = Tab from one name to the next; unchanged pairs are not written again.
bridge-pairs-saved = { $count ->
    [0] No pair changed.
    [one] { $count } pair saved.
   *[other] { $count } pairs saved.
}
bridge-pairs-import = Import the pairs (member CSV)
bridge-pairs-import-hint = Columns: number (optional), player 1, player 2, club, licence 1, licence 2 (optional); separated by semicolons, commas or tabs. Without numbers the pairs are filled in order 1, 2, 3…
bridge-pairs-imported = { $count ->
    [one] { $count } pair imported.
   *[other] { $count } pairs imported.
}
bridge-import = Import
bridge-deals = Hand records
bridge-deals-known = { $count ->
    [0] No hand record loaded.
    [one] { $count } hand record loaded.
   *[other] { $count } hand records loaded.
}
bridge-deals-upload = Upload the PBN file of the deals
bridge-deals-loaded = { $count ->
    [one] { $count } deal loaded.
   *[other] { $count } deals loaded.
}

## Movement and table codes
bridge-ns = NS
bridge-ew = EW
bridge-movement-cards = Table cards and guide cards (print)
bridge-movement-legend = Each cell: NS pair–EW pair, and the boards played at the table.
bridge-slips = Table codes (print)
bridge-slips-hint = Cut one slip per table: the table's phone opens the address and types the code.
bridge-slip-open = Open
bridge-slip-code = and type the code

## The director's grid
bridge-col-board = Board
bridge-col-boards = Boards
bridge-col-masterpoints = Masterpoints
bridge-col-round = Round
bridge-col-table = Table
bridge-col-contract = Contract
bridge-col-declarer = Declarer
bridge-col-declarer-short = By
bridge-col-lead = Lead
bridge-col-result = Result
bridge-col-score = Score
bridge-col-score-ns = NS score
bridge-col-score-ew = EW score
bridge-col-status = Status
bridge-col-missing = Missing lines
bridge-col-rank = Place
bridge-col-names = Players
bridge-col-mp = MPs
bridge-col-mp-ns = NS MPs
bridge-col-mp-ew = EW MPs
bridge-col-top = Top
bridge-col-imps = IMPs
bridge-col-line = Line
bridge-col-opponents = Opponents
bridge-status-missing = Missing
bridge-status-entered = Entered by North, to confirm
bridge-status-confirmed = Confirmed
bridge-status-director = Entered by the director
bridge-status-adjusted = Adjusted score
bridge-missing-lines = { $count ->
    [one] { $count } missing line
   *[other] { $count } missing lines
}
bridge-missing-short = { $count } missing
bridge-missing-none = Every line is in.
bridge-grid-hint = Contract: 3NT, 4♠X, 2CXX or P (passed out); declarer N, E, S or W; lead SA (ace of spades), C10 (ten of clubs); tricks =, +1, −2 or the declarer's tricks. Enter saves the line. On a French page, contracts and leads are read in French notation (P C K T SA).
bridge-contract-placeholder = 3NT, 4♠X, P
bridge-clear-line = Clear the line
bridge-edit = Correct
bridge-adjust = Adjusted score
bridge-adjust-kind = Kind
bridge-adjust-artificial = Artificial (average plus/minus, %)
bridge-adjust-assigned = Assigned score
bridge-adjust-weighted = Weighted score
bridge-adjust-split = Split score
bridge-adjust-not-played = Not played
bridge-adjust-score = NS score
bridge-adjust-save = Award
bridge-adjust-hint = Artificial: A+, A=, A− or a percentage for each side; assigned: the NS score (420, −100); weighted: 620@70%;−100@30%; split: NS's score and EW's (from NS's side).
bridge-average-plus-short = A+
bridge-average-short = A=
bridge-average-minus-short = A−
bridge-not-played = Not played
bridge-passed-out = Pass
bridge-conflicts = Entry conflicts
bridge-conflict = conflict
bridge-conflicts-count = { $count ->
    [one] { $count } conflict to settle
   *[other] { $count } conflicts to settle
}
bridge-conflict-kept = Line as stored
bridge-conflict-other = Other entry
bridge-conflict-keep = Keep this one
bridge-conflict-take = Take this one

## Results
bridge-ranking = Ranking
bridge-travellers = Travellers
bridge-cards = Personal score cards
bridge-provisional = Provisional ranking
bridge-ranking-refresh = The page refreshes every 30 seconds.
bridge-all-pairs = All pairs
bridge-dealer = Dealer
bridge-north = North
bridge-east = East
bridge-south = South
bridge-west = West
bridge-vul-none = None vulnerable
bridge-vul-ns = NS vulnerable
bridge-vul-ew = EW vulnerable
bridge-vul-both = All vulnerable
bridge-export-pbn = Export PBN
bridge-export-usebio = Export USEBIO (XML)
bridge-export-html = Session as one HTML page

## The table page
bridge-table-title = Table entry
bridge-table-code = Table code
bridge-table-open = Open
bridge-table-code-hint = The code is printed on the slip on the table.
bridge-round-of = Round { $round }
bridge-round-prev = Previous round
bridge-round-next = Next round
bridge-round-done = Every board of this round is confirmed.
bridge-round-closed = Your table is in round { $round }: the boards left open here are for the director.
bridge-table-left = Board { $board } of round { $round } is left for the director.
bridge-pairs-check = Before the first board: are these the pairs sitting at this table?
bridge-pairs-ok = Yes, these are our pairs
bridge-pairs-wrong = Not your pair numbers? Do not play: call the director.
bridge-sits-out = sit-out
bridge-table-sits-out = No play at this table this round (sit-out).
bridge-level = Level
bridge-strain = Strain
bridge-doubling = Doubled
bridge-lead-suit = Lead suit
bridge-lead-card = Lead card
bridge-enter = Save
bridge-correct = Correct the entry
bridge-confirm = Confirm (East-West)
bridge-confirm-hint = East or West checks the score and confirms.
bridge-table-hint = North enters each board; East or West confirms the score shown.
bridge-table-stored = Board { $board } saved: East or West, check and confirm.
bridge-table-unchanged = Board { $board }: already saved as such.
bridge-table-confirmed = Board { $board } confirmed.
bridge-table-conflict = Board { $board }: your entry differs from the one already saved; both are kept.
bridge-table-conflict-open = Two different entries: the director will decide.
bridge-table-conflict-other = The two entries:
bridge-call-director = Call the director
bridge-call-sent = The director has been called to your table.
bridge-call-open = The director is called to this table.
bridge-calls = Calls from the tables
bridge-call-director-at = Table { $table }, round { $round }: the director is called
bridge-call-not-played-at = Table { $table }, round { $round }: board { $board } not played (NS { $ns } – EW { $ew }): an adjusted score to give
bridge-call-adjust = Give the adjusted score
bridge-call-clear = Done
bridge-table-mark-not-played = Not played
bridge-table-not-played = Board { $board } marked not played: the director will give the score.
bridge-table-not-played-open = Not played: the director will give the score.
bridge-table-played-after-all = Played after all? Enter it
bridge-field-table-results = After a board is confirmed, the table's phone shows its score and percentage
bridge-table-so-far-percent = So far ({ $tables ->
    [one] { $tables } table
   *[other] { $tables } tables
}): NS { $ns } % – EW { $ew } %
bridge-table-so-far-imps = So far ({ $tables ->
    [one] { $tables } table
   *[other] { $tables } tables
}): NS { $ns } IMPs – EW { $ew } IMPs
bridge-table-so-far-alone = The percentage comes once another table has played the board.

## Refusals and wrong values
bridge-refusal-not_this_table = That board is not played at this table in this round.
bridge-refusal-session_started = Not possible once the first line is in (tables, movement, boards).
bridge-refusal-no_such_pair = No such pair number in the movement.
bridge-refusal-bad_code = Unknown table code.
bridge-refusal-result_confirmed = The director has settled this line: ask the director to correct it.
bridge-invalid-usebio = Board { $found } has a weighted or split score, which USEBIO 1.2 cannot hold: it is left out of the file; the PBN export keeps it.
bridge-invalid-contract = Expected a contract: level 1 to 7 and a strain (3NT, 4♠X) or Pass (found { $found }).
bridge-invalid-declarer = Expected a declarer: N, E, S or W (found { $found }).
bridge-invalid-lead = Expected a lead: a card such as ♠A, ♥10 or SA (found { $found }).
bridge-invalid-contract-ambiguous-s = { $found }: S does not read in French notation. Spades or no-trump? Type P (or ♠) for spades, SA for no-trump.
bridge-invalid-contract-ambiguous-h = { $found }: H is English notation. For hearts type C (or ♥).
bridge-invalid-contract-ambiguous-d = { $found }: D is English notation. For diamonds type K (or ♦).
bridge-invalid-lead-ambiguous-s = Lead { $found }: S does not read in French notation. For spades type P (or ♠): PA is the ace of spades.
bridge-invalid-lead-ambiguous-h = Lead { $found }: H is English notation. For hearts type C (or ♥): C10 is the ten of hearts.
bridge-invalid-lead-ambiguous-d = Lead { $found }: D is English notation. For diamonds type K (or ♦): KR is the king of diamonds.
bridge-invalid-result = Expected tricks: =, +1, −2 or the declarer's tricks (found { $found }).
bridge-invalid-tricks = Tricks go from 0 to 13 (found { $found }).
bridge-invalid-tables = The number of tables goes from 3 to 20 depending on the movement (found { $found }).
bridge-invalid-board = Expected a board number (found { $found }).
bridge-invalid-ns = Expected the NS pair's number (found { $found }).
bridge-invalid-ew = Expected the EW pair's number (found { $found }).
bridge-invalid-art-ns = Expected an artificial score for NS: A+, A=, A− or a percentage (found { $found }).
bridge-invalid-art-ew = Expected an artificial score for EW: A+, A=, A− or a percentage (found { $found }).
bridge-invalid-score = Expected an NS score, a multiple of 10 (found { $found }).
bridge-invalid-weighted = Expected a weighted score such as 620@70%;−100@30% (found { $found }).
bridge-invalid-movement = Unknown movement (found { $found }).
bridge-invalid-scoring = Unknown scoring method (found { $found }).
bridge-invalid-split-ns = Expected an NS score, a multiple of 10 (found { $found }).
bridge-invalid-split-ew = Expected an EW score (from NS's side), a multiple of 10 (found { $found }).
bridge-invalid-kind = Unknown kind of adjusted score (found { $found }).
bridge-invalid-round = Expected a round number (found { $found }).
bridge-invalid-date = The date is written YYYY-MM-DD (found { $found }).
bridge-invalid-phantom = Expected the phantom pair's number (found { $found }).
bridge-invalid-boards-per-round = Expected a number of boards per round (found { $found }).
bridge-invalid-even = Expected relay or skip (found { $found }).
bridge-invalid-public-url = Expected an address such as http://192.168.1.20:8080 (found { $found }).
bridge-invalid-number = Expected a pair number (found { $found }).

## A director's form someone else's change made stale
bridge-conflict-line-status = { $status }: { $what }
bridge-conflict-changed-line = Board { $board }, pairs { $ns }–{ $ew }: the line changed meanwhile (now: { $stored }); nothing was written. Check it, then enter yours again if needed.
bridge-conflict-changed-pair = Pair { $number }: renamed meanwhile to { $stored }; yours ({ $yours }) was not saved.
bridge-conflict-changed-settings = The session's settings were changed meanwhile; nothing was saved. Reload the page to see them, then make your change again.

## Hand records analysed (double-dummy tricks and par)
bridge-tab-hands = Hand records
bridge-hand-records = Hand records with double-dummy analysis
bridge-hand-records-none = No hand record loaded: upload the deals' PBN file from the pairs page.
bridge-dd-title = Double-dummy tricks
bridge-dd-makeable = Makeable contracts:
bridge-dd-par = Par:
bridge-dd-none = Double-dummy tricks: not analysed yet.
bridge-analysing = Double-dummy analysis under way: { $solved } of { $deals ->
    [one] { $deals } deal
   *[other] { $deals } deals
} analysed. This page reloads itself.
bridge-analysing-reload = Reload now
bridge-public-held-back = { $count ->
    [one] One board is still being played: it appears here once every table has played it.
   *[other] { $count } boards are still being played: each appears here once every table has played it.
}

## How a Mitchell's East-West pairs are numbered (issue 20)
bridge-field-pair-numbering = East-West pairs numbered
bridge-pair-numbering-through = after North-South (8–14 with 7 tables)
bridge-pair-numbering-per-line = from 1 with EW (1 EW–7 EW with 7 tables)
bridge-invalid-pair-numbering = Expected through or per-line (found { $found }).

## Club series (issue 24 §3)
series-title = Club series
series-none = No series yet.
series-new = New series
series-create = Create the series
series-edit = Rule and sessions
series-delete = Delete the series
series-ranking = Cumulative ranking
series-field-name = Name
series-field-rule = Rule
series-field-scoring = Scoring
series-field-points = Points for 1st, 2nd, 3rd…
series-field-best = Best sessions counted
series-field-public = Public page
series-best-hint = Leave empty to count every session. With points for the place, a place below the last listed scores nothing; tied pairs share the points of the places they cover.
series-scoring-percentages = Sum of percentages
series-scoring-points = Points for the place
series-scoring-points-list = Points for the place: { $points }
series-best-of = { $best ->
    [one] Best session of { $sessions }
   *[other] Best { $best } sessions of { $sessions }
}
series-best-so-far = { $best ->
    [one] The best session counts
   *[other] The best { $best } sessions count
} ({ $sessions ->
    [one] { $sessions } session so far
   *[other] { $sessions } sessions so far
})
series-best-all = Every session counts
series-col-sessions = Sessions
series-col-player = Player
series-col-licence = Licence
series-col-played = Played
series-col-total = Total
series-place-in-session = Place { $place } in the session
series-provisional = some sessions still have results to enter.
series-empty = No results yet: tick the series' sessions below.
series-legend = Each player scores the pair's percentage and place in each session (in the line of a two-winner Mitchell). A player is recognised across sessions by the licence number, or else by the name as typed, regardless of capitals, accents and spaces. Scores in brackets are not among the best counted. Equal totals share the place.
bridge-invalid-best = The number of sessions that count is 1 or more, or nothing for all (found "{ $found }").
bridge-invalid-session = Expected a session number (found "{ $found }").
bridge-invalid-percentage = A percentage goes from 0 to 100 (found "{ $found }").
bridge-invalid-weights = Weights are above 0% and add up to 100% (found "{ $found }").
bridge-neuberg-note = Scored with Neuberg: { $played } results for { $expected } expected.
series-field-average-over = Ranked by average, minimum attendance (sessions)
series-average-hint = Leave empty to rank by the total. With a minimum attendance, players are ranked by the average of the sessions counted; on equal averages, the player with more sessions comes first, then the one with the better best session; players still equal share the place. A player below the minimum attendance is listed at the end, unranked.
series-average-over = { $sessions ->
    [one] by average, at least { $sessions } session
   *[other] by average, at least { $sessions } sessions
}
series-col-average = Average
series-not-ranked = n.r.
bridge-settings-masterpoints = Masterpoints
bridge-masterpoints-hint = The club's scale: every session of the club (by its name) takes it. The EBU's top award is the one its handbook gives for the event's size; the club's table gives the points for 1st, 2nd, 3rd… place.
bridge-field-masterpoints = Scale
bridge-field-masterpoints-top = EBU top award (local points)
bridge-field-masterpoints-table = Points by place
bridge-masterpoints-none = None
bridge-masterpoints-acbl-club = ACBL, open club game
bridge-masterpoints-ebu-club = EBU, local points (club scale)
bridge-masterpoints-table = The club's table
