"""MkDocs hooks: the reference pages that the code writes itself (issue 45).

Three pages hold a marker comment that this hook replaces while the site is
built, so nothing the code can say is copied into the docs by hand:

- ``<!-- generated: cli -->``: every ``gameshelf`` command's own ``--help``,
  as typer prints it (``reference/cli.md``);
- ``<!-- generated: http -->``: every route of the server's own OpenAPI
  schema, with its parameters, body and answers (``reference/http.md``);
- ``<!-- generated: websocket -->``: the websocket's messages, from the
  pydantic models the server validates them with.

Why a hook and not a plugin: the three renderers are a few dozen lines each,
and the pages then build offline from the checkout alone.
"""

from __future__ import annotations

import json
import os
from typing import Any

MARKERS = ("cli", "http", "websocket")


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    for name in MARKERS:
        marker = f"<!-- generated: {name} -->"
        if marker in markdown:
            markdown = markdown.replace(marker, RENDERERS[name]())
    return markdown


def cli_markdown() -> str:
    """Each command's help, as `gameshelf COMMAND --help` prints it."""
    os.environ.setdefault("COLUMNS", "100")
    os.environ["NO_COLOR"] = "1"
    os.environ["TERM"] = "dumb"
    import typer.main
    from typer.testing import CliRunner

    from gameshelf import cli
    from gameshelf.cli import app

    cli._register_plugins()  # the commands `gameshelf` adds before it runs (serve, admin, simulate…)
    group = typer.main.get_command(app)
    runner = CliRunner()
    out = ["`gameshelf --help`:", "", "```text", _help(runner, app, []), "```", ""]
    for name in sorted(group.commands):  # type: ignore[attr-defined]
        out += [f"## `gameshelf {name}`", "", "```text", _help(runner, app, [name]), "```", ""]
    return "\n".join(out)


def _help(runner: Any, app: Any, args: list[str]) -> str:
    result = runner.invoke(app, [*args, "--help"], prog_name="gameshelf", env={"COLUMNS": "100", "NO_COLOR": "1"})
    if result.exit_code != 0:
        raise RuntimeError(f"gameshelf {' '.join(args)} --help failed: {result.output}")
    return result.output.rstrip()


def _schema() -> dict[str, Any]:
    from gameshelf.server.app import create_app

    return create_app().openapi()  # type: ignore[no-any-return]


def http_markdown() -> str:
    """The routes of the server's OpenAPI schema, grouped by their first path part."""
    schema = _schema()
    out: list[str] = [f"Generated from the server's OpenAPI schema (version `{schema['info'].get('version', '?')}`); "
                      "a running server serves the same schema at `/openapi.json` and an interactive page at `/docs`.", ""]
    for path, methods in schema["paths"].items():
        for method, op in methods.items():
            out += [f"### `{method.upper()} {path}`", ""]
            if op.get("summary"):
                out += [op["summary"], ""]
            if op.get("description"):
                out += [op["description"].strip(), ""]
            params = op.get("parameters", [])
            if params:
                out += ["| parameter | in | required | schema |", "|---|---|---|---|"]
                out += [f"| `{p['name']}` | {p['in']} | {'yes' if p.get('required') else 'no'} | `{_short(p.get('schema', {}))}` |"
                        for p in params]
                out.append("")
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            if body:
                out += [f"Body: `{_short(body)}`", ""]
            answers = ", ".join(f"`{code}` {r.get('description', '')}".strip() for code, r in op.get("responses", {}).items())
            out += [f"Answers: {answers}", ""]
    out += ["## Schemas", ""]
    for name, sch in sorted(schema.get("components", {}).get("schemas", {}).items()):
        out += [f"### `{name}`", "", "```json", json.dumps(sch, indent=1, ensure_ascii=False)[:4000], "```", ""]
    return "\n".join(out)


def _short(schema: dict[str, Any]) -> str:
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    text = json.dumps(schema, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) < 140 else text[:137] + "…"


def websocket_markdown() -> str:
    """The websocket messages: the JSON schema of each pydantic model the socket uses."""
    from gameshelf.server.wire import messages

    out: list[str] = []
    for module in (messages,):
        for name in sorted(dir(module)):
            model = getattr(module, name)
            fields = getattr(model, "model_fields", None)
            if not isinstance(model, type) or fields is None or getattr(model, "__module__", "") != module.__name__:
                continue
            if "type" not in fields:
                continue  # the socket's messages carry a `type`; other shapes are HTTP bodies
            doc = (model.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
            out += [f"### `{name}`", "", doc, "", "```json",
                    json.dumps(model.model_json_schema(), indent=1, ensure_ascii=False)[:3000], "```", ""]
    return "\n".join(out) or "(no websocket message models found)"


RENDERERS = {"cli": cli_markdown, "http": http_markdown, "websocket": websocket_markdown}
