# Writes input.pbn: seed.pbn (arbiter bridge generate --tables 3 --boards 2 -s 1) with its
# first score table row made 1 MB long by 500,000 extra tokens.
lines = open("seed.pbn").read().split("\n")
row = next(i for i, l in enumerate(lines) if l.startswith("[ScoreTable")) + 1
lines[row] += " 9" * 500_000
open("input.pbn", "w").write("\n".join(lines))
