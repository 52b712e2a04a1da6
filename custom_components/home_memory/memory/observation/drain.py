"""Observed changes into memories: the drain of the durable buffer (blocking).

What the home observer (background/observer.py) hands to the executor: the
changes it recorded are rated and written to the buffer (`store_events`);
closed segments are read from the head of the buffer, the ones not worth a
memory discarded, and the rest told by the template narrator and written
(`drain`), each memory and the move of its events from the buffer to the
memory (its provenance) in one transaction (`write_memory`). The AI Task's
narration is the observer's (it needs Home Assistant); its memory is written
here too.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import partial
import logging
import sqlite3
from typing import TYPE_CHECKING, Any, Final

from ..common.errors import MemoryEngineError, StaleEventsError
from ..common.values import Caller
from .before import before, note
from .event_buffer import EventBuffer, ObservedEvent
from .narration import narrate
from .routine import record, unusual
from .scenes import worth_telling
from .segmentation import rated, ready_segments

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Sequence
    from datetime import tzinfo

    from ..common.values import Memory
    from ..store import MemoryStore
    from .narration import Narration
    from .segmentation import Segment, SegmentationRules

_LOGGER = logging.getLogger(__name__)

# Events read per segmentation pass: a segment holds at most 50, so this
# covers many segments while keeping one pass cheap.
SEGMENT_WINDOW: Final = 1000
# Segments the template narrator handles per drain at most (one executor
# job): with a tick a minute, up to 50 x 200 changes a minute drain.
DRAIN_PER_TICK: Final = 200
# A motion sensor on again this soon after going off continues its stretch.
MERGE_PULSES_S: Final = 5 * 60
# Importance of a change of an entity the options mark significant: never a
# lone trivial change (worth_remembering), yet not an alarm that breaks a
# segment.
SIGNIFICANT_ENTITY: Final = 0.5
# Observed memories belong to the household, written by no one in particular.
HOUSEHOLD: Final = Caller()


@dataclass(frozen=True, slots=True)
class PendingObservations:
    """Observed changes waiting to become a memory: a count and a time only.

    Every user can read the sensor that shows this, so it never names an
    entity, a person or a state.
    """

    events: int = 0
    # When the oldest waiting change happened (unix seconds).
    oldest_at: float | None = None

    @property
    def oldest(self) -> datetime | None:
        """The oldest waiting change's time, or None when nothing waits."""
        return (
            None
            if self.oldest_at is None
            else datetime.fromtimestamp(self.oldest_at, UTC)
        )

    def as_dict(self) -> dict[str, Any]:
        """For diagnostics and action responses."""
        oldest = self.oldest
        return {
            "events": self.events,
            "oldest_event_at": None if oldest is None else oldest.isoformat(),
        }


def pending_observations(buffer: EventBuffer) -> PendingObservations:
    """What the durable buffer holds (blocking)."""
    return PendingObservations(*buffer.summary())


def store_events(
    buffer: EventBuffer,
    events: list[ObservedEvent],
    tz: tzinfo,
    significant: Collection[str] = (),
) -> PendingObservations:
    """Rate the changes and write them to the durable buffer; what now waits.

    Pulses of motion and occupancy sensors are merged into stretches of
    activity (`MERGE_PULSES_S`); the changes of entities marked significant
    in the options are never trivial (at least `SIGNIFICANT_ENTITY`).
    """
    rated_events = []
    for event in events:
        rated_event = rated(event, tz)
        if event.entity_id in significant:
            rated_event = replace(
                rated_event,
                importance=max(rated_event.importance, SIGNIFICANT_ENTITY),
            )
        rated_events.append(rated_event)
    buffer.append(rated_events, merge_pulses_s=MERGE_PULSES_S)
    return pending_observations(buffer)


