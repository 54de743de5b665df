"""Loading a script of ``benchmarks/`` as a module, for the tests that run one.

Why by file and not by import: ``benchmarks`` is a folder of scripts, not a
package the project installs, and each script must stay runnable as
``python benchmarks/NAME.py``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

FOLDER = Path(__file__).resolve().parents[1] / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as the module ``bench_<name>``."""
    module_name = f"bench_{name}"
    spec = importlib.util.spec_from_file_location(module_name, FOLDER / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module
