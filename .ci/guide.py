#!/usr/bin/env python3
"""Builds the user guide (docs/guide/en and docs/guide/fr, two mdBook books) and checks it.

Run by .ci/run after the tests, so that the browser tests' screenshots are fresh:

    python3 .ci/guide.py [--artifacts target/browser-artifacts] [--since STAMP] [--no-build]

1. Every page of each book is reached from its SUMMARY.md, every SUMMARY entry exists, and both
   books have the same pages.
2. No line of prose (outside code blocks and table rows) is over 120 characters.
3. Every image a page shows is `screenshots/TEST/NAME.png`: a copy committed in
   docs/guide/screenshots/, and, with --artifacts, a file the browser tests wrote in this run
   (ARTIFACTS/TEST/NAME.png, newer than --since): a renamed or dropped screenshot fails here.
   Committed copies no page shows fail too.
4. Both books build with mdbook into target/guide/{en,fr}; the images are then refreshed from the
   artifacts (or the committed copies) into the built books.
5. No link or image in the built HTML is broken: every relative href and src names a file of the
   book, and every #fragment an id in that file.
6. The README stays the front door: at most 150 lines, and every file it links to exists.
"""
import argparse
import html.parser
import pathlib
import re
import shutil
import subprocess
import sys
import urllib.parse

root = pathlib.Path(__file__).resolve().parent.parent
guide = root / "docs" / "guide"
shots = guide / "screenshots"
books = ["en", "fr"]
MAX_LINE = 120
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
failures = []


def fail(msg):
    if msg not in failures:
        failures.append(msg)


def rel(p):
    try:
        return p.relative_to(root)
    except ValueError:
        return p


def pages_of(book):
    """The pages SUMMARY.md links to, in its order."""
    summary = guide / book / "src" / "SUMMARY.md"
    linked = []
    for n, line in enumerate(summary.read_text().splitlines(), 1):
        for target in LINK.findall(line):
            if target.startswith(("http:", "https:")):
                fail(f"{rel(summary)}:{n}: a table of contents names pages, not {target}")
                continue
            linked.append(target)
            if not (summary.parent / target).is_file():
                fail(f"{rel(summary)}:{n}: {target} does not exist")
    return linked


def check_sources(book):
    src = guide / book / "src"
    linked = set(pages_of(book))
    on_disk = {str(p.relative_to(src)) for p in src.rglob("*.md") if p.name != "SUMMARY.md"}
    for page in sorted(on_disk - linked):
        fail(f"{rel(src / page)}: not reached from SUMMARY.md")
    images = {}
    for page in sorted(on_disk):
        path = src / page
        fenced = False
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if line.lstrip().startswith("```"):
                fenced = not fenced
                continue
            if fenced:
                continue
            if len(line) > MAX_LINE and not line.lstrip().startswith("|"):
                fail(f"{rel(path)}:{n}: {len(line)} characters, at most {MAX_LINE} in the guide's prose")
            for target in IMAGE.findall(line):
                m = re.fullmatch(r"(?:\.\./)*screenshots/([a-z0-9-]+)/([A-Za-z0-9_-]+\.png)", target)
                if not m:
                    fail(f"{rel(path)}:{n}: an image is screenshots/TEST/NAME.png from a browser test, "
                         f"not {target}")
                    continue
                images.setdefault(f"{m.group(1)}/{m.group(2)}", f"{rel(path)}:{n}")
    return on_disk, images


def check_images(images, artifacts, since):
    for name, where in sorted(images.items()):
        if not (shots / name).is_file():
            fail(f"{where}: screenshots/{name} is not committed in {rel(shots)} "
                 f"(copy it from the browser tests' artifacts)")
        if artifacts is not None:
            fresh = artifacts / name
            if not fresh.is_file():
                fail(f"{where}: no browser test wrote {name} in {rel(artifacts)}: "
                     f"a test renamed or dropped it, or the page names the wrong one")
            elif since is not None and fresh.stat().st_mtime < since:
                fail(f"{where}: {rel(fresh)} is older than this run's tests: no test wrote it again")
    for committed in sorted(shots.rglob("*")):
        if committed.is_file() and str(committed.relative_to(shots)) not in images:
            fail(f"{rel(committed)}: committed but no page of the guide shows it")


