# Bridge teams of four: who sent a conflict's other entry (issue 24).

# Who sent a conflict's other entry, when it came from a table's phone (the first characters of its id).
bteams-conflict-phone = phone { $phone }
