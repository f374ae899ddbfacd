#!/usr/bin/env python3
"""Cheap checks that keep the README and the build honest; run by .ci/run before the tests.

1. The workspace's `rust-version` is the real minimum: no locked dependency (build or test)
   declares a newer one, and the README states the same version.
2. Every integration-test file is compiled: each crate builds one test binary from
   tests/integration.rs (autotests = false), so a file it does not name would silently not run.
3. No two files import each other in a circle in the crates listed in KNOT_FREE (knots.py).
"""
import json
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
failures = []


def version(text):
    # "1.88" and "1.88.0" are the same version.
    parts = [int(x) for x in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


workspace = (root / "Cargo.toml").read_text()
declared = re.search(r'^rust-version\s*=\s*"([0-9.]+)"', workspace, re.M).group(1)
meta = json.loads(
    subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--locked"],
        cwd=root, check=True, capture_output=True, text=True,
    ).stdout
)
needed = max(
    ((version(p["rust_version"]), p["name"]) for p in meta["packages"] if p.get("rust_version")),
    default=((0,), "none"),
)
if needed[0] > version(declared):
    failures.append(
        f"Cargo.toml: rust-version {declared}, but {needed[1]} in Cargo.lock needs "
        f"{'.'.join(map(str, needed[0]))}: raise rust-version and the README"
    )
readme = (root / "README.md").read_text()
if f"Rust {declared} or newer" not in readme:
    failures.append(f"README.md: expected the words 'Rust {declared} or newer' (the workspace's rust-version)")

for tests in sorted(root.glob("crates/*/tests")):
    driver = tests / "integration.rs"
    files = sorted(p.name for p in tests.glob("*.rs") if p.name != "integration.rs")
    if not files:
        continue
    named = set(re.findall(r'#\[path = "([^"]+)"\]', driver.read_text())) if driver.exists() else set()
    for f in files:
        if f not in named:
            failures.append(f"{tests.relative_to(root)}/{f}: not named in integration.rs, so it never runs")

# The crates whose folders read top-down; the others are listed by `python3 .ci/knots.py .`.
KNOT_FREE = ["cli", "server", "store"]
sys.path.insert(0, str(root / ".ci"))
import knots  # noqa: E402

failures += knots.circles(root, KNOT_FREE)

for f in failures:
    print(f"check failed: {f}", file=sys.stderr)
print(f"checks: rust-version {declared} (dependencies need {'.'.join(map(str, needed[0]))}), "
      f"{len(failures)} problem(s)")
sys.exit(1 if failures else 0)
