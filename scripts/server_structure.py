"""The server's structure, measured from its imports as ``lint-imports`` reads
them (grimp, which import-linter installs): modules, packages, import arrows
among them, arrows between wings, circles and the largest module.

    PYTHONPATH=src python scripts/server_structure.py

Imports inside functions and under ``TYPE_CHECKING`` count as arrows, as
they do for the contracts. The figures are in docs/architecture.md ("The
server's wings").
"""

from __future__ import annotations

import collections
import importlib.util
import sys
from pathlib import Path

import grimp

PACKAGE = "gameshelf.server"
#: the modules at the top of the package that every wing may import; the
#: others there (app, cli, admin) are the process, above every wing
PLUMBING = dict.fromkeys(("config", "errors", "collector"), "plumbing")


def main() -> None:
    graph = grimp.build_graph("gameshelf")
    names = sorted(m for m in graph.modules if m == PACKAGE or m.startswith(PACKAGE + "."))
    # the migrations are a history of the schema, not a part anyone edits: left out
    names = [m for m in names if ".migrations" not in m]
    specs = {m: importlib.util.find_spec(m) for m in names}
    packages = {m for m, spec in specs.items() if spec and spec.submodule_search_locations}
    modules = [m for m in names if m not in packages]
    # (a package's own module counts where it holds code: wire re-exports its shapes)
    arrows = {(m, t) for m in names for t in graph.find_modules_directly_imported_by(m)
              if t in names and t != m and t != PACKAGE and m != PACKAGE}
    after = collections.defaultdict(set)
    for source, target in arrows:
        after[source].add(target)

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for target in after[todo.pop()]:
                if target not in seen:
                    seen.add(target)
                    todo.append(target)
        return seen

    reached = {m: reach(m) for m in names}
    circles = {frozenset({m, *(t for t in reached[m] if m in reached[t])})
               for m in names if m in reached[m]}

    def wing(module: str) -> str:
        parts = module.split(".")
        if len(parts) > 3 or module in packages:
            return parts[2]
        return PLUMBING.get(parts[-1], "process")

    lines = {m: len(Path(str(specs[m].origin)).read_text().splitlines()) for m in modules}  # type: ignore[union-attr]
    largest = max(lines, key=lines.__getitem__)
    between = collections.Counter((wing(s), wing(t)) for s, t in arrows if wing(s) != wing(t))
    print(f"modules: {len(modules)} in {len(packages)} packages (migrations left out)")
    print(f"import arrows among them: {len(arrows)} ({sum(between.values())} between wings)")
    print(f"circles: {len(circles)}")
    for circle in circles:
        print("  ", " <-> ".join(sorted(circle)))
    print(f"largest module: {largest} ({lines[largest]} lines)")
    print("modules per wing:", dict(sorted(collections.Counter(wing(m) for m in modules).items())))
    for (source, target), count in sorted(between.items()):
        print(f"  {source} -> {target}: {count}")


if __name__ == "__main__":
    sys.exit(main())
