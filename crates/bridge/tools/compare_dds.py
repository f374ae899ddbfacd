#!/usr/bin/env python3
"""Checks `arbiter bridge analyse` against an independent double-dummy solver.

A developer's tool, never run by CI: it needs the `endplay` package from PyPI (which bundles
its own build of DDS), installed in a virtualenv outside the repository, e.g.

    python3 -m venv /work/witness/venv && /work/witness/venv/bin/pip install endplay
    /work/witness/venv/bin/python crates/bridge/tools/compare_dds.py \
        --arbiter target/release/arbiter --deals 1000 --seed 2024

It deals N random deals (Python's seeded `random`), writes them as a PBN hand record (board
numbers 1..N, dealer and vulnerability from the board number), has endplay compute each
table (20 trick counts) and par (DDS's DealerPar, with that dealer and vulnerability), runs
`arbiter bridge analyse FILE --format json` and compares every cell and every par score.
With --fixture OUT it also writes the first --fixture-deals deals with endplay's tables as
PBN `OptimumResultTable` and par as `OptimumScore` (the test fixture's reference data).
"""
import argparse
import json
import random
import subprocess
import sys
import tempfile
import time

from endplay.dds import calc_all_tables, par
from endplay.types import Deal, Denom, Player, Vul

SEATS = "NESW"
STRAINS = ["C", "D", "H", "S", "NT"]
DENOMS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
PLAYERS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
RANKS = "AKQJT98765432"


def dealer_of(board):
    return SEATS[(board - 1) % 4]


def vulnerability_of(board):
    k = (board - 1) % 16
    return ["None", "NS", "EW", "All"][(k + k // 4) % 4]


VULS = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}


def random_deal(rng):
    cards = [(s, r) for s in range(4) for r in range(13)]
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        mine = cards[13 * h:13 * h + 13]
        suits = []
        for s in range(4):  # spades, hearts, diamonds, clubs
            suits.append("".join(RANKS[r] for r in sorted(r for (t, r) in mine if t == s)))
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def pbn_board(board, deal, extra=""):
    return (f'[Board "{board}"]\n[Dealer "{dealer_of(board)}"]\n'
            f'[Vulnerable "{vulnerability_of(board)}"]\n[Deal "{deal}"]\n{extra}\n')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arbiter", required=True, help="path to the arbiter binary")
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--fixture", help="write a reference PBN with endplay's tables and pars")
    ap.add_argument("--fixture-deals", type=int, default=40)
    a = ap.parse_args()

    rng = random.Random(a.seed)
    deals = [random_deal(rng) for _ in range(a.deals)]
    t0 = time.time()
    # DDS's CalcAllTables takes at most 40 deals (200 tables of a strain) a call.
    tables = []
    for k in range(0, len(deals), 32):
        tables.extend(calc_all_tables([Deal(d) for d in deals[k:k + 32]]))
    expected = []
    for i, table in enumerate(tables):
        board = i + 1
        tricks = {s: {t: table[DENOMS[t], PLAYERS[s]] for t in STRAINS} for s in SEATS}
        p = par(table, VULS[vulnerability_of(board)], PLAYERS[dealer_of(board)])
        expected.append({"board": board, "tricks": tricks, "par": p.score})
    t_endplay = time.time() - t0

    with tempfile.NamedTemporaryFile("w", suffix=".pbn", delete=False) as f:
        f.write("% PBN 2.1\n% EXPORT\n")
        for i, d in enumerate(deals):
            f.write("\n" + pbn_board(i + 1, d))
        path = f.name
    t0 = time.time()
    out = subprocess.run([a.arbiter, "bridge", "analyse", path, "--format", "json"],
                         check=True, capture_output=True, text=True).stdout
    t_arbiter = time.time() - t0
    got = json.loads(out)

    tables_equal = par_equal = cells_equal = 0
    for e, g in zip(expected, got):
        assert e["board"] == g["board"]
        cells = sum(e["tricks"][s][t] == g["tricks"][s][t] for s in SEATS for t in STRAINS)
        cells_equal += cells
        tables_equal += cells == 20
        par_equal += e["par"] == g["par"]["score"]
        if cells != 20 or e["par"] != g["par"]["score"]:
            print(f"board {e['board']}: endplay {e['tricks']} par {e['par']}; "
                  f"arbiter {g['tricks']} par {g['par']}", file=sys.stderr)
    n = len(expected)
    print(f"{n} deals (seed {a.seed}): tables equal {tables_equal}/{n} "
          f"({cells_equal}/{20 * n} cells), par scores equal {par_equal}/{n}")
    print(f"endplay {t_endplay:.1f} s, arbiter (whole process) {t_arbiter:.1f} s")

    if a.fixture:
        with open(a.fixture, "w") as f:
            f.write("% PBN 2.1\n% EXPORT\n")
            f.write(f"% Reference data: {a.fixture_deals} random deals (Python random, seed {a.seed}),\n")
            f.write("% each with the double-dummy table (OptimumResultTable) and par score\n")
            f.write("% (OptimumScore, from North-South's side, with the board's dealer and\n")
            f.write("% vulnerability) computed by the endplay package (PyPI, its own DDS build),\n")
            f.write("% by crates/bridge/tools/compare_dds.py.\n")
            for i in range(min(a.fixture_deals, n)):
                e = expected[i]
                rows = "".join(f"{s} {t:>2} {e['tricks'][s][t]:>2}\n" for s in SEATS for t in STRAINS)
                extra = (f'[OptimumScore "NS {e["par"]}"]\n'
                         '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n' + rows)
                f.write("\n" + pbn_board(i + 1, deals[i], extra))
        print(f"wrote {a.fixture}")
    return 0 if tables_equal == n and par_equal == n else 1


if __name__ == "__main__":
    sys.exit(main())
