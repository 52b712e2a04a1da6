"""How long Home Assistant takes to set up the entry over a large store.

Measured in a fresh child process (`python -m benchmarks.ha_setup DB`): a
Home Assistant test instance (pytest-homeassistant-custom-component's, the
same core as a real install) in a scratch config folder that holds a copy of
the store the parent built, and the real model folder. Two figures:

- `ha_setup_s_N`: `async_setup` of the config entry, from call to LOADED.
  The event loop is free again from then on; search is keyword-only. As on
  a real start, the integrations it builds on (conversation, the LLM helpers)
  are already loaded and its modules imported: that one-off cost does not
  grow with the store.
- `ha_hybrid_ready_s_N`: from the same start until the model is loaded and
  the vector index filled, i.e. hybrid search is ready (background work).
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
import shutil
import subprocess
import sys
import tempfile
import time
from typing import TYPE_CHECKING

from . import REPO_ROOT

if TYPE_CHECKING:
    from collections.abc import Sequence


async def _measure(db: Path) -> dict[str, float]:
    from homeassistant.config_entries import ConfigEntryState
    from homeassistant.loader import DATA_CUSTOM_COMPONENTS, async_get_integration
    from homeassistant.setup import async_setup_component
    from pytest_homeassistant_custom_component.common import (
        MockConfigEntry,
        async_test_home_assistant,
    )

    from custom_components.home_memory.const import DB_FILE, DB_FOLDER, DOMAIN
    from custom_components.home_memory.runtime.data import ModelStatus

    with tempfile.TemporaryDirectory(prefix="bench-ha-setup-") as scratch:
        config = Path(scratch)
        (config / DB_FOLDER).mkdir()
        shutil.copyfile(db, config / DB_FOLDER / DB_FILE)
        async with async_test_home_assistant(config_dir=str(config)) as hass:
            # Let the loader find custom_components on sys.path (the repo).
            hass.data.pop(DATA_CUSTOM_COMPONENTS, None)
            for component in ("homeassistant", "conversation"):
                if not await async_setup_component(hass, component, {}):
                    raise RuntimeError(f"{component} did not set up")
            integration = await async_get_integration(hass, DOMAIN)
            await integration.async_get_component()
            await integration.async_get_platforms(("sensor", "llm"))
            entry = MockConfigEntry(domain=DOMAIN, title="Home Memory")
            entry.add_to_hass(hass)
            started = time.perf_counter()
            if not await hass.config_entries.async_setup(entry.entry_id):
                raise RuntimeError("the entry did not set up")
            setup_s = time.perf_counter() - started
            if entry.state is not ConfigEntryState.LOADED:
                raise RuntimeError(f"entry state {entry.state}")
            data = entry.runtime_data
            if data.model_task is not None:
                await data.model_task
            ready_s = time.perf_counter() - started
            if data.model.status is not ModelStatus.READY:
                raise RuntimeError(f"model {data.model.status}: {data.model.error}")
            await hass.config_entries.async_unload(entry.entry_id)
            await hass.async_stop(force=True)
    return {"setup_s": setup_s, "hybrid_ready_s": ready_s}


def run_ha_setup(db: Path, n: int) -> tuple[dict[str, float], str | None]:
    """Measure in a child process; (figures named for n, error or None)."""
    command = [sys.executable, "-m", "benchmarks.ha_setup", str(db)]
    done = subprocess.run(
        command, cwd=REPO_ROOT, capture_output=True, text=True, timeout=600, check=False
    )
    if done.returncode != 0:
        tail = " ".join(done.stderr.strip().splitlines()[-3:])
        return {}, f"setup child failed (exit {done.returncode}): {tail}"
    raw = json.loads(done.stdout.strip().splitlines()[-1])
    return {
        f"ha_setup_s_{n}": raw["setup_s"],
        f"ha_hybrid_ready_s_{n}": raw["hybrid_ready_s"],
    }, None


def main(argv: Sequence[str] | None = None) -> None:
    """Child-process entry: print the figures as one JSON line."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ha_setup")
    parser.add_argument("db", type=Path)
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(_measure(args.db))))


if __name__ == "__main__":
    main()
