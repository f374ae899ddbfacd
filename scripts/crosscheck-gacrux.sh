#!/usr/bin/env bash
# Cross-check of arbiter's Dutch checker and generator against Gacrux, FIDE's own open-source
# checker and generator (OttoMilvang/TieBreakServer, MIT, Python 3.8+ with networkx).
#
#   scripts/crosscheck-gacrux.sh GACRUX_DIR [N] [PLAYERS] [ROUNDS] [FIRST]
#
# GACRUX_DIR is a checkout of TieBreakServer (not part of this repository). FIRST (default 0)
# numbers the run's first tournament: Gacrux writes its files FIRST … FIRST + N − 1 (each
# file's seed follows from its number), arbiter uses the seeds FIRST + 1 … FIRST + N, so runs
# with FIRST = 0, N, 2N, … add up to one larger run without repeating a tournament. Both ways:
#  1. Gacrux writes N tournaments; arbiter replays every round (`--dutch FILE -c`) and counts
#     the rounds whose pairing differs from its own.
#  2. arbiter writes N tournaments (`generate --count N`: byes, forfeits, unusual results, its
#     tie-break list); Gacrux's pairingchecker replays them (`-c`, "Check: True" expected) and
#     its tiebreakchecker ranks them by the file's 212 list, which must give the ranks arbiter
#     wrote, in the same order.
# Prints the counts; exits 1 when any file disagrees. Needs `arbiter` on PATH or ARBITER set.
set -euo pipefail
gacrux=${1:?usage: $0 GACRUX_DIR [N] [PLAYERS] [ROUNDS] [FIRST]}
n=${2:-100}
players=${3:-30}
rounds=${4:-7}
first=${5:-0}
arbiter=${ARBITER:-arbiter}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "Gacrux -> arbiter: $n tournaments of $players players, $rounds rounds"
(cd "$gacrux" && python3 tournamentgenerator.py -p "$players" -n "$rounds" \
    -o "$work/g/T%d.trf" -g "$first" "$n" >/dev/null)
g_files=0 g_rounds=0 g_differ=0
for f in "$work"/g/T*.trf; do
    report=$("$arbiter" --dutch "$f" -c 2>/dev/null)
    g_files=$((g_files + 1))
    g_rounds=$((g_rounds + $(grep -c ': Round #' <<<"$report")))
    g_differ=$((g_differ + $(grep -c 'Checker pairings' <<<"$report" || true)))
done
echo "  $g_files files, $g_rounds rounds replayed, $g_differ rounds differ"

echo "arbiter -> Gacrux: $n tournaments of $players players, $rounds rounds"
mkdir -p "$work/a"
printf 'PlayersNumber=%s\nRoundsNumber=%s\nHalfPointByes=3%%\nZeroPointByes=1%%\nForfeitWins=2%%\nForfeitLosses=0.5%%\nUnusualResults=1%%\nTieBreaks=BH/C1,BH,SB\n' \
    "$players" "$rounds" >"$work/a/settings.txt"
"$arbiter" generate "$work/a/settings.txt" -o "$work/a/T%d.trf" --count "$n" -s $((first + 1))
a_files=0 a_refused=0 a_ranks=0
for f in "$work"/a/T*.trf; do
    a_files=$((a_files + 1))
    if ! (cd "$gacrux" && python3 pairingchecker.py -i "$f" -c -dT 2>/dev/null) | grep -q 'Check: True'; then
        a_refused=$((a_refused + 1))
        echo "  pairings refused by Gacrux: $f" >&2
    fi
    # Gacrux's standings by the file's 212 list, in its order (rank, start number): the ranks
    # the file records must never go back along it (players the list leaves level share one).
    if ! (cd "$gacrux" && python3 tiebreakchecker.py -i "$f" -r -dT 2>/dev/null) |
        awk -v file="$f" 'BEGIN { while ((getline l < file) > 0) if (l ~ /^001/)
                                     rank[substr(l, 5, 4) + 0] = substr(l, 86, 4) + 0 }
                          NR > 1 && $2 in rank { if (rank[$2] < last) bad = 1; last = rank[$2]; seen++ }
                          END { exit bad || seen == 0 }'; then
        a_ranks=$((a_ranks + 1))
        echo "  ranks out of Gacrux's standings order: $f" >&2
    fi
done
echo "  $a_files files, $a_refused refused by Gacrux's pairing checker, $a_ranks with other ranks than Gacrux's standings"
[ "$g_differ" -eq 0 ] && [ "$a_refused" -eq 0 ] && [ "$a_ranks" -eq 0 ]
