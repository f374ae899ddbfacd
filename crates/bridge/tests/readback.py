"""Reads a USEBIO or a PBN file written by arbiter with readers that share no code with it,
and prints what a federation's importer would take from it, as JSON (tests/federation_files.rs
compares it with arbiter's own ranking).

    python3 readback.py usebio FILE.xml DTD   # lxml: validated against the DTD, then read
    python3 readback.py pbn FILE.pbn          # endplay's PBN parser (PyPI endplay 0.5.12)
"""
import json
import shlex
import sys


def usebio(path, dtd_path):
    from lxml import etree

    dtd = etree.DTD(dtd_path)
    # The file's own DOCTYPE names usebio_v1_2.dtd; the DTD given here is the one checked.
    tree = etree.parse(path, etree.XMLParser(load_dtd=False, no_network=True))
    if not dtd.validate(tree):
        sys.exit("not valid against %s: %s" % (dtd_path, dtd.error_log.filter_from_errors()))
    root = tree.getroot()
    ranking = [
        {
            "place": p.findtext("PLACE"),
            "number": p.findtext("PAIR_NUMBER"),
            "direction": p.findtext("DIRECTION") or "",
            "names": [pl.findtext("PLAYER_NAME") for pl in p.findall("PLAYER")],
            "percentage": p.findtext("PERCENTAGE"),
            "masterpoints": [m.findtext("MASTER_POINTS_AWARDED") for m in p.findall("MASTER_POINTS")],
        }
        for p in root.iter("PAIR")
    ]
    leads = sum(1 for lead in root.iter("LEAD") if (lead.text or "").strip())
    hands = sum(1 for b in root.findall("HANDSET/BOARD") if len(b.findall("HAND")) == 4)
    return {
        "club": root.findtext("CLUB/CLUB_NAME"),
        "club_number": root.findtext("CLUB/CLUB_ID_NUMBER"),
        "ranking": ranking,
        "lines": sum(1 for _ in root.iter("TRAVELLER_LINE")),
        "leads": leads,
        "hands": hands,
    }


def pbn(path):
    from endplay.parsers import pbn as reader

    with open(path, encoding="utf-8") as f:
        boards = reader.load(f)
    ranking, leads, lines, hands, optimum, site = [], 0, 0, 0, 0, None
    for b in boards:
        info = b.info
        site = site or info.get("Site")
        if "OptimumScore" in info:
            optimum += 1
        table = info.get("ScoreTable")
        if table:
            names = [h["name"] for h in table["headers"]]
            for row in table["rows"]:
                lines += 1
                if row[names.index("Lead")] not in ("-", ""):
                    leads += 1
            if sum(len(getattr(b.deal, s)) for s in ("north", "east", "south", "west")) == 52:
                hands += 1
        total = info.get("TotalScoreTable")
        if total:
            names = [h["name"] for h in total["headers"]]
            for row in total["rows"]:
                # endplay 0.5.12 splits a row at every blank, even inside a quoted cell
                # ("Durand A - Dubois B"): the row is split again, quotes kept together.
                cell = dict(zip(names, shlex.split(" ".join(row))))
                ranking.append(
                    {
                        "place": cell["Rank"],
                        "number": cell["PairId"],
                        "direction": cell.get("Direction", ""),
                        "names": [n for n in cell.get("Names", "").split(" - ") if n],
                        "percentage": cell.get("TotalPercentage"),
                    }
                )
    return {
        "site": site,
        "ranking": ranking,
        "lines": lines,
        "leads": leads,
        "hands": hands,
        "optimum": optimum,
    }


if __name__ == "__main__":
    mode = sys.argv[1]
    out = usebio(sys.argv[2], sys.argv[3]) if mode == "usebio" else pbn(sys.argv[2])
    print(json.dumps(out))
