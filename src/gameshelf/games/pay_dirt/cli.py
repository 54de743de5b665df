"""Pay Dirt's own CLI commands.

``gameshelf pay-dirt-components`` prints every component as the game reads
it from ``data/`` (someone entering the real cards checks their edits
here); ``gameshelf pay-dirt-balance`` runs the balance simulation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer


def components_command(
    lang: str = typer.Option(None, "--lang", help="en or ja"),
) -> None:
    """Print the Pay Dirt components: equipment, personnel, claims, gear, hardships, tiles."""
    from rich.console import Console
    from rich.table import Table

    from gameshelf.core.i18n import t
    from gameshelf.games.pay_dirt.components import KINDS, MACHINES, components
    from gameshelf.games.pay_dirt.describe import hardship_text, money
    from gameshelf.games.pay_dirt.terminal_view import lot_cell
    from gameshelf.games.pay_dirt.texts import gear_text

    comp = components()
    console = Console()
    for row, title in ((0, "row.equipment"), (1, "row.personnel"), (2, "row.claims")):
        table = Table(title=t(f"pay_dirt.{title}", lang), show_lines=False)
        table.add_column("#")
        table.add_column("")
        count = (len(comp.equipment), len(comp.personnel), len(comp.claims))[row]
        for item in range(count):
            table.add_row(str(item), lot_cell(comp, row, item, lang))
        console.print(table)
    gear = Table(title=t("pay_dirt.view.gear-supplier", lang))
    for col in ("#", t("pay_dirt.cli.gear", lang), t("pay_dirt.cli.price", lang), t("pay_dirt.cli.tools", lang)):
        gear.add_column(col)
    for i, g in enumerate(comp.gear):
        gear.add_row(str(i), gear_text(comp, i, lang), money(g.price), str(g.durability))
    console.print(gear)
    hard = Table(title=t("pay_dirt.cli.hardships", lang))
    for col in ("#", t("pay_dirt.cli.card", lang), "°", t("pay_dirt.cli.tag", lang), t("pay_dirt.cli.effect", lang)):
        hard.add_column(col)
    for i, h in enumerate(comp.hardships):
        hard.add_row(str(i), t(f"pay_dirt.hardship.{h.id}", lang), str(h.temperature), t(f"pay_dirt.tag.{h.tag}", lang),
                     hardship_text(i, lang))
    console.print(hard)
    for k, values in enumerate(comp.tile_values):
        console.print(t("pay_dirt.cli.tiles", lang, kind=t("pay_dirt.kind." + KINDS[k], lang), n=len(values),
                        values=sorted(values)))
    machines = ", ".join(
        f"{t('pay_dirt.machine.' + m, lang)} {s}/{d}"
        for m, s, d in zip(MACHINES, comp.rules.base_spaces, comp.rules.base_durability, strict=True)
    )
    console.print(t("pay_dirt.cli.machines", lang, machines=machines))


def balance_command(
    games: int = typer.Option(100, "--games", help="how many games to simulate"),
    players: Annotated[list[int] | None, typer.Option("--players", help="player counts, cycled (default 2 3 4 5)")] = None,
    bot: str = typer.Option("greedy", "--bot", help="the bot every seat uses"),
    noise: float = typer.Option(0.1, "--noise", help="chance of a random move"),
) -> None:
    """Simulate Pay Dirt games and print round counts, purchase win rates and seat advantage."""
    from gameshelf.games.pay_dirt.balance import report, simulate

    players = players or [2, 3, 4, 5]
    tally = simulate(games, players, bot, noise)
    print(report(tally))


def commands() -> list[tuple[str, Callable[..., Any]]]:
    return [("pay-dirt-components", components_command), ("pay-dirt-balance", balance_command)]
