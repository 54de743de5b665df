#!/usr/bin/env bash
# Installs gameshelf (once) and starts the main job: the game server, with the
# browser client at the printed URL. Arguments go to `gameshelf serve`
# (--host, --port, --db, --redis, --workers). Terminal play: .venv/bin/gameshelf menu
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e .
exec .venv/bin/gameshelf serve "$@"
