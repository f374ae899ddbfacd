# The phones at a bridge teams event's tables (issue 24 §1): the table page and the table slips.
bphone-table = Match { $match } · { $room }
bphone-round = Round { $round }/{ $rounds }
bphone-ns-team = North-South
bphone-ew-team = East-West
bphone-no-round = The director has not drawn a round yet: reload this page once the round is on the board.
bphone-no-match = No match at this table in round { $round }.
bphone-closed = Your table is in round { $round }: the boards left open here are for the director.
bphone-left = Board { $board } of round { $round } is left for the director.
bphone-done = Every board of this round is confirmed at this table.
bphone-hint = The other room plays the same boards.
bphone-slips = Table codes (print)
bphone-slips-hint = Cut one slip per table: both rooms of a match have their own code. The table's phone opens the address and types the code; it keeps it for every round.
bphone-slips-loopback = The slips print { $address }: that address is this computer itself, the phones cannot open it. Start the server with the laptop's address on the club's network (arbiter serve --public-url).
