# arbiter — English catalogue

lang-other = Français
nav-events = Events
nav-backup = Backup
nav-logout = Log out
nav-login = Log in
nav-report = Report a result

tab-dashboard = Dashboard
tab-players = Players
tab-pairings = Pairings
tab-standings = Standings
tab-crosstable = Crosstable
tab-alphabetical = Alphabetical list
tab-log = Log
tab-public = Public page

white = White
black = Black
colour-w-short = w
colour-b-short = b
pab = Bye
pairings = Pairings
tiebreaks = Tie-breaks
legend = Legend
print = Print
save = Save
add = Add
remove = Remove
show = Show
undo = Undo the last action
undone = undone

col-event = Event
col-place = Rk
col-dates = Dates
col-system = System
col-rounds = Rounds
col-number = No.
col-name = Name
col-title = Title
col-rating = Rating
col-federation = Fed
col-club = Club
col-points = Pts
col-perf = Perf.
perf-legend = Performance rating, as the TPR tie-break computes it (FIDE C.07 10.2): the average rating of the opponents met over the board, plus the rating difference that the score against them gives (FIDE table 8.1a). Byes, forfeits and unrated opponents do not count. For information only: it breaks no tie.
col-delo = ΔElo
delo-legend = FIDE rating change over the event (B.02 as in force from 1 March 2024, the 400-point rule as amended on 1 October 2025): K × (score − expected score) over the games played over the board against rated opponents, K 10 from 2400, 40 until the end of the year of the 18th birthday under 2300, 20 otherwise. An unrated player's line gives the initial rating the games give (Ru, with two hypothetical draws against 1800). For information only: it breaks no tie, and FIDE's own calculation decides.
col-present = Present
col-status = Status
col-board = Bd
col-round = Round
col-colour = Colour
col-opponent = Opponent
col-result = Result
col-code = Code
col-when = When
col-who = Who
col-action = Action
col-detail = Detail

login-title = Arbiter login
login-submit = Log in
login-failed = Wrong username or password.
login-no-account = No account exists yet: open the setup link the server printed on its terminal when it started.
field-username = Username
field-password = Password

setup-title = Create the first account
setup-intro = Choose the chief arbiter's username and password (at least 8 characters). This link works once.
setup-submit = Create the account
setup-invalid = This setup link is unknown or already used.

events-title = Events
events-new = New event
events-none = No event yet.

event-new-title = New event
event-edit-title = Event settings
event-section-general = Event
event-section-pairing = Pairing
event-section-points = Points
event-section-tiebreaks = Tie-breaks and publishing
event-started-note = Round 1 is paired: the system and the number of rounds can no longer change.
field-event-name = Event name
field-place = Place
field-federation = Federation
field-start-date = Start date
field-end-date = End date
field-chief-arbiter = Chief arbiter
field-deputy-arbiters = Deputy arbiters (one a line)
field-time-control = Time control
field-system = System
field-rounds = Rounds
field-baku = Baku acceleration
field-initial-colour = Colour of no. 1 in round 1
field-bye-limit = Requested half-point byes allowed
field-points-win = Points for a win
field-points-draw = Points for a draw
field-points-loss = Points for a loss
field-points-bye = Points for the pairing-allocated bye
hint-tiebreaks-default = Empty: the usual list (BH/C1, BH, SB for a Swiss; DE, SB, WIN for a round robin)
hint-tiebreaks = Codes separated by commas, in order, as FIDE writes them: BH/C1 (Buchholz Cut-1), BH, SB, DE (direct encounter), WIN, ARO, PS… Leave empty for the usual list of the system.
field-tiebreaks = Tie-breaks (FIDE codes)
field-rules = Rules for unplayed games
field-public = Public pages
field-performance-column = Performance column (Perf.)
hint-performance-column = Shown in the standings after the tie-breaks, for information: it breaks no tie.
field-rating-change-column = Rating change column (ΔElo)
hint-rating-change-column = Shown in the standings after the tie-breaks, for information: each player's FIDE rating change over the event; it breaks no tie.
field-fide-id = FIDE id
field-national-rating = National rating
field-birth-date = Birth date
field-sex = Sex (m/w)
field-licence = Licence number
field-licence-type = Licence type (A/B)
field-league = League
field-rating-kind = National rating kind (F, N, E)
col-age-category = Cat.
col-age-category-title = FFE age category for the event's season
col-licence = Licence
col-national-rating = Nat.
rules-by-date = By the event's date
rules-pre2012 = Before 2012
system-swiss = Swiss
field-swiss-system = Swiss system rules
swiss-system-dutch = Dutch (C.04.3)
swiss-system-burstein = Burstein (C.04.4.2)
swiss-system-dubov = Dubov (C.04.4.1)
swiss-system-lim = Lim (C.04.4.3)
system-round_robin = Round robin
system-double_round_robin = Double round robin
swiss-system-double-swiss = Double-Swiss (C.04.5): matches of two games
hint-double-swiss-rounds = Double-Swiss: each match is two games, so two rounds here (game 1, then game 2 with colours reversed); give an even number of rounds.
round-match-game = Match { $match }, game { $game }
match-results = Match results
col-match = Match
match-game-n = Game { $game }
match-n = Match { $match }
col-match-short = M{ $match }

