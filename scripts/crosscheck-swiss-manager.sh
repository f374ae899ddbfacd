#!/usr/bin/env bash
# Cross-check of `arbiter check` on the Swiss-Manager files of the test fixtures against
# bbpPairings, the FIDE-endorsed Dutch engine (BieremaBoyzProgramming/bbpPairings, Apache-2.0).
#
#   scripts/crosscheck-swiss-manager.sh BBP [BBP_2017]
#
# BBP is a bbpPairings executable built from its sources (not part of this repository; `make` in
# a checkout, g++ with C++20): version 6 applies the Dutch rules of 2026, as arbiter does.
# BBP_2017, optional, is one built from tag v5.0.1, which applies the 2017 rules: the versions of
# Swiss-Manager that wrote these files (2024 and 2025) are older than the 2026 rules.
#
# Every Swiss `.TUNX` with results is converted (`arbiter convert --to trf16`) and each of its
# rounds replayed by both checkers (`--dutch FILE -c`): the rounds each finds different from
# Swiss-Manager's pairing are listed, and arbiter's checker must find exactly the rounds and the
# pairings bbpPairings finds. With BBP_2017, the rounds the 2017 rules reproduce are counted too.
# Then both pairers (`--dutch FILE -p`) pair the next round of every Swiss file that has one to
# pair (round 1 of the files of registrations, with White and then Black for player 1), and
# must write the same pairing.
# Prints the figures; exits 1 when arbiter and bbpPairings disagree on any round.
# Needs `arbiter` on PATH or ARBITER set.
set -euo pipefail
bbp=${1:?usage: $0 BBP [BBP_2017]}
bbp2017=${2:-}
arbiter=${ARBITER:-arbiter}
here=$(cd "$(dirname "$0")/.." && pwd)
fixtures=$here/crates/tournament/tests/fixtures/tunx
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The rounds a checker's report says differ, one "FILE ROUND" a line, and their pairings.
differing() { awk -v f="$1" '/: Round #/ { r = $NF } /Checker pairings/ { print f, r }'; }
pairings() { sed -n '/Checker pairings/,/^$/p' | sed 's/[[:space:]]*$//'; }

files=0 rounds=0 sm_differ=0 disagree=0 differ_2017=0
for tunx in "$fixtures"/*.TUNX; do
    name=$(basename "$tunx" .TUNX)
    trf=$work/$name.trf
    "$arbiter" convert --to trf16 -o "$trf" "$tunx" 2>/dev/null || continue
    grep -q '^092 Swiss System' "$trf" || continue
    a=$("$arbiter" --dutch "$trf" -c 2>/dev/null || true)
    n=$(grep -c ': Round #' <<<"$a" || true)
    [ "$n" -gt 0 ] || continue
    b=$("$bbp" --dutch "$trf" -c 2>/dev/null || true)
    files=$((files + 1))
    rounds=$((rounds + n))
    sm_differ=$((sm_differ + $(differing "$name" <<<"$a" | grep -c . || true)))
    if [ "$(differing "$name" <<<"$a")" != "$(differing "$name" <<<"$b")" ] ||
        [ "$(pairings <<<"$a")" != "$(pairings <<<"$b")" ]; then
        disagree=$((disagree + 1))
        echo "  arbiter and bbpPairings disagree on $name:" >&2
        diff <(differing "$name" <<<"$a"; pairings <<<"$a") \
            <(differing "$name" <<<"$b"; pairings <<<"$b") >&2 || true
    fi
    if [ -n "$bbp2017" ]; then
        differ_2017=$((differ_2017 + $("$bbp2017" --dutch "$trf" -c 2>/dev/null | differing "$name" |
            grep -c . || true)))
    fi
    differing "$name" <<<"$a" | sed 's/^/  differs from Swiss-Manager: /'
done
echo "$files Swiss events with results, $rounds rounds replayed"
echo "  arbiter (2026 rules): $((rounds - sm_differ)) rounds equal to Swiss-Manager's, $sm_differ differ"
echo "  arbiter and bbpPairings disagree on $disagree events"
if [ -n "$bbp2017" ]; then
    echo "  bbpPairings 5.0.1 (2017 rules): $((rounds - differ_2017)) rounds equal to Swiss-Manager's, $differ_2017 differ"
fi

paired=0 pair_disagree=0
for tunx in "$fixtures"/*.TUNX; do
    name=$(basename "$tunx" .TUNX)
    trf=$work/$name.trf
    [ -f "$trf" ] && grep -q '^092 Swiss System' "$trf" || continue
    variants=("")
    if ! grep -q '^001.\{90\}.*[0-9] [wb] ' "$trf"; then variants=("XXC white1" "XXC black1"); fi
    for extra in "${variants[@]}"; do
        { cat "$trf"; [ -z "$extra" ] || echo "$extra"; } >"$work/next.trf"
        "$arbiter" --dutch "$work/next.trf" -p "$work/a.out" >/dev/null 2>&1 || continue
        "$bbp" --dutch "$work/next.trf" -p "$work/b.out" >/dev/null 2>&1 || true
        paired=$((paired + 1))
        if ! cmp -s "$work/a.out" "$work/b.out"; then
            pair_disagree=$((pair_disagree + 1))
            echo "  the pairers disagree on the next round of $name $extra" >&2
        fi
    done
done
echo "  next round paired by both pairers in $paired cases, $pair_disagree different"
[ "$disagree" -eq 0 ] && [ "$pair_disagree" -eq 0 ]
