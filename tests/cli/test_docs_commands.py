"""Every `gameshelf` command the documentation shows exists and parses.

The docs site and the README show commands in code blocks; a renamed option
or command would leave them lying. Each line of a code block that starts with
``gameshelf`` is parsed by the real command (typer's click objects) without
running it, and every command named anywhere in the docs answers ``--help``.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest
import typer.main
from typer.testing import CliRunner

from gameshelf import cli
from gameshelf.cli import app

ROOT = Path(__file__).resolve().parents[2]
PAGES = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
cli._register_plugins()  # serve, connect, admin, simulate…: what `gameshelf` itself adds before running
GROUP = typer.main.get_command(app)


def shown_lines() -> list[tuple[str, str]]:
    """(page, command line) for each `gameshelf …` line of a fenced code block."""
    found: list[tuple[str, str]] = []
    for page in PAGES:
        for block in re.findall(r"```[a-z]*\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S):
            for line in block.splitlines():
                line = line.split(" #")[0].strip().rstrip("\\").strip()
                # a synopsis ("[--db URL]", "a|b", "…") is prose, not a command to parse
                if line.startswith("gameshelf ") and not any(mark in line for mark in ("…", "...", "[", "|")):
                    found.append((str(page.relative_to(ROOT)), line))
    return found


def named_commands() -> set[str]:
    """Every `gameshelf WORD` named anywhere in the docs (code or prose)."""
    names: set[str] = set()
    for page in PAGES:
        names |= set(re.findall(r"`gameshelf ([a-z][a-z-]*)", page.read_text(encoding="utf-8")))
    # "`gameshelf is being served at …`" quotes what `serve` prints, not a command
    return names - {"is"}


def test_the_docs_show_commands() -> None:
    assert len(shown_lines()) >= 10 and {"play", "serve", "simulate"} <= named_commands()


@pytest.mark.parametrize(("page", "line"), shown_lines(), ids=lambda v: v)
def test_each_shown_command_line_parses(page: str, line: str) -> None:
    args = shlex.split(line)[1:]
    name = args[0]
    command = GROUP.commands.get(name)  # type: ignore[attr-defined]
    assert command is not None, f"{page}: `gameshelf {name}` is not a command"
    rest = args[1:]
    while isinstance(command, click.Group) and rest and rest[0] in command.commands:
        command, rest = command.commands[rest[0]], rest[1:]
    try:
        command.make_context(name, rest, resilient_parsing=False)
    except click.exceptions.Exit:
        pass  # --help and the like
    except click.UsageError as exc:
        pytest.fail(f"{page}: `{line}` does not parse: {exc.format_message()}")


@pytest.mark.parametrize("name", sorted(named_commands()))
def test_each_named_command_answers_help(name: str) -> None:
    result = CliRunner().invoke(app, [name, "--help"], prog_name="gameshelf")
    assert result.exit_code == 0, f"`gameshelf {name} --help` failed: {result.output}"