def closed_segments(
    buffer: EventBuffer,
    now: float,
    tz: tzinfo,
    rules: SegmentationRules,
    *,
    force: bool = False,
) -> list[Segment]:
    """The closed segments at the head of the buffer (`force`: all of them)."""
    events, more_after = buffer.oldest(SEGMENT_WINDOW)
    return ready_segments(
        events, now=now, tz=tz, rules=rules, more_after=more_after, force=force
    )


@dataclass(slots=True)
class Drained:
    """What one template drain did."""

    memories: list[Memory] = field(default_factory=list)
    # Segments dropped as not worth a memory.
    discarded: int = 0
    # The oldest closed segment left for the AI Task, if any.
    next_segment: Segment | None = None
    # Changes still buffered afterwards (None when unknown after an error).
    pending: PendingObservations | None = None
    # Why the drain stopped early (the store closing or failing).
    error: Exception | None = None


def drain(
    store: MemoryStore,
    buffer: EventBuffer,
    now: float,
    tz: tzinfo,
    rules: SegmentationRules,
    persona: str,
    *,
    keep: int = 0,
    limit: int = DRAIN_PER_TICK,
    should_stop: Callable[[], bool] = lambda: False,
    force: bool = False,
    language: str | None = None,
) -> Drained:
    """Tell closed segments with the template narrator, oldest first.

    Segments not worth a memory are discarded. The newest `keep` closed
    segments worth a memory are left for the AI Task; the oldest of those is
    returned as `next_segment`. At most `limit` segments are narrated; the
    drain stops early when `should_stop()` (the observer is stopping) or the
    store fails (`error`). `force` closes every buffered segment now.
    """
    drained = Drained()
    told = 0
    try:
        while told < limit and not should_stop():
            worthy: list[Segment] = []
            for segment in closed_segments(buffer, now, tz, rules, force=force):
                if worth_telling(segment, rules):
                    worthy.append(segment)
                else:
                    # A lone trivial change is no memory (worth_telling).
                    buffer.discard(segment.seqs, partial(_note, segment.events))
                    drained.discarded += 1
            batch = worthy[: max(0, len(worthy) - keep)][: limit - told]
            if not batch:
                drained.next_segment = worthy[0] if worthy else None
                break
            for segment in batch:
                if should_stop():
                    break
                told += 1
                memory = narrate_and_write(
                    store, segment, persona, tz, rules, language=language
                )
                if memory is not None:
                    drained.memories.append(memory)
        drained.pending = pending_observations(buffer)
    except (MemoryEngineError, sqlite3.Error, OSError) as err:
        drained.error = err
    return drained


def _note(events: Sequence[ObservedEvent], conn: sqlite3.Connection) -> None:
    note(conn, events)


def write_memory(
    store: MemoryStore, segment: Segment, narration: Narration, tz: tzinfo
) -> Memory | None:
    """Store the memory, move its events to it and count them into the home's
    routine (routine.py), in one transaction.

    None when the events were already consumed (nothing is written twice).
    """

    def consume(conn: sqlite3.Connection, results: list[Any]) -> None:
        EventBuffer.consume(conn, segment.seqs, results[0].memory.id)
        EventBuffer.keep_earlier(conn, narration.earlier, results[0].memory.id)
        record(conn, segment.events, tz)
        note(conn, segment.events)

    try:
        results = store.create_many(
            [narration.new_memory()],
            HOUSEHOLD,
            dedup=False,
            in_transaction=consume,
        )
    except StaleEventsError:
        _LOGGER.debug("Segment %s was already remembered", segment.seqs[:1])
        return None
    return results[0].memory


def narrate_and_write(
    store: MemoryStore,
    segment: Segment,
    persona: str,
    tz: tzinfo,
    rules: SegmentationRules,
    *,
    language: str | None = None,
) -> Memory | None:
    """The template narrator's memory of the segment, stored; what is unusual
    for this home is read from its routine first."""
    narration = narrate(
        segment,
        persona=persona,
        tz=tz,
        rules=rules,
        language=language,
        unusual=unusual(store, segment.events, tz),
        before=before(store, segment.events),
    )
    return write_memory(store, segment, narration, tz)
