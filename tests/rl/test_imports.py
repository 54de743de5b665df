"""The research libraries (and numpy) stay optional: ``import gameshelf`` and
playing a game import none of them."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel")


def test_import_gameshelf_imports_no_research_library() -> None:
    code = (
        "import sys, gameshelf, gameshelf.rl\n"
        "s = gameshelf.load_game('pay-dirt').new_game(3, 1)\n"
        "s.apply(s.legal_actions()[0]); s.observation(0)\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
