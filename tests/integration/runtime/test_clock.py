"""One clock: Home Assistant's time is the store's, and nothing binds another.

The engine reads "now" from the clock the integration injects (Home
Assistant's time, runtime/clock.py). A module that binds a system clock at
import (`clock=time.time` as a default) keeps the real function while the
test harness freezes time, and the store and the tests then disagree about
the date; that failed on some calendar days only.
"""

from __future__ import annotations

import ast
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from ..conftest import call

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

PACKAGE = Path(__file__).parents[3] / "custom_components" / "home_memory"

# The system's clocks, as `module.function`.
SYSTEM_CLOCKS = {
    "time.time",
    "time.time_ns",
    "time.monotonic",
    "time.monotonic_ns",
    "time.perf_counter",
    "datetime.now",
    "datetime.utcnow",
    "datetime.today",
    "date.today",
    "dt_util.now",
    "dt_util.utcnow",
}
# Where a system clock may be read (called), and which.
READ_ALLOWED = {
    # The engine's default clocks, read at each call.
    "memory/common/clock.py": {"time.time", "time.monotonic"},
    # Home Assistant's time: the one clock the integration injects.
    "runtime/clock.py": {"dt_util.utcnow"},
    # Latency: a duration only, never compared with a date.
    "runtime/latency.py": {"time.perf_counter"},
    # A download's pace: a duration only, never compared with a date.
    "runtime/download.py": {"time.monotonic"},
}
# Where a system clock is still bound as a value (not called), and why.
BINDING_ALLOWED: set[tuple[str, str]] = set()
# Home Assistant's time read directly (dt_util) is the same clock as the
# store's, for dates the integration shows or compares with user input.
HA_TIME = {"dt_util.now", "dt_util.utcnow"}


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}"
    return None


type Uses = list[tuple[int, str]]


def _clock_uses(tree: ast.Module) -> tuple[Uses, Uses]:
    """(bindings, reads): system clocks used as values, and called."""
    called: set[int] = set()
    reads: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and (name := _dotted(node.func)) in SYSTEM_CLOCKS:
            called.add(id(node.func))
            reads.append((node.lineno, name))
    bindings = [
        (node.lineno, name)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and id(node) not in called
        and (name := _dotted(node)) in SYSTEM_CLOCKS
    ]
    # `from time import time` binds the function at import as well.
    bindings.extend(
        (node.lineno, name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if (name := f"{node.module}.{alias.name}") in SYSTEM_CLOCKS
    )
    return bindings, reads


def _sources() -> list[tuple[str, ast.Module]]:
    return [
        (path.relative_to(PACKAGE).as_posix(), ast.parse(path.read_text("utf-8")))
        for path in sorted(PACKAGE.rglob("*.py"))
    ]


def test_no_module_binds_a_system_clock() -> None:
    """No default argument, keyword or assignment holds a system clock."""
    found = [
        f"{module}:{line}: {name}"
        for module, tree in _sources()
        for line, name in _clock_uses(tree)[0]
        if (module, name) not in BINDING_ALLOWED
    ]
    assert found == []


def test_the_system_clock_is_read_in_one_place() -> None:
    """The engine reads no clock but the store's; the integration Home Assistant's."""
    found = [
        f"{module}:{line}: {name}"
        for module, tree in _sources()
        for line, name in _clock_uses(tree)[1]
        if name not in READ_ALLOWED.get(module, set())
        and not (name in HA_TIME and not module.startswith("memory/"))
    ]
    assert found == []


def test_the_scan_sees_a_bound_clock() -> None:
    """The scan above finds the binding that once broke the date tests."""
    tree = ast.parse(
        "import time\n"
        "from time import monotonic\n"
        "def open(clock=time.time): return clock()\n"
        "def stamp(): return time.time()\n"
    )
    bindings, reads = _clock_uses(tree)
    assert sorted(bindings) == [(2, "time.monotonic"), (3, "time.time")]
    assert reads == [(4, "time.time")]


@pytest.mark.usefixtures("init_integration")
@pytest.mark.parametrize(
    "frozen",
    [
        # Long past, and far ahead: neither is "today" on any day this runs.
        datetime(2003, 2, 1, 12, 0, tzinfo=UTC),
        datetime(2041, 7, 9, 23, 30, tzinfo=UTC),
    ],
)
async def test_the_store_stamps_home_assistants_time(
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    freezer: FrozenDateTimeFactory,
    init_integration: MockConfigEntry,
    frozen: datetime,
) -> None:
    """A memory made at a frozen time carries that time, and so does its log."""
    freezer.move_to(frozen)
    first: dict[str, Any] = await call(
        hass, "remember", {"content": "The boiler was serviced"}, user=hass_admin_user
    )
    freezer.tick(timedelta(hours=2))
    second: dict[str, Any] = await call(
        hass, "remember", {"content": "The gutter was cleaned"}, user=hass_admin_user
    )
    assert datetime.fromisoformat(first["memory"]["created_at"]) == frozen
    assert datetime.fromisoformat(second["memory"]["created_at"]) == frozen + timedelta(
        hours=2
    )
    store = init_integration.runtime_data.store
    assert store.now() == (frozen + timedelta(hours=2)).timestamp()
    # The audit log keeps the same time.
    entries = await hass.async_add_executor_job(
        partial(store.log_entries, memory_id=first["memory"]["id"])
    )
    assert entries
    assert all(entry.at == frozen for entry in entries)
