# Writes input.xml: seed.xml (arbiter bridge generate --tables 3 --boards 2 -s 1, scored as
# USEBIO) with its boards repeated to 1 MB and every line break removed.
text = open("seed.xml").read().replace("\n", "")
head, rest = text.split("<BOARD>", 1)
boards, tail = rest.rsplit("</BOARD>", 1)
boards = "<BOARD>" + boards + "</BOARD>"
open("input.xml", "w").write(head + boards * (1_000_000 // len(boards)) + tail)
