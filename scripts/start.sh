#!/usr/bin/env bash
# Installs gameshelf (once) and starts the main job: the game list, then play
# in the terminal. (The web server will take this role when it exists.)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e .
exec .venv/bin/gameshelf menu "$@"