def check_readme():
    readme = root / "README.md"
    lines = readme.read_text().splitlines()
    if len(lines) > 150:
        fail(f"README.md: {len(lines)} lines; the front door has at most 150, the rest is the guide's")
    for n, line in enumerate(lines, 1):
        for target in re.findall(r"\]\(([^)\s]+)\)", line):
            if urllib.parse.urlsplit(target).scheme:
                continue
            if not (root / urllib.parse.unquote(target.split("#")[0])).exists():
                fail(f"README.md:{n}: {target} does not exist")


class Anchors(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.refs, self.base = set(), [], None

    def handle_starttag(self, tag, attrs):
        for key, value in attrs:
            if value is None:
                continue
            if tag == "base" and key == "href":
                self.base = value  # the 404 page's links start from the site's root
            elif key in ("id", "name"):
                self.ids.add(value)
            elif key in ("href", "src"):
                self.refs.append((tag, key, value))


def check_links(out):
    parsed = {}
    for page in out.rglob("*.html"):
        p = Anchors()
        p.feed(page.read_text(errors="replace"))
        parsed[page.resolve()] = p
    checked = 0
    for page, p in sorted(parsed.items()):
        # A book is served from its own folder: `<base href="/">` means that folder.
        folder = out.resolve() if p.base == "/" else page.parent
        for tag, key, value in p.refs:
            url = urllib.parse.urlsplit(value)
            if url.scheme or value.startswith("//"):
                continue  # another site, mail, javascript: not the book's to check
            target = page if not url.path else (folder / urllib.parse.unquote(url.path)).resolve()
            if url.path.endswith("/") or target.is_dir():
                target = target / "index.html"
            checked += 1
            if out.resolve() not in target.parents and target != out.resolve():
                fail(f"{rel(page)}: <{tag} {key}={value!r}> leaves the book")
            elif not target.is_file():
                fail(f"{rel(page)}: <{tag} {key}={value!r}> names no file")
            elif url.fragment and target.suffix == ".html":
                ids = parsed.get(target)
                if ids is not None and urllib.parse.unquote(url.fragment) not in ids.ids:
                    fail(f"{rel(page)}: <{tag} {key}={value!r}>: no id {url.fragment!r} in {rel(target)}")
    return checked


def build(book, artifacts):
    out = root / "target" / "guide" / book
    if out.exists():
        shutil.rmtree(out)
    run = subprocess.run(["mdbook", "build", str(guide / book)], cwd=root, capture_output=True, text=True)
    if run.returncode != 0:
        fail(f"mdbook build docs/guide/{book} failed:\n{run.stdout}{run.stderr}")
        return None
    warnings = [l for l in run.stderr.splitlines() if "WARN" in l or "ERROR" in l]
    for w in warnings:
        fail(f"mdbook build docs/guide/{book}: {w}")
    # The pictures the book shows are the ones this run's tests took.
    built = out / "screenshots"
    if built.is_symlink() or built.is_file():
        built.unlink()
    elif built.exists():
        shutil.rmtree(built)
    for name in sorted(p.relative_to(shots) for p in shots.rglob("*.png")):
        source = artifacts / name if artifacts is not None and (artifacts / name).is_file() else shots / name
        (built / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, built / name)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", type=pathlib.Path,
                    help="the browser tests' artifacts (target/browser-artifacts after the tests)")
    ap.add_argument("--since", type=pathlib.Path,
                    help="a file touched before the tests ran: older artifacts are stale")
    ap.add_argument("--no-build", action="store_true", help="check the sources only")
    args = ap.parse_args()
    since = args.since.stat().st_mtime if args.since else None
    artifacts = args.artifacts.resolve() if args.artifacts else None

    pages, images = {}, {}
    for book in books:
        pages[book], found = check_sources(book)
        for name, where in found.items():
            images.setdefault(name, where)
    for book in books[1:]:
        for page in sorted(pages[books[0]] ^ pages[book]):
            fail(f"docs/guide: {page} is in one book and not the other ({books[0]}, {book})")
    check_images(images, artifacts, since)
    check_readme()

    links = 0
    if not args.no_build:
        if shutil.which("mdbook") is None:
            fail("mdbook is not installed: .ci/run installs it (cargo install mdbook)")
        else:
            for book in books:
                out = build(book, artifacts)
                if out is not None:
                    links += check_links(out)

    for f in failures:
        print(f"guide: {f}", file=sys.stderr)
    print(f"guide: {sum(len(p) for p in pages.values())} pages in {len(books)} books, "
          f"{len(images)} screenshots, {links} links checked, {len(failures)} problem(s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
