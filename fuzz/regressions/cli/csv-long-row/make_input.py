# Writes input.csv: seed.csv (arbiter bridge generate --tables 3 --boards 2 -s 1 -f csv) with
# its first row repeated on one line to 1 MB (about 400,000 fields).
lines = open("seed.csv").read().split("\n")
lines[1] += ("," + lines[1]) * (1_000_000 // len(lines[1]))
open("input.csv", "w").write("\n".join(lines))
