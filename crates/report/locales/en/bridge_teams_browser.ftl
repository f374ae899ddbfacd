# Bridge teams of four: the event page (who sent a conflict's other entry) and a table's phone (issue 24).

# Who sent a conflict's other entry: the room's table (any of its phones), or the director's account.
bteams-conflict-from-table = from the table
bteams-conflict-from = by { $name }

# A teams table's phone: its rounds are "tours", as its title says (a pairs table's are "positions").
bteams-round-prev = Previous round
bteams-round-next = Next round
