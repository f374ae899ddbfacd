# Writes input.xml: a USEBIO file nested 150,000 levels deep (2.2 MB, too large to commit).
DEPTH = 150_000
with open("input.xml", "w") as f:
    f.write('<?xml version="1.0"?>\n<USEBIO Version="3.0">')
    f.write("<EVENT>" * DEPTH + "</EVENT>" * DEPTH + "</USEBIO>\n")
