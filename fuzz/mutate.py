#!/usr/bin/env python3
"""Mutation fuzzing of the `arbiter` binary: every reader and command, any input.

    python3 fuzz/mutate.py BINARY [--cases N] [--seed S] [--results DIR] [--timeout SEC] [--jobs J]
    python3 fuzz/mutate.py BINARY --replay fuzz/regressions/cli

Seeds come from the repository (examples/, the tests' fixtures and inline samples), from
small samples of ../shared/conformance/ when present, and from files the binary itself writes
(`bridge generate`, `bridge score --format usebio`). Each case takes one seed, mutates it and
runs one command on it, in a fresh temporary directory (outputs never land next to the inputs).

A failure is an exit code outside 0-5, a signal (abort, segfault, out of memory under the
RLIMIT_AS cap), a timeout, or "panicked at" on stderr. Each one is saved under the results
folder (input, command line, stderr). The run prints counts per command and per outcome,
the distinct failures, and ends with "N passed, M failed"; its exit status is 1 on any
failure. Case k depends only on (seed, k), so a run is reproducible and `--only k` replays it.
"""

import argparse
import concurrent.futures
import os
import random
import re
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "conformance"
MAX_INPUT = 4 << 20  # bytes; a mutated input is cut to this
MEMORY_LIMIT = 4 << 30  # RLIMIT_AS of every child
STDERR_KEEP = 4000
LOST = "exit 0, output lost"

TIEBREAKS = [
    "BH/C1,BH,SB", "DE,WIN,BPG,BWG", "ARO,TPR,PTP,APRO,APPO,RTNG", "KS,FB,AOB,PS,REP,STD,TPN",
    "BH/M2,SB/C1,ABH,SOBH,YUG,KASH", "BH/L50,BH/L3.5,DE/P,ARO/U1000,TPR/UP,SB/R,BH/V2024",
    "bh,sb", "MP,GP,BC,BERLIN",
]
TEAM_TIEBREAKS = ["MP,GP,BH:GP,SB:MP", "MPvGP,TBR,BBE,BERLIN,EMMSB", "EDE,EDEBT,SSSC,DE,WIN"]
EDITIONS = ["pre2012", "2012", "2024", "2026"]
CONTRACTS = [
    "3NT N -3", "4H S =", "7NTXX W +0", "1C E 7", "PASS", "6SX N -13", "2D W +2", "5CX E 11",
    "1NT S 13", "7S N =",
]
CONFIG = """# generator settings
PlayersNumber={players}
RoundsNumber={rounds}
DrawPercentage=30
ForfeitRate=5
RetiredRate=2
HalfPointByeRate=3
HighestRating=2600
LowestRating=1200
PointsForWin=1.0
PointsForDraw=0.5
PointsForLoss=0.0
PointsForZPB=0.0
PointsForForfeitLoss=0.0
PointsForPAB=1.0
"""

# Bytes worth inserting: separators, line ends, NUL, a BOM, high and invalid UTF-8, markup.
SPECIAL = [b"\x00", b"\t", b"\r", b"\r\n", b"\n", b"\xff", b"\x80", b"\xc3", b"\xc3\xa9",
           b"\xef\xbb\xbf", b"\xe2\x80\xa8", b" ", b",", b";", b"\"", b"{", b"}", b"[", b"]",
           b"<", b">", b"&", b"&amp;", b"&#0;", b"&#x110000;", b"/", b"\\", b"%", b"-", b"+",
           b"=", b"X", b"XX", b"NT", b"0", b"9", b"@", b"#", b"!", b":", b"'", b"<!--", b"]]>",
           b"<![CDATA[", b"<?xml ?>", b"\x1b", b"\x7f"]
HUGE = [b"0", b"-1", b"-0", b"99", b"100", b"255", b"256", b"65535", b"65536", b"2147483647",
        b"2147483648", b"4294967295", b"4294967296", b"9223372036854775807",
        b"18446744073709551615", b"18446744073709551616", b"99999999999999999999999999999",
        b"1e308", b"0.00000000001", b"99.9", b"999.9", b"1/0", b"NaN", b"-99999"]
