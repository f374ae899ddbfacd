## Bridge individual sessions: every player partners different players (Whist and Rainbow movements)

bind-title = Individual sessions
bind-none = No individual session yet.
bind-new = New individual session
bind-new-hint = An individual takes four players a table; the movements are offered only for the table counts they exist for. Each player partners different players, and every board is matchpointed across the field.
bridge-invalid-individual-tables = This movement is not offered for { $found } tables: Whist is for 2 to 5 tables, Rainbow for 5 or 7.
bind-boards-per-round = Boards per round
bind-kind-whist = Whist
bind-kind-rainbow = Rainbow
bind-movement-of = { $kind }, { $tables } tables, { $boards ->
    [one] 1 board a round
   *[other] { $boards } boards a round
}
bind-movement-choice = { $kind }, { $tables } tables ({ $players } players, { $rounds } rounds)
bind-tab-session = Session
bind-tab-players = Players
bind-tab-movement = Movement card
bind-tab-ranking = Ranking
bind-codes = Table codes
bind-codes-hint = Each table's phone opens its round with the table's code (at /t): it shows the four players by seat and takes the boards as at a pairs table.
bind-code = Code
bind-conflicts = Conflicts to settle
bind-conflict = Board { $board }, table { $table }, round { $round }: kept { $kept }, another phone sent { $other }. Enter the right result below.
bind-missing = { $count ->
    [0] Every line has a result.
    [one] 1 line without a result.
   *[other] { $count } lines without a result.
}
bind-correct = Enter or correct a line
bind-correct-save = Save the line
bind-correct-hint = The line becomes the director's (the tables can no longer change it) and its conflicts are settled. Contract such as 4S or 3NTX, declarer N, E, S or W, result =, +1 or -2; PASS for a passed-out board.
bind-correct-link = Correct
bind-seat-N = North
bind-seat-E = East
bind-seat-S = South
bind-seat-W = West
bind-players-hint = Players are numbered as the movement numbers them: give each number its player's name (the movement card says where each number sits).
bind-players-save = Save the names
bind-col-place = Place
bind-col-player = Player
bind-col-name = Name
bind-col-percent = Percent
bind-card = Movement card
bind-card-legend = Each cell: North–South / East–West player numbers, and the board played at the table in that round.
bind-ranking = Ranking by player
bind-ranking-partial = Provisional: { $missing } line(s) without a result, { $open } line(s) not yet confirmed or in conflict.
bind-ranking-legend = Matchpoints: 2 for each score beaten on the board, 1 for each tie; each player scores the matchpoints of the side they sat in. Percent: matchpoints over the tops of the boards played.
bind-export-csv = Ranking as CSV
bind-table-hint = North enters each board, East or West confirms it. When the round's boards are confirmed, move as the movement card says.
