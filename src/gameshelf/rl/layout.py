"""The slot tables of docs/research.md, generated from the encoders.

Run ``python -m gameshelf.rl.layout`` to print every game's table; a test
checks that the guide holds exactly these tables, so the documented layout
cannot drift from the code.
"""

from __future__ import annotations

from gameshelf.core.protocol import Game
from gameshelf.core.registry import games, load_game
from gameshelf.core.tensor import layout


def markdown(game: Game) -> str:
    """``game``'s tensor layout as a Markdown table, one row per field."""
    fields = layout(game)
    total = sum(f.size for f in fields)
    rows = [
        f"`{game.id}`: {total} slots.",
        "",
        "| slots | field | size | meaning |",
        "|---|---|---|---|",
    ]
    for f in fields:
        span = str(f.start) if f.size == 1 else f"{f.start}–{f.start + f.size - 1}"
        meaning = f.meaning.replace("|", "/")
        rows.append(f"| {span} | `{f.name}` | {f.size} | {meaning} |")
    return "\n".join(rows) + "\n"


def main() -> None:
    for game_id in games():
        print(markdown(load_game(game_id)))


if __name__ == "__main__":
    main()
