#!/usr/bin/env bash
# Installs everything the tests need (once) and runs every test and the linter.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[dev,rl]'
.venv/bin/ruff check src tests benchmarks
.venv/bin/mypy src/gameshelf
.venv/bin/python -m pytest -n 2 "$@"
