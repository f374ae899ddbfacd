#!/usr/bin/env python3
"""Files of a crate that import each other in a circle.

A file imports another when it names a path into it: `use crate::a::b::X`, `super::b::f()`, a child
module's `b::f()`, or a name the other file re-exports (`pub use`), followed to where it is defined.
A folder's `mod.rs` using its own children is the module tree read top-down and is not counted; a
child using its parent is. Test modules (`#[cfg(test)] mod tests { ... }`) are left out.

Usage: knots.py ROOT [CRATE ...] prints each circle (strongly connected component of more than one
file) and exits 1 if there is one.
"""
import pathlib
import re
import sys

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def strip(text):
    """The code without comments, string and char literals (their insides become blank), and
    without the test module."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            close = '"' + hashes
            j = text.find(close, i + len(hashes) + 2)
            i = n if j < 0 else j + len(close)
            out.append('""')
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            out.append('""')
        elif c == "'":
            # A char literal ('a', '\n', '\u{..}') or a lifetime ('a): a literal closes soon.
            m = re.match(r"'(\\[^']{1,10}|[^\\'])'", text[i:])
            if m:
                out.append("' '")
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    code = "".join(out)
    tests = re.search(r"#\[cfg\(test\)\]\s*(pub\s+)?mod\s+tests\s*\{", code)
    return code[: tests.start()] if tests else code


class Crate:
    def __init__(self, src):
        self.files = {}
        for f in src.rglob("*.rs"):
            parts = list(f.relative_to(src).with_suffix("").parts)
            if parts in (["lib"], ["main"]):
                parts = []
            elif parts[-1] == "mod":
                parts = parts[:-1]
            self.files[tuple(parts)] = f
        self.text = {m: strip(f.read_text()) for m, f in self.files.items()}
        self._exports = {}

    def exports(self, module):
        """Names `module` re-exports with `pub use`, each with the full path it names."""
        if module not in self._exports:
            out = {}
            for body in re.findall(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", self.text[module]):
                body = re.sub(r"\s+", "", body)
                base, body = self.base(module, body)
                prefix, items = [], [body]
                if "{" in body:
                    head, inner = body.split("{", 1)
                    prefix = [p for p in head.split("::") if p]
                    items = [i for i in inner.rstrip("}").split(",") if i]
                for item in items:
                    parts = prefix + [p for p in item.split("as")[0].split("::") if p]
                    if parts and parts[-1] != "*":
                        out[parts[-1]] = base + parts
            self._exports[module] = out
        return self._exports[module]

    @staticmethod
    def base(module, path):
        """The module a path starts from, and the rest of the path."""
        if path.startswith("crate::"):
            return [], path[len("crate::"):]
        ups = 0
        while path.startswith("super::"):
            ups, path = ups + 1, path[len("super::"):]
        if ups:
            return list(module)[: len(module) - ups], path
        if path.startswith("self::"):
            return list(module), path[len("self::"):]
        return list(module), path

    def resolve(self, path, depth=0):
        """The file a path leads to: its longest module prefix, through re-exports."""
        for n in range(len(path), -1, -1):
            module = tuple(path[:n])
            if module in self.files:
                if n < len(path) and depth < 8:
                    full = self.exports(module).get(path[n])
                    if full and full != list(module) + [path[n]]:
                        return self.resolve(full, depth + 1)
                return module
        return ()

    def imports(self, module):
        text = self.text[module]
        found = set()
        pattern = r"\b((?:crate|self|super)(?:::super)*)::((?:" + IDENT + r"::)*(?:\{[^;]*?\}|" + IDENT + r"))"
        for root, body in re.findall(pattern, text):
            base, _ = self.base(module, root + "::")
            paths = []
            if "{" in body:
                head, inner = body.split("{", 1)
                head = [p for p in head.split("::") if p]
                for item in re.sub(r"\s+", "", inner.rstrip("}")).split(","):
                    paths.append(head + [p for p in item.split("as")[0].strip("{}").split("::") if p])
            else:
                paths.append([p for p in body.split("::") if p])
            for p in paths:
                found.add(self.resolve(base + p))
        for child in re.findall(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(" + IDENT + r")\s*;", text, re.M):
            if re.search(r"(?<![:\w])" + child + r"::", text):
                found.add(self.resolve(list(module) + [child]))
        # The module tree read top-down: a file using what lies below it is not a knot.
        return {t for t in found if t in self.files and t[: len(module)] != module}

    def circles(self):
        edges = {m: self.imports(m) for m in self.files}
        index, low, stack, on, out = {}, {}, [], set(), []
        counter = [0]
        sys.setrecursionlimit(10000)

        def visit(v):
            index[v] = low[v] = counter[0]
            counter[0] += 1
            stack.append(v)
            on.add(v)
            for w in edges[v]:
                if w not in index:
                    visit(w)
                    low[v] = min(low[v], low[w])
                elif w in on:
                    low[v] = min(low[v], index[w])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
        for v in sorted(edges):
            if v not in index:
                visit(v)
        return out


def circles(root, names):
    problems = []
    for name in names:
        crate = Crate(root / "crates" / name / "src")
        for comp in crate.circles():
            files = ", ".join(str(crate.files[m].relative_to(root)) for m in comp)
            problems.append(f"{name}: {len(comp)} files import each other in a circle: {files}")
    return problems


if __name__ == "__main__":
    root = pathlib.Path(sys.argv[1])
    names = sys.argv[2:] or sorted(p.name for p in (root / "crates").iterdir() if (p / "src").is_dir())
    problems = circles(root, names)
    for p in problems:
        print(p)
    sys.exit(1 if problems else 0)
