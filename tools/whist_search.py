#!/usr/bin/env python3
"""Search Z-cyclic whist tournaments Wh(4T) on Z_(4T-1) + {inf}.

A developer's tool (CI never runs it): it printed the starters kept in
crates/bridge/src/individual.rs, whose tests check every property again.
A table (a, b, c, d) seats a North, b East, c South, d West: a-c and b-d are partners.
Conditions (the Z-cyclic whist tournament of the design literature, e.g. Anderson,
"Whist tournaments", Handbook of Combinatorial Designs): the partner differences cover each
of +-1..+-(2T-1) once, the opponent differences each twice.
Run: python3 tools/whist_search.py 2 3 4 5 (seeded: prints the same starters every time).
"""
import random
import sys

INF = -1


def d(x, y, m):
    v = (x - y) % m
    return min(v, m - v)


def whist(t, rng, limit=200_000):
    m = 4 * t - 1
    half = (m - 1) // 2
    seats = 4 * t
    board = [None] * seats
    board[0] = INF
    part = [0] * (half + 1)
    opp = [0] * (half + 1)
    used = [False] * m
    order = list(range(m))
    nodes = [0]

    def pairs_at(pos):
        # the partner and opponents already seated when pos is filled
        table, seat = divmod(pos, 4)
        base = 4 * table
        partner = {0: None, 1: None, 2: base, 3: base + 1}[seat]
        opps = {0: [], 1: [base], 2: [base + 1], 3: [base, base + 2]}[seat]
        return partner, opps

    def go(pos):
        if pos == seats:
            return True
        nodes[0] += 1
        if nodes[0] > limit:
            return False
        partner, opps = pairs_at(pos)
        candidates = order[:]
        rng.shuffle(candidates)
        for x in candidates:
            if used[x]:
                continue
            ok = True
            changed = []
            if partner is not None and board[partner] != INF:
                k = d(x, board[partner], m)
                if k == 0 or part[k] >= 1:
                    ok = False
                else:
                    part[k] += 1
                    changed.append(("p", k))
            if ok:
                for o in opps:
                    if board[o] == INF:
                        continue
                    k = d(x, board[o], m)
                    if k == 0 or opp[k] >= 2:
                        ok = False
                        break
                    opp[k] += 1
                    changed.append(("o", k))
            if ok:
                used[x] = True
                board[pos] = x
                if go(pos + 1):
                    return True
                used[x] = False
                board[pos] = None
            for kind, k in changed:
                (part if kind == "p" else opp)[k] -= 1
        return False

    if go(1):
        return [tuple(board[4 * i:4 * i + 4]) for i in range(t)]
    return None


if __name__ == "__main__":
    for t in map(int, sys.argv[1:]):
        m = 4 * t - 1
        rng = random.Random(t)
        for attempt in range(10_000):
            tables = whist(t, rng)
            if tables is not None:
                print(t, attempt, tables)
                break
