#!/usr/bin/env bash
# Installs gameshelf (once) and starts the main job: the game server, with the
# browser client at the printed URL. Arguments go to `gameshelf serve`
# (--host, --port, --db, --redis, --workers). Terminal play: .venv/bin/gameshelf menu
#
# Each step says what it does first: a first install takes a minute or two
# of quiet downloading, and a silent terminal looks like a hang.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '==> %s\n' "$*" >&2; }
if [ ! -x .venv/bin/python ]; then
  say "Creating the virtual environment in .venv (first run only)"
  python3 -m venv .venv
fi
if ! .venv/bin/python -c "import gameshelf" 2>/dev/null; then
  say "Installing gameshelf and its dependencies (first run: about 1-2 minutes)"
  .venv/bin/python -m pip install -q --upgrade pip
  # one line per package fetched, not pip's whole chatter; a failure still stops here (pipefail)
  .venv/bin/python -m pip install -e . | { grep --line-buffered -E "^(Collecting|Installing|Successfully)" || true; }
  say "Installed"
else
  say "Checking the installed dependencies"
  .venv/bin/python -m pip install -q -e .
fi
say "Starting the game server (stop it with Ctrl+C)"
exec .venv/bin/gameshelf serve "$@"
