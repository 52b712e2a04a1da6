"""Observation benchmarks: the listener's cost, sustained throughput, narration.

`measure()` runs without a Home Assistant instance: the listener is the real
`StateChangeRecorder.async_on_state_changed`, driven with synthetic
state-changed events; the rest is the engine code the observer runs in the
executor (rating, buffer, segmentation, template narration, the store).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
import random
import statistics
import tempfile
import time
from typing import TYPE_CHECKING, Final
from zoneinfo import ZoneInfo

from homeassistant.const import EVENT_STATE_CHANGED
from homeassistant.core import Context, Event, State

from custom_components.home_memory.background.observer import (
    EntityInfo,
    StateChangeRecorder,
    to_events,
)
from custom_components.home_memory.memory.embedding.embedder import (
    default_model_dir,
    load_embedder,
)
from custom_components.home_memory.memory.observation.drain import drain, store_events
from custom_components.home_memory.memory.observation.event_buffer import EventBuffer
from custom_components.home_memory.memory.observation.narration import narrate
from custom_components.home_memory.memory.observation.segmentation import (
    DEFAULT_RULES as _RULES,
    ready_segments,
)
from custom_components.home_memory.memory.store import MemoryStore

if TYPE_CHECKING:
    from homeassistant.core import EventStateChangedData

    from custom_components.home_memory.memory.embedding.embedder import Embedder

TZ: Final = ZoneInfo("Europe/Berlin")
START: Final = datetime(2026, 11, 23, 6, 0, tzinfo=TZ).timestamp()
SEED: Final = 20261123
LISTENER_EVENTS: Final = 20_000
PIPELINE_EVENTS: Final = 20_000
NARRATED_SEGMENTS: Final = 300
FLUSH_BATCH: Final = 500
PERSONA: Final = "Assistant"

_ENTITIES: Final = (
    *(f"light.room_{n}" for n in range(12)),
    *(f"media_player.speaker_{n}" for n in range(3)),
    "climate.living_room",
    "lock.front_door",
    "binary_sensor.front_door",
    "person.anna",
    "person.ben",
    "person.cara",
)
# Changes of entities nobody observes: the listener rejects them from its cache.
_IGNORED: Final = tuple(f"sensor.power_{n}" for n in range(10))
_STATES: Final = {
    "light": ("on", "off"),
    "media_player": ("playing", "paused", "idle"),
    "climate": ("heat", "off"),
    "lock": ("locked", "unlocked"),
    "binary_sensor": ("on", "off"),
    "person": ("home", "not_home"),
    "sensor": ("100", "200", "300"),
}
_INFO: Final = {
    entity_id: EntityInfo(
        entity_id.split(".", maxsplit=1)[0],
        f"Room {index % 6}",
        "door" if entity_id.startswith("binary_sensor") else None,
    )
    for index, entity_id in enumerate(_ENTITIES)
}


def _decide(entity_id: str, _: State) -> EntityInfo | None:
    return _INFO.get(entity_id)


def synthetic_events(
    count: int, *, spacing_s: float, ignored_share: float = 0.3
) -> list[Event[EventStateChangedData]]:
    """State changes: mostly observed entities, some ignored, time-ordered."""
    rng = random.Random(SEED)
    current: dict[str, str] = {}
    events: list[Event[EventStateChangedData]] = []
    for index in range(count):
        entity_id = rng.choice(_IGNORED if rng.random() < ignored_share else _ENTITIES)
        domain = entity_id.split(".", maxsplit=1)[0]
        old_value = current.get(entity_id, _STATES[domain][0])
        new_value = rng.choice([s for s in _STATES[domain] if s != old_value])
        current[entity_id] = new_value
        name = {"friendly_name": entity_id.split(".")[1].replace("_", " ").title()}
        events.append(
            Event(
                EVENT_STATE_CHANGED,
                {
                    "entity_id": entity_id,
                    "old_state": State(entity_id, old_value, name),
                    "new_state": State(entity_id, new_value, name),
                },
                time_fired_timestamp=START + index * spacing_s,
                context=Context(),
            )
        )
    return events


def listener_us_per_event() -> float:
    """The loop-side cost of one state change (best of three passes)."""
    events = synthetic_events(LISTENER_EVENTS, spacing_s=0.2)
    best = float("inf")
    for _ in range(3):
        recorder = StateChangeRecorder(_decide)
        callback = recorder.async_on_state_changed
        started = time.perf_counter()
        for event in events:
            callback(event)
        best = min(best, time.perf_counter() - started)
    return best / len(events) * 1e6


def _embedder() -> Embedder | None:
    model_dir = default_model_dir()
    return load_embedder(model_dir) if model_dir is not None else None


def events_per_s_sustained(embedder: Embedder | None) -> float:
    """Changes per second through buffer, segmentation, narration and store.

    The observer's own drain (`observer.drain`, one call per tick, as many
    ticks as it takes): without an AI Task the template narrator tells every
    closed segment, discarding the trivial ones, with no cooldown. Each
    memory is embedded with the real model when one is installed.
    """
    events = synthetic_events(PIPELINE_EVENTS, spacing_s=30.0, ignored_share=0.0)
    end = events[-1].time_fired_timestamp + 2 * 86_400
    with tempfile.TemporaryDirectory() as folder:
        store = MemoryStore(Path(folder) / "observation.db", embedder=embedder)
        try:
            buffer = EventBuffer(store)
            recorder = StateChangeRecorder(_decide)
            started = time.perf_counter()
            for start in range(0, len(events), FLUSH_BATCH):
                for event in events[start : start + FLUSH_BATCH]:
                    recorder.async_on_state_changed(event)
                store_events(buffer, to_events(recorder.take(), {}), TZ)
            while True:
                drained = drain(store, buffer, end, TZ, _RULES, PERSONA)
                if drained.error is not None:
                    raise drained.error
                if not drained.memories and not drained.discarded:
                    break
            elapsed = time.perf_counter() - started
            assert buffer.count() == 0
        finally:
            store.close()
    return len(events) / elapsed


def narration_ms_per_segment() -> float:
    """The template narrator's time for one segment (mean)."""
    events = synthetic_events(NARRATED_SEGMENTS * 25, spacing_s=40.0, ignored_share=0.0)
    recorder = StateChangeRecorder(_decide)
    for event in events:
        recorder.async_on_state_changed(event)
    # Buffer ids, as the store would give them.
    observed = [
        replace(event, seq=index + 1)
        for index, event in enumerate(to_events(recorder.take(), {}))
    ]
    segments = ready_segments(observed, now=observed[-1].at + 86_400, tz=TZ)
    timings = []
    for segment in segments[:NARRATED_SEGMENTS]:
        started = time.perf_counter()
        narrate(segment, persona=PERSONA, tz=TZ)
        timings.append(time.perf_counter() - started)
    return statistics.fmean(timings) * 1000


def measure() -> dict[str, float]:
    """All three figures."""
    return {
        "listener_us_per_event": listener_us_per_event(),
        "events_per_s_sustained": events_per_s_sustained(_embedder()),
        "narration_ms_per_segment": narration_ms_per_segment(),
    }


if __name__ == "__main__":
    started_at = datetime.now(UTC)
    for key, value in measure().items():
        print(f"{key:28} {value:10.3f}")
    print(f"({(datetime.now(UTC) - started_at).total_seconds():.1f} s)")
