## Simultaneous pairs: other clubs' results of the same deals, ranked over the whole field

bridge-tab-simultaneous = Simultaneous
bridge-sim-title = Simultaneous pairs
bridge-sim-intro = Several clubs play the same deals on the same evening: upload each other club's results (its USEBIO or PBN file) and every board is matchpointed over the whole field, each pair's own club ranking beside it.
bridge-sim-clubs = Clubs in the field
bridge-sim-own-club = { $club } (this session)
bridge-sim-own-club-unnamed = This session
bridge-sim-col-club = Club
bridge-sim-col-file = File
bridge-sim-col-boards = Boards
bridge-sim-col-lines = Results
bridge-sim-remove = Remove
bridge-sim-add = Add a club's results
bridge-sim-club-name = Club name
bridge-sim-file = USEBIO or PBN file
bridge-sim-upload = Upload
bridge-sim-upload-hint = The file's deals are checked against this session's hand record: a file of other deals is refused, naming the board and the hands. Without hand records on both sides, the boards are matched by number only.
bridge-sim-added = { $club }'s results added.
bridge-sim-unchecked = Boards matched by number only (no hand record to compare): { $boards }.
bridge-sim-none = No other club yet: the ranking below is this session's alone.
bridge-sim-ranking = Ranking over the whole field
bridge-sim-col-rank = Place
bridge-sim-col-local = Club place
bridge-sim-col-local-percent = Club %
bridge-sim-pairs = { $pairs ->
    [one] { $pairs } pair
   *[other] { $pairs } pairs
} from { $clubs ->
    [one] { $clubs } club
   *[other] { $clubs } clubs
}
bridge-sim-export-csv = Ranking (CSV)
bridge-action-sim-club-add = Simultaneous: a club's results added
bridge-action-sim-club-remove = Simultaneous: a club's results removed
csv-sim-field = Field
csv-sim-rank = Place
csv-sim-pair = Pair
csv-sim-names = Players
csv-sim-club = Club
csv-sim-total = Points
csv-sim-top = Top
csv-sim-percent = %
csv-sim-boards = Boards
csv-sim-local-rank = Club place
csv-sim-local-percent = Club %
