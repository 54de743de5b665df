"""Re-record the golden games' perft: ``python -m tests.golden.record_perft``.

Run it only when a rules change is meant to change what may be played (or a
golden record is added), and say so in the commit: ``test_perft.py`` fails
on any other change to a move list.
"""

from __future__ import annotations

import json

from tests.golden.perft import PINNED, measure


def main() -> None:
    pinned = measure()
    # one line per game: a changed count shows as that game's line in a diff
    lines = [f"{json.dumps(name)}: {json.dumps(pinned[name], sort_keys=True)}" for name in sorted(pinned)]
    PINNED.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
    steps = sum(len(p["counts"]) for p in pinned.values())
    print(f"wrote {PINNED}: {len(pinned)} golden games, {steps} positions")


if __name__ == "__main__":
    main()
