#!/usr/bin/env python3
"""Checks the server's layout rules (README, "Architecture"):

- `Core/` uses no feature and nothing at the target's root (wiring, routes,
  migrations, the CLI's entry points);
- features depend on one another without cycles, and only on another feature's
  services, stores and records, never on its controllers or view models;
- a web controller never names an API controller's types, nor the other way round;
- transactions begin through `transactionUntilClosed`, never Fluent's `transaction`.

A "use" is a name declared in one file (a type, or a member of an extension of
Request or Application: the factories such as `req.wordStore()`) appearing in
another, outside comments and string literals. Prints every break and exits 1
when there is one.
    scripts/check-architecture.py [Sources/MaeilServer]
"""
import re
import sys
from pathlib import Path

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "Sources/MaeilServer")

TYPE = re.compile(r"^(?:public |private |fileprivate |final )*(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)", re.M)
EXTENSION = re.compile(r"^extension (Request|Application)\b[^{]*\{(.*?)^\}", re.M | re.S)
MEMBER = re.compile(r"^    (?:@\w+ )*(?:static )?(func|var|let)\s+(\w+)", re.M)


def layer_of(path: Path) -> str:
    parts = path.relative_to(ROOT).parts
    if parts[0] == "Core":
        return "Core"
    if parts[0] == "Features":
        return parts[1]
    return "Root"


def strip(text: str) -> str:
    """Source without comments and string literals (multi-line ones included)."""
    text = re.sub(r'"""(?:.|\n)*?"""', '""', text)
    text = re.sub(r'#?"(?:\\.|[^"\\\n])*"#?', '""', text)
    text = re.sub(r"/\*(?:.|\n)*?\*/", "", text)
    return re.sub(r"//[^\n]*", "", text)


def role(path: Path) -> str:
    name = path.stem
    if name.endswith("APIController"):
        return "api"
    if name.endswith("WebController"):
        return "web"
    if name.endswith(("View", "Views", "PageView")) or "View" in name:
        return "view"
    return "service"


files = sorted(ROOT.rglob("*.swift"))
declared: dict[str, tuple[Path, str]] = {}  # symbol -> (file, kind)
sources: dict[Path, str] = {}
for path in files:
    text = strip(path.read_text())
    sources[path] = text
    for name in TYPE.findall(text):
        declared.setdefault(name, (path, "type"))
    for _, body in EXTENSION.findall(text):
        for keyword, name in MEMBER.findall(body):
            # A factory (`func games()`) is used by calling it, so `entry.games` is not a use.
            declared.setdefault(name, (path, "call" if keyword == "func" else "member"))

problems: list[str] = []
edges: dict[str, set[str]] = {}
for path in files:
    here = layer_of(path)
    text = sources[path]
    words = set(re.findall(r"\b[A-Za-z_]\w*\b", text))
    members = set(re.findall(r"\.(\w+)\b", text))
    calls = set(re.findall(r"\.(\w+)\(", text))
    for name, (origin, kind) in declared.items():
        if origin == path:
            continue
        used = name in (words if kind == "type" else calls if kind == "call" else members)
        if not used:
            continue
        there = layer_of(origin)
        where = f"{path.relative_to(ROOT)} uses {name} ({origin.relative_to(ROOT)})"
        if here == "Core" and there != "Core":
            problems.append(f"Core uses {'a feature' if there != 'Root' else 'the root'}: {where}")
        if here not in ("Core", "Root") and there == "Root":
            problems.append(f"a feature uses the root: {where}")
        if here not in ("Core", "Root") and there not in ("Core", "Root") and here != there:
            edges.setdefault(here, set()).add(there)
            if role(origin) != "service":
                problems.append(f"{here} uses {there} other than through its services: {where}")
        if {role(path), role(origin)} == {"api", "web"}:
            problems.append(f"web and API controllers name each other: {where}")

# Transactions begin through `transactionUntilClosed` (Database+SQL.swift):
# Fluent's own `transaction` writes its ROLLBACK to a connection just cut on
# PostgreSQL, and nobody answers it.
for path in files:
    if path.name != "Database+SQL.swift" and re.search(r"\.transaction\s*[({]", sources[path]):
        problems.append(f"{path.relative_to(ROOT)} begins a transaction with Fluent's `transaction`, not `transactionUntilClosed`")

# Cycles between features.
def cycle_from(start: str) -> list[str] | None:
    stack = [(start, [start])]
    while stack:
        node, trail = stack.pop()
        for nxt in sorted(edges.get(node, ())):
            if nxt == start:
                return trail + [start]
            if nxt not in trail:
                stack.append((nxt, trail + [nxt]))
    return None

seen_cycles = set()
for feature in sorted(edges):
    cycle = cycle_from(feature)
    if cycle and frozenset(cycle) not in seen_cycles:
        seen_cycles.add(frozenset(cycle))
        problems.append("features depend on each other in a cycle: " + " → ".join(cycle))

print("feature dependencies: " + (", ".join(f"{a} → {b}" for a in sorted(edges) for b in sorted(edges[a])) or "none"))
for problem in sorted(set(problems)):
    print("  " + problem)
if problems:
    print(f"check-architecture: {len(set(problems))} problem(s)")
    sys.exit(1)
print(f"check-architecture: {len(files)} files, no problems")
