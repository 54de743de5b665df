"""The server's wings keep their jobs (docs/architecture.md, "The server's
wings"): a route is declared in ``http/`` alone and a shape in ``wire/``
alone, so a newcomer finds each where the folder names say. (The order of
the wings is held by ``lint-imports``.)"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from fastapi import APIRouter, FastAPI
from pydantic import BaseModel

import gameshelf.server


def _modules() -> list[ModuleType]:
    names = [m.name for m in pkgutil.walk_packages(gameshelf.server.__path__, "gameshelf.server.")
             if ".migrations" not in m.name]
    return [importlib.import_module(name) for name in names]


def _wing(module: ModuleType) -> str:
    parts = module.__name__.split(".")
    return parts[2] if len(parts) > 3 else "(top)"


def test_only_http_declares_routes() -> None:
    routers = {module.__name__ for module in _modules()
               for value in vars(module).values() if isinstance(value, APIRouter)}
    assert routers, "no router found: the walk is broken"
    assert {name for name in routers if not name.startswith("gameshelf.server.http.")} == set()


def test_the_app_has_no_route_of_its_own() -> None:
    """Every path of the app's API comes from a router of http/."""
    from gameshelf.server.app import create_app
    from gameshelf.server.config import Settings
    from gameshelf.server.http import accounts, analysis, daily, tables

    app: FastAPI = create_app(Settings("sqlite://", analysis_budget=0))
    declared = {getattr(r, "path", None) for router in
                (tables.router, accounts.router, analysis.router, daily.router) for r in router.routes}
    paths = set(app.openapi()["paths"])
    assert paths and paths <= declared


def test_only_wire_declares_shapes() -> None:
    shapes = {value.__module__ for module in _modules() for value in vars(module).values()
              if isinstance(value, type) and issubclass(value, BaseModel)
              and value.__module__.startswith("gameshelf.server.")}
    assert shapes, "no shape found: the walk is broken"
    assert {name for name in shapes if not name.startswith("gameshelf.server.wire.")} == set()
