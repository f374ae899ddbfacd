# Bridge teams of four: the event page (who sent a conflict's other entry) and a table's phone (issue 24).

# Who sent a conflict's other entry, when it came from a table's phone (the first characters of its id).
bteams-conflict-phone = téléphone { $phone }

# A teams table's phone: its rounds are "tours", as its title says (a pairs table's are "positions").
bteams-round-prev = Tour précédent
bteams-round-next = Tour suivant
