# Bridge teams of four: the event page (who sent a conflict's other entry) and a table's phone (issue 24).

# Who sent a conflict's other entry, when it came from a table's phone (the first characters of its id).
bteams-conflict-phone = phone { $phone }

# A teams table's phone: its rounds are "tours", as its title says (a pairs table's are "positions").
bteams-round-prev = Previous round
bteams-round-next = Next round