dash-next = Next step
dash-players = { $count ->
    [one] { $count } player registered
   *[other] { $count } players registered
}
dash-present = { $count } checked in
dash-withdrawn = { $count } withdrawn
dash-rounds = Rounds
dash-settings = Settings
dash-exports = Exports
next-add-players = Register the players
next-enter-results = Enter the results of round { $round }
next-pair-round = Check players in and pair round { $round }
next-final-standings = Final standings

players-title = Registration
players-all-present = All present
players-none-present = None present
players-save-checkin = Save check-in
players-add = Register a player
players-late-entry = The event has started: a new player is a late entry (past rounds count as absences, or as the bye you grant).
players-import = Import a list (CSV or TRF)
players-import-submit = Import
players-import-hint = CSV with a header line in English or French (name, first name, rating, national rating, federation, licence, club…) or a TRF file.
players-imported = { $count ->
    [one] { $count } player imported.
   *[other] { $count } players imported.
}
player-withdrawn-from = Withdrawn from round { $round }
player-edit = Edit the player
player-remove = Delete the entry
player-actions = Arbiter's actions
withdraw = Withdraw
withdraw-from = From round
reinstate = Reinstate
forbidden-title = Forbidden pairs
byes-requested = Requested byes
bye-half = Half-point bye
bye-full = Full-point bye
bye-zero = Absent (zero points)
bye-none = No bye
bye-submit = Save the bye
checkin-link = Check the players in before pairing

round-n = Round { $round }
round-short = R{ $round }
round-not-paired = This round is not paired yet.
round-missing = { $count ->
    [one] { $count } result missing
   *[other] { $count } results missing
}
pair-round = Pair round { $round }
unpair = Take back the pairing
swap-title = Swap two players:
swap = Swap
swap-done = The two players were swapped.
swap-no-objection = The pairing checker has no objection.
swap-objections = The pairing checker objects:

## A round corrected after the next one was paired (issue 34 §3; FIDE C.04.2, 4.3)
stale-title-here = This round was paired before results of earlier rounds were corrected: its pairing rests on the old results.
stale-title-later = Round { $round } was paired before this correction: its pairing rests on the old results.
stale-correction-board = Round { $round }, board { $board } ({ $white } – { $black }): { $was } when paired, { $now } now
stale-correction-bye = Round { $round }, { $player }: { $was } when paired, { $now } now
stale-affected = Players concerned in round { $round } (points before the round, when paired and now):
stale-player-board = { $player }: { $was } → { $now }, board { $board }
stale-player-unpaired = { $player }: { $was } → { $now }, no board in this round
stale-repairable = A correction affects only the pairings still to be made; for a pairing published but not yet played, the arbiter decides (FIDE C.04.2, 4.3). No result of round { $round } is entered: it may still be paired again on the corrected results.
stale-stands = Round { $round } stands as it was published: one of its results is entered (or a later round is paired). A correction affects only the pairings still to be made, and for a pairing already published the arbiter decides (FIDE C.04.2, 4.3): the correction counts from the next pairing on.
stale-repair = Pair round { $round } again
stale-team-correction = Round { $round }, match { $match } ({ $white } – { $black }), board { $board }: { $was } when paired, { $now } now
stale-team-affected = Teams concerned in round { $round }:
stale-team-match = { $team }: match { $match }
stale-team-unpaired = { $team }: no match in this round

## A shared place (issue 34 §3)
place-shared = { $first }-{ $last }=

## The CSV files, as an English spreadsheet reads them (issue 34 §3)
csv-rank = rank
csv-number = number
csv-name = name
csv-title = title
csv-rating = rating
csv-federation = federation
csv-points = points
csv-performance = performance
csv-rating-change = rating change
csv-sex = sex
csv-birth-date = birth date
csv-category = category
csv-club = club
csv-league = league
csv-licence = licence
csv-licence-type = licence type
csv-national-rating = national rating
csv-rating-kind = kind
csv-fide-id = fide id
csv-fide-rating = fide rating
csv-round-opponent = r{ $round } opponent
csv-round-colour = r{ $round } colour
csv-round-result = r{ $round } result
csv-colour-w = w
csv-colour-b = b
csv-entries-number = number
csv-entries-name = name
csv-entries-fide-id = fide_id
csv-entries-licence = licence
csv-entries-federation = federation
csv-entries-club = club
csv-entries-category = category
csv-entries-fee = fee
csv-entries-paid = paid
csv-entries-method = method
csv-entries-outstanding = outstanding