WORDS = [b"001", b"012", b"013", b"XXR", b"XXC", b"XXS", b"092", b"192", b"202", b"212",
         b"162", b"042", b"Board", b"ScoreTable", b"TotalScoreTable", b"Contract", b"Result",
         b"Vulnerable", b"Dealer", b"Deal", b"<BOARD>", b"<TRAVELLER_LINE>", b"</EVENT>",
         b"<EVENT>", b"<SESSION>", b"PASS", b"Pass", b"AVE+", b"A60", b"ADJ", b"w", b"b", b"-",
         b"+", b"=", b"H", b"F", b"U", b"Z", b"0000"]


def read(path):
    try:
        return Path(path).read_bytes()
    except OSError:
        return None


def inline_samples(path):
    """The `const NAME: &str = ...;` samples of a Rust test file, decoded."""
    src = read(path)
    if src is None:
        return {}
    out = {}
    for name, body in re.findall(r'const (\w+): &str =\s*(.*?);\n', src.decode(), re.S):
        if body.startswith('r#"'):
            out[name] = body[3:-2].encode()
        elif body.startswith('"'):
            s = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', body, re.S))
            s = re.sub(r"\\\n\s*", "", s)
            try:
                out[name] = s.encode().decode("unicode_escape").encode("latin-1", "replace")
            except (UnicodeDecodeError, UnicodeEncodeError):
                pass
    return out


