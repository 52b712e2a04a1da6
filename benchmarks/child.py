"""A benchmark measured in a child process that prints one JSON line last.

The child's progress goes straight to our stderr; its stdout's last line is
the result. Used where a measurement needs a process of its own (a Home
Assistant instance, a frozen clock, a browser).
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from . import REPO_ROOT


def run_child(module: str, *args: str, timeout: float = 1800) -> tuple[Any, str | None]:
    """Run `python -m module args`; (its last stdout line as JSON, or None and why)."""
    done = subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        text=True,
        timeout=timeout,
        check=False,
    )
    if done.returncode != 0:
        name = module.rsplit(".", 1)[-1]
        return None, f"{name} child failed (exit {done.returncode}), see above"
    return json.loads(done.stdout.strip().splitlines()[-1]), None