## The arbiter's flow (issue 20 §3)
objection-accept = Accept
objection-accepted = accepted by the arbiter
objection-hint = An objection stays until the pairing no longer raises it or the arbiter accepts it (the acceptance is logged).
objection-title = The pairing checker objects to this board
board-edited = board changed by hand
col-venue = Place
public-find = Find my board:
public-find-submit = Search
public-none-found = Nobody of that name plays this round.
public-where = board { $board }, { $colour }
public-alpha = Players in alphabetical order
public-where-match = board { $board }, { $first } in game 1 and { $second } in game 2
public-white-game-1 = White in game 1
public-black-game-1 = Black in game 1
public-match-hint = Each match is two games on the same board, colours reversed in game 2; both games' results are read from the left-hand player's side.
field-tiebreak-n = Tie-break { $n }
field-tiebreaks-typed = Or typed (FIDE codes)
undo-question = Undo this action? The event goes back to how it was before it (the undo is logged, and can be redone).
undo-confirm = Yes, undo it
redo = Redo: { $action }
log-undone = Action #{ $entry } undone.
log-redone = Action #{ $entry } done again.
log-board = board { $board }
log-from-round = from round { $round }
log-player-gone = player deleted (#{ $id })
log-present = present
log-absent = absent
log-cleared = result cleared
log-count = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
log-objection-rematch = rematch:
log-objection-colour-run = same colour three times:
log-objection-colour-difference = colour difference over two:
log-objection-bye = second bye:
action-redo = Redo
col-pick = Select
col-round-short = R{ $round }
bulk-byes-title = For the selected players:
bulk-byes-none = No bye (present)
bulk-byes-apply = Apply
bulk-byes-hint = Tick players in the first column, choose the round and what to record: one action, logged.
action-set_byes = Byes for several players
restore-done = The database was restored from the backup.
invalid-file = Choose an arbiter backup file first: nothing was restored.
grid-bad = Board { $board }: "{ $found }" is not a result code.
grid-bad-dash = Board { $board }: "-" alone is ambiguous: type -+ (Black wins by forfeit) or -- (double forfeit).
grid-bad-letter = Board { $board }: "{ $found }" is not a result code (a draw is 1/2, ½ or =).
grid-bad-kept = Nothing was saved: correct the marked boards and save again (the other values are kept).

results-save = Save the results
results-hint = Codes: 1-0 (or 1), 0-1 (or 0), 1/2 (or ½, =); forfeits: +- (or +) White wins, -+ Black wins, -- double forfeit; games the arbiter scores otherwise: ½-0 (or =-0), 0-½ (or 0-=), 0-0 (lost by both). Enter moves to the next board.
reported-title = Reported by a player, waiting for confirmation
confirm-reported = { $count ->
    [one] Confirm the reported result
   *[other] Confirm the { $count } reported results
}

standings-after = Standings after round { $round }
standings-start = Starting rank
standings-after-label = After round
crosstable-hint = Each cell: the opponent's rank, colour (w/b), result.

explain-title = Why this colour and float
explain-preference = preference
explain-met = met
explain-not-met = not met
explain-all = Explain every round

backup-title = Backup
backup-download = Download the database
restore-title = Restore
restore-hint = Replaces the whole database with the uploaded file (an arbiter backup). Open sessions will end.
restore-submit = Restore
accounts-title = Arbiter accounts
account-created = Account created.

public-not-started = The event has not started.
public-refresh = This page refreshes every 30 seconds.

report-title = Report a result
report-code = Board code (on the slip on your board)
report-next = Continue
report-hint = The code only enters your own board's result; the arbiter confirms it.
report-confirm-hint = Check who has White, then tap the result; you confirm it on the next screen.
report-already = Already reported: { $result }. A different result will be shown to the arbiter as a disagreement.
report-done = Result { $result } sent to the arbiter. Thank you!
report-another = Report another result
report-game-confirmed = Result confirmed by the arbiter: { $result }.
report-match-hint = Your match is two games on this board, colours reversed in game 2: report each game when it ends. Check who has White, then tap the result; you confirm it on the next screen.

error-back = Back
error-title-not-found = Not found
error-title-forbidden = Refused
error-title-refused = Not possible
error-title-invalid = Wrong value
error-title-rate-limited = Too many attempts
error-title-login = Login required
error-title-bad-request = Bad request
error-title-internal = Internal error
error-not-found = What you are looking for does not exist.
error-csrf = The form has expired or does not come from this application (missing or wrong CSRF token). Reload the page and try again.
error-login-required = Log in first.
error-internal = An internal error occurred; nothing was changed. The details are in the server's log.
error-invalid = Field "{ $field }": expected { $expected }, found { $found }.
error-no-pairing = No valid pairing: { $detail }
error-bad-request = Bad request: { $detail }
error-title-too-large = Too much sent
error-title-busy = Server busy
error-title-disk-full = Disk full
error-too-large = What was sent is larger than this page accepts.
error-method = This address does not take this kind of request.
error-busy = The server is busy: try again in a few seconds.
error-disk-full = The server's disk is full: nothing was saved. Free some space on the database's disk, then try again.
error-malformed-url = The page's address is wrong (a number was expected).
error-malformed-form = The form sent is incomplete or wrong. Reload the page and try again.
error-malformed-json = The request's JSON body cannot be read or is incomplete.
error-malformed-multipart = The file sent could not be read (the upload was cut short or is malformed).
error-malformed-body = The request could not be read (cut short or too slow).
restore-refused-not_sqlite = This file is not an SQLite database: nothing was restored.
restore-refused-not_arbiter = This file is an SQLite database but not an arbiter backup: nothing was restored.
restore-refused-newer_version = This backup comes from a newer arbiter (schema { $found }; this version knows up to schema { $ours }): restore it with that version. Nothing was restored.
restore-refused-missing_object = This file lacks arbiter's { $kind } "{ $name }": nothing was restored.
restore-refused-extra_object = This file has a { $kind } "{ $name }" that arbiter does not make: nothing was restored.
restore-refused-changed_object = In this file, the { $kind } "{ $name }" differs from arbiter's: nothing was restored.
restore-refused-damaged = This file is damaged (its integrity check fails): nothing was restored.
restore-refused-broken_references = In this file, { $rows } row(s) of the table "{ $table }" point to rows that do not exist: nothing was restored.
schema-kind-table = table
schema-kind-index = index
schema-kind-trigger = trigger
schema-kind-view = view
login-restored = The database was restored: log in with an account of the backup.
login-rate-limited = Too many attempts: wait { $seconds } s before trying again.
code-rate-limited = Too many wrong codes: wait { $seconds } s before trying again.
register-rate-limited = Too many registrations sent from here: wait { $seconds } s before trying again.

refusal-missing_results = The previous round still has boards without a result.
refusal-all_rounds_paired = Every round is already paired.
refusal-round_closed = This round is closed: results are in, or the next round is paired.
refusal-wrong_round = That is not the round to pair.
refusal-too_few_players = Too few players checked in to pair.
refusal-bye_limit = This player has used up their requested byes.
refusal-bad_code = This code does not open that board, or its result is already confirmed.
refusal-rate_limited = Too many wrong codes: wait a few minutes.
refusal-not_playing = This player does not play in that round (withdrawn or not yet entered).
refusal-event_started = Not possible once round 1 is paired.
refusal-nothing_to_undo = Nothing to undo.
refusal-login = Wrong username or password, or the account exists.
refusal-round_robin_size = A round robin takes 3 to 24 players.
refusal-round_robin_fixed = A round robin's players and byes are fixed by its table once it has started (a missed game is a forfeit).
refusal-result_confirmed = This board's result is already confirmed by the arbiter.

action-create_event = Event created
action-update_event = Settings changed
action-set_prizes = Prize list
action-add_player = Entry
action-import_players = Players imported
action-update_player = Player edited
action-remove_player = Entry deleted
action-set_present = Check-in
action-set_all_present = Check-in of all
action-withdraw = Withdrawal
action-reinstate = Reinstated
action-set_bye = Bye
action-add_forbidden_pair = Forbidden pair added
action-remove_forbidden_pair = Forbidden pair removed
action-pair = Pairing
action-unpair = Pairing taken back
action-swap = Players swapped
action-accept_objection = Checker objection accepted
action-set_result = Result
action-set_results = Results
action-confirm_reported = Reported results confirmed
action-report = Result reported
action-check_in = Check-in list
action-report_conflict = A different result reported
action-undo = Undo

tb-bh-c1 = Buchholz Cut-1
tb-bh-c2 = Buchholz Cut-2
tb-bh-m1 = Median Buchholz
tb-bh-m2 = Median Buchholz 2
tb-sb-c1 = Sonneborn-Berger Cut-1
tb-aro-c1 = Average rating of opponents Cut-1
tb-bh = Buchholz
tb-sb = Sonneborn-Berger
tb-de = Direct encounter
tb-win = Number of wins
tb-won = Games won over the board
tb-bpg = Games played with Black
tb-bwg = Games won with Black
tb-ps = Progressive score
tb-rep = Rounds elected to play
tb-aro = Average rating of opponents
tb-tpr = Tournament performance rating
tb-ptp = Perfect tournament performance
tb-apro = Average performance of opponents
tb-appo = Average perfect performance of opponents
tb-fb = Fore Buchholz
tb-aob = Average of opponents' Buchholz
tb-ks = Koya
tb-sobh = Sum of opponents' Buchholz
tb-tpn = Pairing number
tb-rtng = Rating
tb-pts = Points
tb-std = Standard points
tbm-c1 = cut the lowest
tbm-c2 = cut the two lowest
tbm-m1 = median (cut the highest and the lowest)
tbm-m2 = median (cut the two highest and the two lowest)

rating-list-title = FIDE rating list
rating-list-upload = Load a list
rating-list-hint = FIDE's monthly download as it comes (the ZIP) or unzipped: the TXT list (players_list_foa.txt, about 100 MB) or the XML list. Each month's list is kept for events longer than a rating period; the newest is the one searched at registration, and players already registered keep their ratings.
rating-list-period = Month of the list
rating-list-period-hint = Left empty: the month the file's name gives (standard_dec26frl.txt), else the current month.
rating-list-periods-title = Lists kept, by rating period
rating-list-col-period = Period
rating-list-col-file = File
rating-list-col-loaded = Loaded
rating-list-col-players = Players
rating-list-submit = Load the list
rating-list-loaded = { $count ->
    [one] { $count } player loaded from the list.
   *[other] { $count } players loaded from the list.
}
rating-list-source = Loaded list:
rating-list-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
rating-list-none = No rating list loaded yet.
rating-list-manage = Load FIDE's rating list
rating-list-back = Back to the registration
rating-list-search-title = Look a player up in FIDE's rating list
rating-list-query = FIDE id or name
rating-list-search = Search
rating-list-no-match = No player of the list matches.
rating-list-inactive = inactive
rating-list-registered = registered
rating-list-more = { $count ->
    [one] Only the first match is shown: type more of the name.
   *[other] Only the first { $count } matches are shown: type more of the name.
}
col-birth = Born
col-sex = Sex

tab-wallchart = Wall chart
wallchart-hint = Each cell: the opponent's number, colour (w/b), result; below, the score after the round.
wall-colours = White / Black
wall-results = win, draw, loss
wall-forfeits = won / lost by forfeit
wall-bye-u = pairing-allocated bye
wall-bye-f = full-point bye
wall-bye-h = half-point bye
wall-bye-z = absent, zero points
export-html = The whole event as a web page (HTML, for a club's website)
export-deputies = Deputy arbiters
export-generated = Published with arbiter on { $date }.

objection-bye = { $player } has already had a bye or a point without playing ({ $article })
objection-rematch = Board { $board }: { $white } and { $black } have already played each other ({ $article })
objection-colour-run = Board { $board }: { $player } would have the same colour three times running ({ $article })
objection-colour-diff = Board { $board }: { $player }'s colour difference would exceed two ({ $article })

# Wrong form values, by field (others fall back to error-invalid).
invalid-name = The name is required (100 characters at most).
invalid-rounds = The number of rounds goes from 1 to 99 (found "{ $found }").
invalid-start-date = The start date is written YYYY-MM-DD (found "{ $found }").
invalid-end-date = The end date is written YYYY-MM-DD (found "{ $found }").
invalid-tiebreaks = Tie-break "{ $found }" is unknown, or does not rank this kind of event. Expected FIDE codes separated by commas (BH/C1, BH, SB, DE, WIN…).
invalid-rules = Expected a rules edition: 2026, 2024, 2012, pre2012 or nothing (found "{ $found }").
invalid-points = Points go from 0 to 10, in tenths (found "{ $found }").
invalid-title = Expected a title: GM, IM, FM, CM, WGM, WIM, WFM, WCM or nothing (found "{ $found }").
invalid-rating = A rating goes from 0 to 3999 (found "{ $found }").
invalid-national-rating = A national rating goes from 0 to 3999 (found "{ $found }").
invalid-federation = A federation is three letters, such as FRA (found "{ $found }").
invalid-sex = Expected m, w or nothing (found "{ $found }").
invalid-fide-id = A FIDE id is a number (found "{ $found }").
invalid-bye-limit = The number of byes allowed is a whole number (found "{ $found }").
invalid-round = No such round in this event (found "{ $found }").
invalid-grid = Board { $board }: expected 1-0 (or 1), 0-1 (or 0), 1/2 (or ½, =), +- (or +), -+, --, ½-0, 0-½ or 0-0 (found "{ $found }").
invalid-result = Expected 1-0, 1/2 or 0-1 (found "{ $found }").
invalid-password = The password needs 8 characters at least.
invalid-rounds-even = A Double-Swiss event takes an even number of rounds: each match is two games (found "{ $found }").

# The Dutch engine's explanation (player card).
explain-bye = odd number of players: the PAB goes to the lowest score possible ({ $score }, C5) among the players who may receive it (C2)
explain-bye-c9 = , then to the one with the fewest unplayed games (C9)
explain-down = left unpaired in the { $bracket } bracket (C6–C8 chose the downfloaters) and paired with { $opponent } ({ $score })
explain-up = paired with { $opponent }, moved down from the { $score } scoregroup
explain-inside = paired inside the { $score } scoregroup
explain-not-taken = { $player } (ranked higher) was not taken because of { $criterion }
# The Burstein, Dubov and Lim engines' explanation (player card); $article is the chapter and
# article of the system's text ("C.04.4.1 5.2.3").
explain-swiss-bye-only = pairing-allocated bye: the only player who may receive it ({ $article })
explain-swiss-bye-legal = pairing-allocated bye: a bye to any player before in the bye order would have left the others without a legal pairing ({ $article })
explain-swiss-bye-score = pairing-allocated bye: the lowest score ({ $score }) among the players who may receive it ({ $article })
explain-swiss-bye-games = pairing-allocated bye: on the lowest score ({ $score }), the most games played ({ $article })
explain-swiss-bye-rating = pairing-allocated bye: the lowest rating in round 1 ({ $article })
explain-swiss-bye-rank = pairing-allocated bye: on the lowest score ({ $score }), the lowest ranking ({ $article })
explain-swiss-bye-fixed = pairing-allocated bye, as the arbiter fixed it ({ $article })
explain-swiss-inside = paired with { $opponent } inside the { $score } scoregroup
explain-swiss-up = floats up to meet { $opponent } ({ $score }) ({ $article })
explain-swiss-down = paired with { $opponent } ({ $score }), who floats up from a lower scoregroup ({ $article })
explain-colour-initial = { $colour }: neither had played, the colour drawn for round 1 and the higher ranked player's number decide ({ $article })
explain-colour-limits = { $colour }: the only allocation within both players' colour limits ({ $article })
explain-colour-both = { $colour }: both players get the colour they are due ({ $article })
explain-colour-stronger = { $colour }: the stronger colour preference is granted ({ $article })
explain-colour-history = { $colour }: alternating from the last round in which the two had different colours ({ $article })
explain-colour-ranking = { $colour }: the preference of the player the rule ranks first ({ $article })
explain-swiss-bye-matches = pairing-allocated bye: on the lowest score ({ $score }), the most matches played ({ $article })
explain-colour-fewer-whites = { $colour }: White goes to the player who has had fewer Whites ({ $article })
explain-colour-game-1 = { $colour } in game 1
explain-passed = not paired with { $player }, the opponent the first candidate pairing of the scoregroup named: { $reason } ({ $article })
explain-passed-bracket = not paired with { $player }, the opponent the first pairing identifier of the bracket named: { $reason } ({ $article })
explain-passed-played = they have already played each other
explain-passed-forbidden = the arbiter forbade this pairing
explain-passed-colours = no colour allocation keeps both players within the colour limits
explain-passed-completion = with that pair the other players could not all be paired
explain-passed-floaters = the choice of floaters put them in different brackets
explain-passed-upfloaters = the choice of upfloaters put them in different brackets
explain-passed-order-burstein = the order of candidate pairings, by the Index (Buchholz, then Sonneborn-Berger), gave another pairing
explain-passed-order-dubov = the White seekers by their opponents' average rating against the Black seekers by pairing number gave another pairing
explain-passed-order-lim = the exchanges gave another opponent
explain-passed-order-double-swiss = a later pairing identifier was the first to meet the criteria
criterion-c1 = C1 (no rematch)
criterion-c3 = C3 (absolute colours)
criterion-c4-c5 = C4/C5 (completion, PAB eligibility and score)
criterion-c6 = C6 (number of downfloaters)
criterion-c7 = C7 (scores of the downfloaters)
criterion-c8 = C8 (pairs in the next bracket)
criterion-c8-scores = C8 (scores paired in the next bracket)
criterion-c9 = C9 (unplayed games of the PAB receiver)
criterion-c10 = C10 (topscorers' colour difference)
criterion-c11 = C11 (topscorers' colour three times in a row)
criterion-c12 = C12 (colour preferences)
criterion-c13 = C13 (strong colour preferences)
criterion-c14 = C14 (repeated downfloat, previous round)
criterion-c15 = C15 (repeated upfloat, previous round)
criterion-c16 = C16 (repeated downfloat, two rounds before)
criterion-c17 = C17 (repeated upfloat, two rounds before)
criterion-c18 = C18 (scores of repeated downfloaters, previous round)
criterion-c19 = C19 (scores of repeated upfloaters' opponents, previous round)
criterion-c20 = C20 (scores of repeated downfloaters, two rounds before)
criterion-c21 = C21 (scores of repeated upfloaters' opponents, two rounds before)
criterion-art-4 = Art. 4 (order of transpositions and exchanges)
criterion-no-criterion = no criterion (a hint for the solver)

# Bridge movements (arbiter bridge movement --format html): the cards of the tables and pairs.
movement-kind-mitchell = Mitchell
movement-kind-arrow-switch = Arrow-switch Mitchell
movement-kind-howell = Howell
movement-kind-three-quarter-howell = Three-quarter Howell
movement-title = { $kind }, { $tables } tables
movement-summary = { $kind }, { $tables } tables, { $rounds } rounds of { $per } ({ $boards } boards in { $sets } sets); { $field }.
movement-boards-one = 1 board
movement-boards-many = { $count ->
    [one] { $count } board
   *[other] { $count } boards
}
movement-field-one = one field (one winner)
movement-field-two = two fields (NS and EW ranked apart)
movement-mitchell = NS pairs 1-{ $tables } stay at their tables; EW pairs { $first }-{ $last } move up one table (from table { $tables } to table 1); boards move down one table.
movement-relay = Relay and bye stand: a bye stand between tables { $a } and { $b } holds one set each round; tables 1 and { $tables } share a set. Boards go from table { $b } to the bye stand, from the bye stand to table { $a }, and from tables 1 and { $tables } to table { $before }.
movement-skip = Skip: after round { $round }, EW pairs move up two tables instead of one.
movement-switch-one = Arrow switch in round { $rounds }: the boards are turned, the EW pairs hold the North-South cards.
movement-switch-many = Arrow switch in rounds { $rounds }: the boards are turned, the EW pairs hold the North-South cards.
movement-stationary-one = Stationary pair { $pairs } (North-South); the other pairs move as their guide cards say.
movement-stationary-many = Stationary pairs { $pairs } (North-South); the other pairs move as their guide cards say.
movement-howell-complete = Every pair meets every other pair once and plays every board once.
movement-howell-three-quarter = Every pair plays every board once and meets no pair twice.
movement-idle-sets = { $count ->
    [one] One set is out of play each round: keep it on a bye stand; the table cards say where it goes next.
   *[other] { $count } sets are out of play each round: keep them on a bye stand; the table cards say where each set goes next.
}
movement-round-shared = Round { $round }: { $tables } share set { $set } (boards { $boards }).
movement-phantom = Pair { $pair } is missing (a half table): its opponents sit out each round.
movement-table-one = table { $table }
movement-tables = tables { $list } and { $last }
movement-rounds = Rounds
movement-table-cards = Table cards
movement-guide-cards = Guide cards
movement-round = Round { $round }
movement-table = Table { $table }
movement-pair = Pair { $pair }
movement-col-table = Table
movement-col-round = Round
movement-col-ns = NS
movement-col-ew = EW
movement-col-boards = Boards
movement-col-next = Boards go to
movement-col-sits = Sits
movement-col-remark = Remark
movement-col-against = Against
movement-note-switch = arrow switch: EW pairs hold the NS cards
movement-note-idle = not in play: boards { $boards }
movement-shared-with = shared with { $tables }
movement-sit-out = sit-out
movement-arrow-switch = arrow switch
movement-end = end
movement-bye-stand-then = bye stand, then { $place } in round { $round }
movement-stays = pair { $pair } stays here (NS)
movement-stationary-at = stationary at table { $table } NS
movement-sits-ns-switched = NS cards (switched)
movement-sits-ew-switched = EW cards (switched)
movement-against = pair { $pair }

# The event as it was right after one action of the log (read only).
state-title = State after action { $entry }
state-link = The event right after this action
state-read-only = Read only: the event as it was right after this action.
state-back = Back to the log
state-no-players = No player yet.
state-no-rounds = No round paired yet.

## Team standings (arbiter standings --teams --format html) and the legend of team tie-breaks
team-standings = Team standings
team-standings-after = Team standings after round { $round }
col-team = Team
col-match-points = MP
col-game-points = GP
tb-abh = Adjusted score (for the opponents' Buchholz)
tb-yug = Yugoslav (opponents with at least 50 %)
tb-kash = Kashdan (4 per win, 2 per draw, 1 per loss)
tb-mp = Match points
tb-gp = Game points
tb-bc = Board count
tb-berlin = Berlin (board-weighted game points)
tb-mpvgp = The other score (game points when ranking on match points, and the reverse)
tb-tbr = Top board results
tb-bbe = Bottom board elimination
tb-emmsb = Extended Sonneborn-Berger: opponent's match points × match points scored
tb-emgsb = Extended Sonneborn-Berger: opponent's match points × game points scored
tb-egmsb = Extended Sonneborn-Berger: opponent's game points × match points scored
tb-eggsb = Extended Sonneborn-Berger: opponent's game points × game points scored
tb-ede = Extended direct encounter
tb-edebt = Extended direct encounter, then board count and top board results
tb-edebb = Extended direct encounter, then board count and bottom board elimination
tb-edet = Extended direct encounter, then top board results
tb-edeb = Extended direct encounter, then bottom board elimination
tb-sssc = Score and strength of schedule combined
tbs-mp = on match points
tbs-gp = on game points

## Two people at once: a form someone else's change made stale, and players' reports that disagree
error-title-conflict = Changed meanwhile
conflict-intro = Someone else changed this since your page was loaded: their change was kept, nothing of it was overwritten.
conflict-nothing = nothing
conflict-board = Board { $board }: you entered { $yours }, but { $stored } was entered meanwhile (your page showed { $shown }). { $stored } stays; enter { $yours } again to replace it.
conflict-pairing = The pairing of round { $round } was changed meanwhile: nothing was swapped. Check the pairing shown here.
conflict-player = { $name } was edited meanwhile (now: { $stored }); nothing was saved. Your values ({ $yours }) are in the form: save again to replace theirs.
conflict-presence = { $name } was marked { $stored } meanwhile; left as it is (you asked for { $yours }).
conflict-present = present
conflict-absent = absent
conflict-withdrawal = { $name } was withdrawn or reinstated meanwhile (now: { $stored }); nothing was changed.
conflict-playing = playing
conflict-bye = { $name }, round { $round }: the bye was changed meanwhile (now: { $stored }); yours ({ $yours }) was not saved.
conflict-no-bye = no bye
conflict-settings = The event's settings were changed meanwhile; nothing was saved. Reload the page to see them, then make your change again.
results-saved = { $count ->
    [one] Result saved: { $count }.
   *[other] Results saved: { $count }.
}
report-conflict-board = Board { $board }: the players reported different results.
report-conflict-keep = Keep { $result }
report-conflict-title = The players reported different results: settle it
report-conflict-hint = Or type the result in the grid.
report-white-is = White
report-black-is = Black
report-white-wins = { $name } (White) wins
report-black-wins = { $name } (Black) wins
report-draw = Draw
report-check = You report: { $result }.
report-send = Send this result
report-change = Change
report-check-hint = Nothing is sent before you tap "Send this result".
report-unchanged = This result was already sent for this board. Thank you!
report-differs = Your result { $result } differs from the one already sent for this board: the arbiter will check with both players.

## Prizes (issue 23)
tab-prizes = Prizes
col-prize = Prize
col-category = Category
col-amount = Amount
col-receives = Receives
prize-general = General
prize-object = object
prize-shared-under = (shared under { $prize })
prize-not-awarded = (not awarded)
prizes-paid = Total paid
field-prize-rule = Tied players
field-prize-list = Prize list
prize-rule-places = Separated by the tie-breaks
prize-rule-shared = Share the prizes of their places equally
prize-rule-hort = Hort system
prize-rule-places-explained = Players tied on points are separated by the tie-breaks; each player wins at most one prize, the larger.
prize-rule-shared-explained = Players tied on points share equally the prizes of the places they occupy; each player wins at most one prize, the larger.
prize-rule-hort-explained = Hort system: of the prizes of the places tied players occupy, half is shared equally and half goes by the tie-break order; each player wins at most one prize, the larger.
prize-legend-lines = First line "prize;category;amount" (or "prix;catégorie;montant"), then one prize a line, in the order a category's prizes are awarded. Amount: 150 or 75.50; empty for an object (the prize's name says which).
prize-legend-category = Category: empty for the general ranking, else one or more conditions joined by "&" (for instance "rating<1600&women"). The French words (elo, féminin, âge, non-classé) are read too; the list kept is written back in English.
prize-legend-write = Written
prize-legend-means = Who may win the prize
prize-legend-rating-below = Rating below { $rating } (unrated players are not)
prize-legend-rating-from = Rating { $rating } or more
prize-legend-women = Women
prize-legend-age = Age on 1 January of the year the event ends: under 18, 50 or more
prize-legend-ffe = The FFE's age categories, one or a range, in the event's season (1 September to 31 August): { $codes }
prize-legend-unrated = Players without a rating
prize-category-ffe = Category { $category }
prize-category-ffe-range = Categories { $first } to { $last }
prizes-invalid = The prize list does not read: { $where } (found { $found }).
## Printed chess documents: the foot of every printed page, board slips, the round-robin table
print-printed = Printed { $date }
print-page = Page
square-table = Round-robin table
square-hint = Each row reads against each column: the result of the player in that row against the player numbered at the top of the column (in a double round robin, both games in round order).
slips-title = Result slips
slips-loopback = The slips print { $address }: that address is this computer itself, the phones cannot open it. Open this page by the address the phones use (this computer's address on the hall's network), or start the server with arbiter serve --public-url followed by that address.
slips-hint = One slip per board, to cut out and put on the board: its code lets the players report the result from a phone. The printed pairing list never shows the codes.
## The rounds' dates and times (issue 20 §2)
round-starts-at = { $weekday } { $date }, { $hour }:{ $minute }
round-starts-on = { $weekday } { $date }
weekday-1 = Monday
weekday-2 = Tuesday
weekday-3 = Wednesday
weekday-4 = Thursday
weekday-5 = Friday
weekday-6 = Saturday
weekday-7 = Sunday
round-start-set = Date and time of the round
field-round-date = Date
field-round-time = Time
schedule-title = Dates and times of the rounds
schedule-hint = Printed on the pairing lists and the public page, and written to the TRF export (132). Leave a date empty for none; the time may be left out.
conflict-round-start = Round { $round }: its date was changed meanwhile (now { $stored }); yours ({ $yours }) was not saved.
conflict-no-date = no date
action-set_round_starts = Date and time of rounds
log-round-start = round { $round }: { $start }
invalid-round-date = Round { $round }: the date is written YYYY-MM-DD, and a time needs a date (found "{ $found }").
invalid-round-time = Round { $round }: the time is written HH:MM, from 00:00 to 23:59 (found "{ $found }").
## Drawing of lots, the last tie-break (issue 20 §3)
tb-lot = Drawing of lots (last; drawn once by the arbiter, recorded in the log)
action-draw_lots = Drawing of lots
lots-draw = Draw lots
lots-hint = The last tie-break: each player gets a lot number, drawn once and recorded in the log; players tied on every other criterion are ranked by it.
log-lot = no. { $number }: lot { $lot }
log-seed = seed { $seed }
## Manual pairing (issue 20 §3)
manual-title = Manual pairing
manual-unpaired = To be paired
manual-waiting = { $count ->
    [one] { $count } checked-in player still has no board: no result can be entered and the next round cannot be paired until each player has a board or the bye.
   *[other] { $count } checked-in players still have no board: no result can be entered and the next round cannot be paired until each player has a board or the bye.
}
manual-break = Break the ticked boards
manual-break-box = Break board { $board }
manual-pair = Pair by hand
manual-paired = The board was added after the others; sort the boards once the pairing is complete.
manual-bye = Give the pairing-allocated bye
manual-bye-given = The pairing-allocated bye was given.
manual-sort = Sort the boards
manual-hint = Tick boards in the list and break them: their players go to the list of players to be paired; pair them by hand, White first. Each board made by hand goes through the pairing checker. Sorting puts the boards in the usual order (the higher player's score, then pairing number).
refusal-unpaired_players = Checked-in players of this round still have no board: pair them (or give the bye) before entering results or pairing the next round.
refusal-match_edited_by_swaps = A Double-Swiss match is changed by swapping players, both games at once: breaking boards and pairing by hand are not available for it.
action-break_boards = Boards broken
action-pair_by_hand = Board paired by hand
action-bye_by_hand = Pairing-allocated bye given by hand
action-sort_boards = Boards sorted
file-cell = File, line { $line }, column { $column }
named-file-cell = { $file }, line { $line }, column { $column }
invalid-birth-date = A birth date is written YYYY/MM/DD, YYYY-MM-DD or DD/MM/YYYY, or the year alone (found "{ $found }").
invalid-deputy-arbiters = Deputy arbiters: one name a line, 100 characters at most, without control characters.
invalid-initial-colour = Expected the initial colour: w (White) or b (Black) (found "{ $found }").
invalid-initial-color = Expected the initial colour: w (White) or b (Black) (found "{ $found }").
invalid-rule = Expected a rule for ties: places, shared or hort (found "{ $found }").
invalid-pick = Choose one player or more.
invalid-black = White and Black must be two different players.
invalid-boards = Choose one or more boards of this round.
invalid-username = A user name is 1 to 64 visible characters (found "{ $found }").
invalid-entry = Expected the number of a log entry (found "{ $found }").
invalid-baku = Baku acceleration goes with the Dutch or the Dubov system, not Lim.
invalid-game = Expected the game of the match: 1 or 2.
invalid-system = Expected a system: swiss, round_robin or double_round_robin (found "{ $found }").

# chess-results.com (issue 35)
export-chess-results = chess-results.com upload file (XML)
publish-chess-results = Publish on chess-results.com
published-chess-results = Published on chess-results.com (tournament { $key }):
publish-chess-results-failed = Not published on chess-results.com: { $reason }
teams-chess-results = Results on chess-results.com