def collect_seeds(binary, work):
    """Seed texts by kind: trf, pbn, xml, csv, tiebreak, contract, config."""
    seeds = defaultdict(list)

    def add(kind, data):
        if data and len(data) <= MAX_INPUT and data not in seeds[kind]:
            seeds[kind].append(data)

    ext = {".trf": "trf", ".pbn": "pbn", ".xml": "xml", ".usebio": "xml", ".csv": "csv"}
    roots = [REPO / "examples"] + sorted((REPO / "crates").glob("*/tests"))
    for root in roots:
        for p in sorted(root.rglob("*")):
            if p.is_file() and p.suffix.lower() in ext and p.stat().st_size <= 200_000:
                add(ext[p.suffix.lower()], read(p))
    for p in sorted(REPO.glob("crates/tournament/tests/fixtures/fuzz/*")):
        add("trf", read(p))
    # Valid tournaments for the tie-break specs to run on.
    for p in [REPO / "examples/chess/open.trf"] + sorted(
            REPO.glob("crates/tournament/tests/fixtures/valid/*.trf")):
        add("trf_valid", read(p))
    for rs in sorted(REPO.glob("crates/*/tests/*.rs")):
        for name, text in inline_samples(rs).items():
            t = text.lstrip()
            kind = ("xml" if t.startswith(b"<") else "pbn" if t[:1] in (b"[", b"%")
                    else "trf" if re.match(rb"(0[0-9][0-9]|XX[A-Z]) ", t)
                    else "csv" if b"," in t.split(b"\n")[0] else None)
            if kind:
                add(kind, text)
    if SHARED.is_dir():
        # A few small conformance cases: the first ones in name order, so the run is stable.
        for corpus in ("dutch", "dutch-pab"):
            cases = sorted((SHARED / corpus).glob("case_*"))
            small = [c for c in cases[:60] if (c / "input.trf").is_file()
                     and (c / "input.trf").stat().st_size < 12_000][:6]
            for c in small:
                add("trf", read(c / "input.trf"))
                add("trf", read(c / "full.trf"))
        for p in sorted((SHARED / "tiebreak").rglob("*.trf"))[:4]:
            add("trf", read(p))
        for p in sorted((SHARED / "bridge").rglob("*.pbn")):
            data = read(p)
            if data and len(data) < 200_000:
                add("pbn", data)
    # Files the binary writes itself: a USEBIO file exists nowhere else.
    for i, (tables, boards) in enumerate([(3, 4), (2, 2), (4, 3)]):
        pbn, csv, xml = work / f"g{i}.pbn", work / f"g{i}.csv", work / f"g{i}.xml"
        run_quiet([binary, "bridge", "generate", "--tables", str(tables), "--boards",
                   str(boards), "-s", str(i + 1), "-o", pbn])
        run_quiet([binary, "bridge", "generate", "--tables", str(tables), "--boards",
                   str(boards), "-s", str(i + 7), "-f", "csv", "-o", csv])
        run_quiet([binary, "bridge", "score", pbn, "--format", "usebio", "-o", xml])
        for kind, p in (("pbn", pbn), ("csv", csv), ("xml", xml)):
            add(kind, read(p))
    for kind, p in (("pbn", "c.pbn"), ("xml", "c.xml")):
        # The club example carries a weighted score USEBIO cannot hold; PBN takes it.
        run_quiet([binary, "bridge", "score", REPO / "examples/bridge/club_mitchell.csv",
                   "--format", {"pbn": "pbn", "xml": "usebio"}[kind], "-o", work / p])
        add(kind, read(work / p))
    for i, players in enumerate([7, 12]):
        out = work / f"gen{i}.trf"
        run_quiet([binary, "generate", "-s", str(i + 1), "-o", out, work / "cfg"],
                  config=CONFIG.format(players=players, rounds=5))
        add("trf", read(out))
    for t in TIEBREAKS + TEAM_TIEBREAKS:
        add("tiebreak", t.encode())
    for c in CONTRACTS:
        add("contract", c.encode())
    for players, rounds in [(7, 3), (10, 5), (16, 4), (5, 2)]:
        add("config", CONFIG.format(players=players, rounds=rounds).encode())
    # Most fixtures are broken on purpose; mutating an accepted file reaches further, so
    # the seeds the binary accepts are kept apart and drawn more often.
    check = {"trf": ["validate"], "pbn": ["bridge", "score"], "xml": ["bridge", "score"],
             "csv": ["bridge", "score"]}
    for kind, cmd in check.items():
        for i, data in enumerate(seeds[kind]):
            p = work / f"check{i}.{kind}"
            p.write_bytes(data)
            r = subprocess.run([str(binary)] + cmd + [str(p)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=60, check=False)
            if r.returncode == 0:
                seeds["good_" + kind].append(data)
    return seeds


def run_quiet(argv, config=None):
    if config is not None:
        Path(argv[-1]).write_text(config)
    subprocess.run([str(a) for a in argv], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=60, check=False)


# ---------------------------------------------------------------------------- mutations

def lines_of(data):
    return data.split(b"\n")


def copies(wanted, unit):
    """How many copies of `unit` to make: `wanted`, or fewer to stay within MAX_INPUT (a line
    already made 1 MB long, copied 20,000 times, would not fit in memory)."""
    return max(1, min(wanted, MAX_INPUT // (len(unit) + 1)))


def mutate_once(rng, data, kind, seeds):
    """One mutation; returns the new bytes and its name."""
    choices = ["flip", "special", "insert_special", "delete_range", "dup_line", "del_line",
               "swap_lines", "splice", "huge_number", "truncate", "crlf", "word", "repeat_range",
               "tabs", "same_class"]
    weights = [10, 10, 10, 6, 6, 6, 4, 5, 10, 4, 2, 6, 3, 2, 25]
    # Rare and expensive: a very long line, a deep nesting, many lines.
    choices += ["long_line", "deep", "many_lines"]
    weights += [1, 1 if kind in ("xml", "pbn") else 0, 1]
    m = rng.choices(choices, weights)[0]
    n = len(data)
    pos = rng.randrange(n + 1)
    if m == "flip" and n:
        b = bytearray(data)
        b[pos % n] ^= 1 << rng.randrange(8)
        return bytes(b), m
    if m == "special" and n:
        return data[:pos % n] + rng.choice(SPECIAL) + data[pos % n + 1:], m
    if m == "insert_special":
        return data[:pos] + rng.choice(SPECIAL) * rng.choice([1, 1, 2, 5]) + data[pos:], m
    if m == "delete_range" and n:
        end = min(n, pos + rng.choice([1, 2, 5, 20, 100]))
        return data[:pos] + data[end:], m
    if m in ("dup_line", "del_line", "swap_lines"):
        ls = lines_of(data)
        i = rng.randrange(len(ls))
        if m == "dup_line":
            ls[i:i] = [ls[i]] * copies(rng.choice([1, 1, 2, 10]), ls[i])
        elif m == "del_line" and len(ls) > 1:
            del ls[i]
        else:
            j = rng.randrange(len(ls))
            ls[i], ls[j] = ls[j], ls[i]
        return b"\n".join(ls), m
    if m == "splice":
        other = rng.choice(seeds[kind] if rng.random() < 0.8 else
                           [s for k in seeds for s in seeds[k]])
        cut = rng.randrange(len(other) + 1)
        return data[:pos] + other[cut:cut + rng.choice([10, 100, 1000, len(other)])] + \
            data[pos:], m
    if m == "huge_number":
        nums = list(re.finditer(rb"-?[0-9]+(\.[0-9]+)?", data))
        if nums:
            x = rng.choice(nums)
            return data[:x.start()] + rng.choice(HUGE) + data[x.end():], m
        return data[:pos] + rng.choice(HUGE) + data[pos:], m
    if m == "truncate":
        return data[:pos], m
    if m == "crlf":
        return data.replace(b"\n", b"\r\n") if rng.random() < 0.7 else \
            data.replace(b"\n", b"\r"), m
    if m == "word":
        return data[:pos] + rng.choice(WORDS) + data[pos:], m
    if m == "repeat_range" and n:
        end = min(n, pos + rng.choice([1, 4, 16, 80]))
        unit = data[pos:end]
        return data[:pos] + unit * copies(rng.choice([2, 10, 100, 1000]), unit) + data[end:], m
    if m == "same_class" and n:
        # A byte swapped for one of its class keeps fixed columns aligned, so the file
        # still reads and the change reaches pairing and scoring.
        i = pos % n
        for cls in (b"0123456789", b"10=+-HFUZWLD", b"wb-", b"NESW", b"CDHSNX"):
            if data[i] in cls:
                return data[:i] + bytes([rng.choice(cls)]) + data[i + 1:], m
        return data, m
    if m == "tabs":
        return data.replace(b" ", b"\t", rng.choice([1, 3, 100])), m
    if m == "long_line":
        # One line of 100 KB to 1 MB: a field's text repeated, or all lines joined.
        size = rng.choice([100_000, 300_000, 1_000_000])
        if rng.random() < 0.5:
            ls = lines_of(data)
            i = rng.randrange(len(ls))
            unit = ls[i][-40:] or b"x"
            ls[i] = ls[i] + unit * (size // len(unit))
            return b"\n".join(ls), m
        return data.replace(b"\n", b" ").replace(b"\r", b"")[:size], m
    if m == "deep":
        depth = rng.choice([1_000, 20_000, 150_000])
        if kind == "xml":
            tag = rng.choice([b"<a>", b"<BOARD>", b"<EVENT>", b"<x y='1'>"])
            close = b"</" + tag[1:].split(b" ")[0].rstrip(b">") + b">"
            nest = tag * depth + (close * depth if rng.random() < 0.7 else b"")
        else:
            nest = b"{" * depth + b"}" * depth if rng.random() < 0.5 else b"[" * depth
        return data[:pos] + nest + data[pos:], m
    if m == "many_lines":
        ls = lines_of(data)
        i = rng.randrange(len(ls))
        ls[i:i] = [ls[i]] * copies(rng.choice([1_000, 20_000]), ls[i])
        return b"\n".join(ls), m
    return data, "none"


def mutate(rng, data, kind, seeds):
    names = []
    if rng.random() < 0.05:
        return data, ["none"]
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 5])):
        data, name = mutate_once(rng, data, kind, seeds)
        names.append(name)
        if len(data) > MAX_INPUT:
            data = data[:MAX_INPUT]
    return data, names


def mutate_text(rng, text, kind, seeds):
    """A command-line argument: mutated like a file, then made a valid argument (no NUL)."""
    data, names = mutate(rng, text.encode(), kind, seeds)
    data = data[:2000].replace(b"\x00", b"")
    return os.fsdecode(data), names


# ---------------------------------------------------------------------------- commands

def trf_commands():
    """(name, argv builder) per command that reads a TRF file `IN`."""
    def c(name, *args):
        return name, lambda rng: list(args)
    return [
        c("validate", "validate", "IN"),
        c("validate --latin1", "validate", "--latin1", "IN"),
        c("convert trf16", "convert", "IN", "--to", "trf16", "-o", "out.trf"),
        c("convert trf26", "convert", "IN", "--to", "trf26"),
        c("pair", "pair", "IN"),
        c("pair --explain", "pair", "IN", "--explain", "-o", "out.txt"),
        ("pair --round-robin", lambda rng: ["pair", "IN", "--round-robin",
                                            str(rng.choice([2, 4, 6, 7, 8, 10, 12]))]
         + (["--double"] if rng.random() < 0.3 else [])),
        c("check", "check", "IN"),
        ("standings", lambda rng: ["standings", "IN", "-t", rng.choice(TIEBREAKS),
                                   "--rules", rng.choice(EDITIONS),
                                   "-f", rng.choice(["text", "csv", "json", "html"])]
         + rng.choice([[], ["--swiss"], ["--round-robin"], ["--unrated", "P"],
                       ["--unrated", "1000"]])),
        ("standings --teams", lambda rng: ["standings", "IN", "--teams", "-t",
                                           rng.choice(TEAM_TIEBREAKS), "--primary",
                                           rng.choice(["mp", "gp"]),
                                           "-f", rng.choice(["text", "json"])]),
        ("crosstable", lambda rng: ["crosstable", "IN", "-f",
                                    rng.choice(["text", "csv", "json", "html"]),
                                    "--rules", rng.choice(EDITIONS)]),
        c("--dutch -p", "--dutch", "IN", "-p", "out.txt"),
        c("--dutch -p -l", "--dutch", "IN", "-p", "out.txt", "-l", "out.list"),
        c("--dutch -c", "--dutch", "IN", "-c", "-l", "out.list"),
        c("generate --model", "generate", "--model", "IN", "-o", "out.trf", "-s", "3"),
    ]


def bridge_commands():
    def score(rng):
        argv = ["bridge", "score", "IN", "-f",
                rng.choice(["text", "csv", "json", "html", "pbn", "usebio"])]
        method = rng.choice(["mp", "mp", "cross-imps", "cross-imps-total", "butler"])
        argv += ["--method", method]
        if method == "mp":
            argv += rng.choice([[], ["--scale", "1"], ["--field", "two"], ["--fouled", "acbl"],
                                ["--expected", "lines"], ["--session-average"]])
        if method == "butler":
            argv += ["--datum", rng.choice(["trimmed", "mean"])]
        if rng.random() < 0.5:
            argv += ["-o", "out.txt"]
        return argv
    return [("bridge score", score)]


def kind_commands():
    cmds = []
    for name, build in trf_commands():
        cmds.append(("trf", name, build))
    for kind in ("pbn", "xml", "csv"):
        for name, build in bridge_commands():
            cmds.append((kind, f"{name} {kind}", build))
    cmds.append(("tiebreak", "standings -t SPEC", None))
    cmds.append(("tiebreak", "crosstable -t SPEC", None))
    cmds.append(("contract", "bridge contract-score", None))
    cmds.append(("config", "generate CONFIG", None))
    cmds.append(("config", "--dutch -g CONFIG", None))
    cmds.append(("help", "--help", None))
    cmds.append(("help", "bridge generate", None))
    return cmds


def bridge_generate(rng):
    """`bridge generate` with sizes mostly small, sometimes at or past the limits."""
    def size(small, big):
        return str(rng.choice(small) if rng.random() < 0.9 else rng.choice(big))
    argv = ["bridge", "generate", "--tables", size([1, 2, 3, 7, 13], [0, 1000, 30000, 100000,
                                                                      4294967295]),
            "--boards", size([1, 2, 4, 27, 36], [0, 1000, 10000, 4294967295]),
            "-s", str(rng.choice([0, 1, 2, 18446744073709551615])),
            "-f", rng.choice(["pbn", "csv"])]
    return argv + (["-o", "out.txt"] if rng.random() < 0.8 else [])


HELP = [["--help"], ["--version"], ["--dutch", "--help"], ["-h"], ["pair", "--help"],
        ["check", "--help"], ["generate", "--help"], ["standings", "--help"],
        ["crosstable", "-h"], ["convert", "--help"], ["validate", "--help"], ["bridge", "--help"],
        ["bridge", "score", "--help"], ["bridge", "contract-score", "--help"],
        ["bridge", "generate", "--help"], ["help"], ["--dutch"], []]


def build_case(index, args, seeds):
    """Everything about case `index`: (command name, kind, input bytes, argv, mutations)."""
    rng = random.Random(f"{args.seed}:{index}")
    cmds = kind_commands()
    kind, name, build = cmds[index % len(cmds)]
    if name == "bridge generate":
        argv = bridge_generate(rng)
        muts = ["stdout=/dev/full"] if rng.random() < 0.05 else []
        return name, kind, None, argv, muts
    if kind == "help":
        # Help and usage texts, mostly into a full disk or a closed pipe.
        muts = [rng.choice(["stdout=/dev/full", "stdout=closed pipe", "stdout=file"])]
        return name, kind, None, list(rng.choice(HELP)), muts
    good = seeds.get("good_" + kind)
    pool = good if good and rng.random() < 0.75 else seeds[kind]
    if name == "standings --teams":
        pool = [s for s in pool if b"\n013 " in s] or pool
    seed = rng.choice(pool)
    if kind in ("tiebreak", "contract"):
        text, muts = mutate_text(rng, seed.decode(), kind, seeds)
        # A valid tournament to apply the spec to.
        data = rng.choice(seeds["trf_valid"])
        if kind == "tiebreak":
            sub = name.split()[0]
            argv = [sub, "IN", "-t", text] + (["--rules", rng.choice(EDITIONS)]
                                               if rng.random() < 0.5 else [])
        else:
            argv = ["bridge", "contract-score"] + text.split(" ") + \
                rng.choice([["--board", str(rng.choice([1, 4, 16, 0, 4294967295]))],
                            ["--vul", rng.choice(["none", "ns", "ew", "all", "b", ""])], []]) + \
                (["-f", "json"] if rng.random() < 0.3 else [])
            data = None
        return name, kind, data, argv, muts
    data, muts = mutate(rng, seed, kind, seeds)
    if kind == "config":
        argv = (["generate", "IN", "-o", "out.trf", "-s", str(rng.randrange(1000))]
                if name.startswith("generate") else
                ["--dutch", "-g", "IN", "-o", "out.trf", "-s", str(rng.randrange(1000))])
    else:
        argv = build(rng)
    if name == "pair --round-robin" and rng.random() < 0.7:
        # The table must have as many players as the file to pair from it.
        argv[3] = str(len(re.findall(rb"(?m)^001", seed)))
    # Sometimes the output goes to a full disk or a closed pipe (`| head -0`): write errors
    # are errors, not panics.
    sink = rng.random()
    if sink < 0.03:
        muts.append("stdout=/dev/full")
    elif sink < 0.05:
        muts.append("stdout=closed pipe")
    return name, kind, data, argv, muts


EXT = {"trf": ".trf", "pbn": ".pbn", "xml": ".xml", "csv": ".csv", "config": ".properties",
       "tiebreak": ".trf", "contract": ".txt", "help": ".txt"}


def limit_children():
    """Caps this process, so every child inherits the caps: set once here rather than in a
    preexec_fn, which is not safe with the worker threads."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def run_case(index, args, seeds):
    name, kind, data, argv, muts = build_case(index, args, seeds)
    with tempfile.TemporaryDirectory(prefix="arbiter-fuzz-") as tmp:
        tmp = Path(tmp)
        infile = tmp / ("input" + EXT[kind])
        if data is not None:
            infile.write_bytes(data)
        full = [str(args.binary)] + [str(infile) if a == "IN" else a for a in argv]
        full_stdout = "stdout=/dev/full" in muts
        closed_pipe = "stdout=closed pipe" in muts
        if full_stdout:
            out = open("/dev/full", "wb")
        elif closed_pipe:
            read_end, write_end = os.pipe()
            os.close(read_end)
            out = os.fdopen(write_end, "wb")
        else:
            out = open(tmp / "stdout", "wb")
        err_path = tmp / "stderr"
        with out, open(err_path, "wb") as err:
            proc = subprocess.Popen(full, cwd=tmp, stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=err, start_new_session=True)
            try:
                code = proc.wait(timeout=args.timeout)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                code = None
        with open(err_path, "rb") as f:
            stderr = f.read(200_000)
        outcome = classify(code, stderr)
        if outcome is not None:
            pass
        elif code == 0 and full_stdout and has_output(full, tmp, args.timeout):
            # Success reported while the output went nowhere: not a crash, so not counted
            # as a failure, but listed (issue 14: "--help > /dev/full must not report success").
            outcome = LOST
        else:
            return name, f"exit {code}", None
        m = re.search(rb"panicked at ([^\n]*)", stderr)
        where = m.group(1).decode(errors="replace") if m else ""
        if b"memory allocation" in stderr:
            where = "memory allocation failed"
        elif b"overflowed its stack" in stderr:
            where = "stack overflow"
        sink = " > /dev/full" if full_stdout else " | true" if closed_pipe else ""
        saved = save_failure(args, index, name, outcome, infile if data is not None else None,
                             full, stderr, muts, sink)
        return name, outcome, (where, saved)


def classify(code, stderr):
    """The outcome of one run; None when it is not a failure."""
    if code is None:
        return "timeout"
    if code < 0:
        return "signal " + signal.Signals(-code).name
    if b"panicked at" in stderr:
        return f"panic (exit {code})"
    if code > 5:
        return f"exit {code}"
    return None


def replay(args):
    """Runs the first line of every `command.txt` under args.replay through a shell, in a
    copy of its folder, with `arbiter` replaced by the binary; `make_input.py` there, when
    present, writes a large input first."""
    cases = sorted(p.parent for p in args.replay.rglob("command.txt"))
    failed = 0
    for case in cases:
        with tempfile.TemporaryDirectory(prefix="arbiter-replay-") as tmp:
            shutil.copytree(case, tmp, dirs_exist_ok=True)
            if (Path(tmp) / "make_input.py").is_file():
                subprocess.run([sys.executable, "make_input.py"], cwd=tmp, check=True)
            lines = (case / "command.txt").read_text().splitlines()
            line = lines[0]
            # "# timeout: SEC" on a later line: a case that is only too slow.
            limits = [float(m.group(1)) for m in
                      (re.match(r"# timeout: ([0-9.]+)", x) for x in lines) if m]
            timeout = limits[0] if limits else args.timeout
            line = re.sub(r"^arbiter\b", shlex.quote(str(args.binary)), line)
            # "| true" stands for a reader that has gone: stdout is a pipe closed beforehand,
            # as in the fuzzing run (a real `| true` would race with the writer).
            out = subprocess.DEVNULL
            if line.endswith(" | true"):
                line = line[:-len(" | true")]
                read_end, out = os.pipe()
                os.close(read_end)
            proc = subprocess.Popen(["bash", "-c", line], cwd=tmp, stdin=subprocess.DEVNULL,
                                    stdout=out, stderr=subprocess.PIPE,
                                    start_new_session=True)
            if out != subprocess.DEVNULL:
                os.close(out)
            try:
                _, stderr = proc.communicate(timeout=timeout)
                code = proc.returncode
                # bash reports a child's signal as 128 + its number.
                if code > 128 and code - 128 in signal.valid_signals():
                    code = -(code - 128)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.communicate()
                code, stderr = None, b""
            outcome = classify(code, stderr)
            failed += outcome is not None
            print(f"{case.name}: {outcome or f'exit {code}'}", flush=True)
    print(f"\n{len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


def has_output(argv, cwd, timeout):
    """Whether the command prints anything on stdout when stdout can take it."""
    try:
        r = subprocess.run(argv, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=timeout, start_new_session=True, check=False)
    except subprocess.TimeoutExpired:
        return False
    return bool(r.stdout)


def save_failure(args, index, name, outcome, infile, argv, stderr, muts, sink):
    slug = re.sub(r"[^a-z0-9]+", "-", f"{name} {outcome}".lower()).strip("-")
    d = Path(args.results) / f"{index:06d}-{slug}"
    d.mkdir(parents=True, exist_ok=True)
    argv = list(argv)
    if infile is not None:
        shutil.copy(infile, d / infile.name)
        argv = [infile.name if a == str(infile) else a for a in argv]
    argv[0] = "arbiter"
    line = " ".join(shlex.quote(a) for a in argv) + sink
    (d / "command.txt").write_text(
        f"{line}\n# case {index} of seed {args.seed}; outcome: {outcome}; "
        f"mutations: {', '.join(muts)}\n")
    (d / "stderr.txt").write_bytes(stderr[-STDERR_KEEP:])
    return str(d)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("binary", type=Path, help="the arbiter binary to run")
    ap.add_argument("--cases", "-n", type=int, default=10_000)
    ap.add_argument("--seed", "-s", type=int, default=1)
    ap.add_argument("--results", "-o", default=None,
                    help="folder for failing inputs (default: a new temporary folder)")
    ap.add_argument("--timeout", "-t", type=float, default=10.0, help="seconds per run")
    ap.add_argument("--jobs", "-j", type=int, default=1)
    ap.add_argument("--only", type=int, action="append",
                    help="run only this case number (repeatable)")
    ap.add_argument("--replay", type=Path,
                    help="re-run the saved cases under this folder (one per subfolder "
                         "with command.txt) instead of fuzzing")
    args = ap.parse_args()
    args.binary = args.binary.resolve()
    limit_children()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"{args.binary}: not an executable")
    if args.replay:
        return replay(args)
    if args.results is None:
        args.results = tempfile.mkdtemp(prefix="arbiter-fuzz-results-")
    results = Path(args.results).resolve()
    if results == REPO or REPO in results.parents:
        sys.exit(f"{results}: the results folder must be outside the repository")
    args.results = str(results)

    with tempfile.TemporaryDirectory(prefix="arbiter-fuzz-seeds-") as work:
        seeds = collect_seeds(args.binary, Path(work))
    for kind in EXT:
        if kind != "help" and not seeds[kind]:
            sys.exit(f"no seed of kind {kind}")
    print("seeds: " + ", ".join(f"{k} {len(v)}" for k, v in sorted(seeds.items())),
          flush=True)

    cases = args.only or range(args.cases)
    per_command = defaultdict(Counter)
    failures = defaultdict(list)
    lost = defaultdict(list)
    done = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, outcome, fail in pool.map(lambda i: run_case(i, args, seeds), cases):
            per_command[name][outcome] += 1
            if outcome == LOST:
                lost[name].append(fail[1])
            elif fail:
                failures[(name, outcome, fail[0])].append(fail[1])
            done += 1
            if done % 500 == 0:
                nfail = sum(len(v) for v in failures.values())
                print(f"... {done} cases, {nfail} failed", file=sys.stderr, flush=True)

    outcomes = sorted({o for c in per_command.values() for o in c})
    width = max(len(n) for n in per_command) + 2
    cols = [max(len(o), 6) + 2 for o in outcomes]
    print(f"\n{'command':<{width}}" + "".join(f"{o:>{w}}" for o, w in zip(outcomes, cols)))
    for name in sorted(per_command):
        print(f"{name:<{width}}"
              + "".join(f"{per_command[name][o]:>{w}}" for o, w in zip(outcomes, cols)))
    total = Counter()
    for c in per_command.values():
        total.update(c)
    print(f"{'all':<{width}}" + "".join(f"{total[o]:>{w}}" for o, w in zip(outcomes, cols)))
    nfail = sum(len(v) for v in failures.values())
    if failures:
        print(f"\ndistinct failures (command, outcome, where), inputs under {args.results}:")
        for (name, outcome, where), dirs in sorted(failures.items()):
            print(f"  {len(dirs):>5}  {name} | {outcome} | {where or '-'} | e.g. {dirs[0]}")
    if lost:
        print("\nexit 0 with stdout on a full disk, output lost (not counted as failures):")
        for name, dirs in sorted(lost.items()):
            print(f"  {len(dirs):>5}  {name} | e.g. {dirs[0]}")
    print(f"\n{done - nfail} passed, {nfail} failed")
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
