#!/usr/bin/env bash
# Installs everything the tests need (once) and runs every test and the linter,
# and every command from a plain install (no extras) in a throwaway venv.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[dev,rl,jax,docs]'
# The browser tests drive Debian's Chromium (Playwright's own browser download cannot work here).
if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  (apt-get update -q && apt-get install -y -q chromium fonts-noto-color-emoji fonts-ipafont-gothic) >/dev/null \
    || echo "!!! could not install chromium: the browser tests will be skipped"
fi
# The scale-out test puts two server hosts behind Debian's nginx, in network namespaces (root only).
if ! command -v nginx >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  (apt-get update -q && apt-get install -y -q nginx iproute2) >/dev/null \
    || echo "!!! could not install nginx: the scale-out test will be skipped"
fi
# The server tests also run on PostgreSQL (127.0.0.1:5432, database test) and use Redis (127.0.0.1:6379).
.venv/bin/python tests/server/services.py
.venv/bin/ruff check src tests benchmarks examples
# The browser client's JavaScript (biome.json, docs/develop/javascript.md): Biome's lint, import
# circles included, and its format check, from tools/js (npm ci installs the pinned version).
if command -v npm >/dev/null 2>&1; then
  npm ci --prefix tools/js --no-audit --no-fund --loglevel=error
  tools/js/node_modules/.bin/biome ci --colors=off
else
  echo "!!! npm is missing: the JavaScript lint (Biome) is SKIPPED -- install Node.js and npm to run it"
fi
# The layers of docs/architecture.md (contracts in pyproject.toml, [tool.importlinter]).
.venv/bin/lint-imports
.venv/bin/mypy --strict src/gameshelf
# The documentation site (mkdocs.yml): every link, page and generated reference builds.
SITE="$(mktemp -d)"
NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict --quiet --site-dir "$SITE"
rm -rf "$SITE"
# Every command as a user installs it (issue 43): the checkout with no extras in a fresh venv
# (pip reuses its wheel cache); tests/install runs its commands when GAMESHELF_PLAIN_VENV is set.
PLAIN="$(mktemp -d)"
trap 'rm -rf "$PLAIN"' EXIT
python3 -m venv "$PLAIN/venv"
"$PLAIN/venv/bin/python" -m pip install -q .
GAMESHELF_PLAIN_VENV="$PLAIN/venv" .venv/bin/python -m pytest -n 2 "$@"
