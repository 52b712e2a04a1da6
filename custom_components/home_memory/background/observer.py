"""The home observer: state changes become first-person memories.

A deque on the event loop, a durable buffer written in the executor, and
closed segments told every minute (by the AI Task or the template narrator),
each memory committed with the deletion of its events.

In more words: docs/architecture.md, "`background/observer.py`".
"""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
import threading
from typing import TYPE_CHECKING, Any, Final

from homeassistant.const import (
    ATTR_DEVICE_CLASS,
    ATTR_UNIT_OF_MEASUREMENT,
    EVENT_STATE_CHANGED,
    STATE_UNAVAILABLE,
    STATE_UNKNOWN,
)
from homeassistant.core import callback, split_entity_id
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
)
from homeassistant.helpers.dispatcher import async_dispatcher_send
from homeassistant.helpers.event import async_call_later, async_track_time_interval
from homeassistant.util import dt as dt_util

from ..const import DOMAIN, LOGGER, SIGNAL_PENDING_OBSERVATIONS
from ..memory.common.errors import MemoryEngineError
from ..memory.observation.drain import (
    DRAIN_PER_TICK,
    Drained,
    PendingObservations,
    drain,
    pending_observations,
    store_events,
)
from ..memory.observation.event_buffer import EventBuffer, ObservedEvent
from ..memory.observation.scenes import seat_owner
from ..memory.observation.segmentation import DEFAULT_RULES, generation_allowed
from ..operations.events import async_memories_changed
from .observed_ai import AiNarrator, ai_task_entity

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Mapping
    from datetime import tzinfo

    from homeassistant.core import (
        Context,
        Event,
        EventStateChangedData,
        HomeAssistant,
        State,
    )

    from ..memory.common.values import Memory
    from ..memory.observation.segmentation import SegmentationRules
    from ..memory.store import MemoryStore
    from ..runtime.options import HomeMemoryOptions

FLUSH_INTERVAL: Final = timedelta(seconds=5)
TICK_INTERVAL: Final = timedelta(minutes=1)
# Closed segments left waiting for the AI Task during its cooldown; beyond
# this many, the oldest are told by the template narrator instead.
AI_BACKLOG: Final = 3
# Buffered changes above which a warning says observation is falling behind.
BUFFER_WARN_AT: Final = 20_000
# Changes held in memory while the database cannot take them (it is closing
# or failing); beyond this the oldest are dropped rather than exhausting RAM.
MAX_PENDING: Final = 100_000
# Segments the close_segment action tells at most in one call; a larger
# backlog is left to the ticks (and reported as still waiting).
CLOSE_LIMIT: Final = 1000
# The sensor shows a change not written yet at most this long after it: a
# busy home (many changes a second) rewrites it once per this period.
PENDING_DEBOUNCE_S: Final = 1.0

_IGNORED_STATES: Final = frozenset({STATE_UNKNOWN, STATE_UNAVAILABLE})
# Binary sensors observed through the domain: openings, alarms about safety,
# and motion, occupancy and presence (what people do; their pulses are merged
# into stretches of activity in the buffer, drain.MERGE_PULSES_S).
BINARY_SENSOR_CLASSES: Final = frozenset(
    {
        "motion",
        "occupancy",
        "presence",
        "door",
        "garage_door",
        "window",
        "opening",
        "smoke",
        "gas",
        "carbon_monoxide",
        "moisture",
        "heat",
    }
)


@dataclass(frozen=True, slots=True)
class EntityInfo:
    """What the observer keeps about an observed entity."""

    domain: str
    area: str | None
    device_class: str | None


# (fired at, entity id, info, old state, new state, new State, user id)
type PendingChange = tuple[float, str, EntityInfo, str, str, State, str | None]
type EntityDecider = Callable[[str, State], EntityInfo | None]

# Cache marker for an entity not decided yet.
_UNDECIDED: Final = EntityInfo("", None, None)


class StateChangeRecorder:
    """The loop-side hot path: observed changes into a deque, nothing more.

    `decide` says whether an entity is observed; its answer is cached until
    `forget_entities()` (registries or options changed).
    """

    def __init__(
        self, decide: EntityDecider, on_append: Callable[[], None] | None = None
    ) -> None:
        """Start with an empty cache and nothing pending."""
        self._decide = decide
        # Told of every recorded change (the observer debounces the sensor).
        self._on_append = on_append
        self._entities: dict[str, EntityInfo | None] = {}
        self.pending: deque[PendingChange] = deque(maxlen=MAX_PENDING)

    @callback
    def forget_entities(self) -> None:
        """Decide every entity afresh (an entity, device or area changed)."""
        self._entities.clear()

    @callback
    def async_on_state_changed(self, event: Event[EventStateChangedData]) -> None:
        """Record one state change if it is observed and a real change."""
        data = event.data
        entity_id = data["entity_id"]
        info = self._entities.get(entity_id, _UNDECIDED)
        new = data["new_state"]
        if info is None or new is None:
            return
        if info is _UNDECIDED:
            # An unavailable state lacks the attributes the decision reads.
            if new.state in _IGNORED_STATES:
                return
            info = self._entities[entity_id] = self._decide(entity_id, new)
            if info is None:
                return
        old = data["old_state"]
        # A new entity, a restored state after a restart, a device coming
        # back, or only attributes changing: nothing happened in the home.
        if old is None:
            return
        new_value = new.state
        old_value = old.state
        if (
            new_value == old_value
            or new_value in _IGNORED_STATES
            or old_value in _IGNORED_STATES
        ):
            return
        self.pending.append(
            (
                event.time_fired_timestamp,
                entity_id,
                info,
                old_value,
                new_value,
                new,
                event.context.user_id,
            )
        )
        if self._on_append is not None:
            self._on_append()

    @callback
    def take(self) -> list[PendingChange]:
        """Everything pending, oldest first; the queue is left empty."""
        taken = list(self.pending)
        self.pending.clear()
        return taken

    @callback
    def put_back(self, taken: list[PendingChange]) -> None:
        """Return changes that could not be stored to the front of the queue."""
        self.pending.extendleft(reversed(taken))


def to_events(
    taken: list[PendingChange],
    people_by_user: Mapping[str, str],
    people: Collection[str] = (),
) -> list[ObservedEvent]:
    """Recorded changes as buffer events (not yet rated).

    `people`: the household's person names; a bed or seat mat named after
    one ("Anna's Bed Occupancy") is about that person.
    """
    events: list[ObservedEvent] = []
    for at, entity_id, info, old, new, state, user_id in taken:
        name = state.name
        if info.domain == "person":
            # A person's own change is about them.
            person: str | None = name
        elif info.domain == "binary_sensor":
            # A sensor tells what it senses, not who reported it: a bed mat
            # Anna's login set is no getting up of hers (review s29 H3). It
            # is about the person whose bed or seat it is, or nobody.
            person = seat_owner(info.domain, info.device_class, name, people)
        else:
            # Any other was caused by the person whose user the context names,
            # or is about the person whose bed or seat it is.
            person = people_by_user.get(user_id) if user_id else None
            if person is None:
                person = seat_owner(info.domain, info.device_class, name, people)
        events.append(
            ObservedEvent(
                at=at,
                entity_id=entity_id,
                domain=info.domain,
                name=name,
                area=info.area,
                device_class=info.device_class,
                old_state=old,
                new_state=new,
                person=person,
                user_id=user_id,
            )
        )
    return events


def is_numeric_state(state: State) -> bool:
    """A sensor measuring something (temperatures, power...)."""
    if (
        ATTR_UNIT_OF_MEASUREMENT in state.attributes
        or "state_class" in state.attributes
    ):
        return True
    try:
        float(state.state)
    except ValueError:
        return False
    return True


def entity_decider(hass: HomeAssistant, options: HomeMemoryOptions) -> EntityDecider:
    """Which entities the options select, with their area, from the registries.

    Explicitly listed entities are always observed. Otherwise an entity must
    be of an observed domain (binary sensors only for openings and safety
    alarms; numeric sensors only with that option) and, when areas are chosen,
    in one of them; people belong to no room and are always observed with
    their domain. Home Memory's own entities, configuration and diagnostic
    entities, and disabled or hidden ones are never observed.
    """
    entities = er.async_get(hass)
    devices = dr.async_get(hass)
    areas = ar.async_get(hass)
    explicit = frozenset((*options.observed_entities, *options.significant_entities))
    domains = frozenset(options.observed_domains)
    chosen_areas = frozenset(options.observed_areas)

    def decide(  # noqa: PLR0911 - one return per rule
        entity_id: str, state: State
    ) -> EntityInfo | None:
        domain = split_entity_id(entity_id)[0]
        device_class = state.attributes.get(ATTR_DEVICE_CLASS)
        entry = entities.async_get(entity_id)
        area_id: str | None = None
        if entry is not None:
            if entry.platform == DOMAIN or entry.entity_category is not None:
                return None
            if entry.disabled or (entry.hidden and entity_id not in explicit):
                return None
            area_id = entry.area_id
            if area_id is None and entry.device_id is not None:
                device = devices.async_get(entry.device_id)
                area_id = device.area_id if device is not None else None
        if entity_id not in explicit:
            if domain == "sensor" and is_numeric_state(state):
                if not options.observe_numeric_sensors:
                    return None
            elif domain not in domains:
                return None
            if domain == "binary_sensor" and device_class not in BINARY_SENSOR_CLASSES:
                return None
            if chosen_areas and domain != "person" and area_id not in chosen_areas:
                return None
        area = areas.async_get_area(area_id) if area_id is not None else None
        return EntityInfo(
            domain,
            area.name if area is not None else None,
            device_class if isinstance(device_class, str) else None,
        )

    return decide


# -- the observer ------------------------------------------------------------


class PendingSignal:
    """Tells the sensors that what waits changed: now, or once per burst."""

    def __init__(self, hass: HomeAssistant) -> None:
        """Nothing is scheduled yet."""
        self._hass = hass
        self._cancel: Callable[[], None] | None = None
        self._stopped = False

    @callback
    def soon(self) -> None:
        """A change was recorded: tell within `PENDING_DEBOUNCE_S`, once per burst."""
        if self._cancel is None and not self._stopped:
            self._cancel = async_call_later(self._hass, PENDING_DEBOUNCE_S, self.now)

    @callback
    def now(self, _: datetime | None = None) -> None:
        """Tell now; a call scheduled by `soon` is dropped."""
        self._drop_scheduled()
        async_dispatcher_send(self._hass, SIGNAL_PENDING_OBSERVATIONS)

    @callback
    def stop(self) -> None:
        """Schedule nothing more (the observer stops); `now` still tells."""
        self._stopped = True
        self._drop_scheduled()

    @callback
    def _drop_scheduled(self) -> None:
        if (cancel := self._cancel) is not None:
            self._cancel = None
            cancel()


class BacklogWarning:
    """Says once when the buffer grows past `BUFFER_WARN_AT`, and when it is back."""

    def __init__(self) -> None:
        """Not falling behind yet."""
        self._falling_behind = False

    @callback
    def report(self, waiting: int) -> None:
        """Log a change of state only: behind, or caught up (at half the cap)."""
        if waiting > BUFFER_WARN_AT and not self._falling_behind:
            self._falling_behind = True
            LOGGER.warning(
                "%s observed changes are waiting to become memories (more than "
                "%s); observation is falling behind",
                waiting,
                BUFFER_WARN_AT,
            )
        elif waiting <= BUFFER_WARN_AT // 2 and self._falling_behind:
            self._falling_behind = False
            LOGGER.info(
                "Observation caught up: %s observed changes are waiting", waiting
            )


class HomeObserver:
    """Wires the recorder, the buffer, the segmenter and the narrators to HA.

    The entry's `HomeMemoryData.observer` (an `ObserverHandle`).
    """

    def __init__(
        self,
        hass: HomeAssistant,
        store: MemoryStore,
        options: HomeMemoryOptions,
        *,
        rules: SegmentationRules = DEFAULT_RULES,
    ) -> None:
        """Prepare; nothing listens before `async_start`."""
        self.hass = hass
        self.store = store
        self.options = options
        self.rules = rules
        self.buffer = EventBuffer(store)
        self._signal = PendingSignal(hass)
        self.recorder = StateChangeRecorder(
            entity_decider(hass, options), self._signal.soon
        )
        self._narrator = AiNarrator(
            hass, store, options, dt_util.get_default_time_zone, rules
        )
        self.last_generated_at: float | None = None
        self._unsubscribe: list[Callable[[], None]] = []
        self._tick_task: asyncio.Task[None] | None = None
        self._flush_lock = asyncio.Lock()
        self._tick_lock = asyncio.Lock()
        self._stopped = False
        # Read by the drain in the executor between segments.
        self._stopping = threading.Event()
        self._backlog = BacklogWarning()
        # What waits in the durable buffer, as of the last flush or tick.
        self._stored = PendingObservations()
        # Changes a flush has taken from the recorder and is writing.
        self._in_flight: list[PendingChange] = []

    @property
    def tz(self) -> tzinfo:
        """Home Assistant's zone now: a zone changed while hass runs
        (`config/core/update`) tells the next segment's time of day, not
        the zone of the setup (review s29 M9: Berlin's "Monday evening" at
        08:18 in the new zone)."""
        return dt_util.get_default_time_zone()

    @callback
    def async_start(self) -> None:
        """Listen to state changes and start the flush and tick timers."""
        hass = self.hass
        self._unsubscribe = [
            hass.bus.async_listen(
                EVENT_STATE_CHANGED, self.recorder.async_on_state_changed
            ),
            hass.bus.async_listen(
                er.EVENT_ENTITY_REGISTRY_UPDATED, self._async_registry_changed
            ),
            hass.bus.async_listen(
                dr.EVENT_DEVICE_REGISTRY_UPDATED, self._async_registry_changed
            ),
            hass.bus.async_listen(
                ar.EVENT_AREA_REGISTRY_UPDATED, self._async_registry_changed
            ),
            async_track_time_interval(
                hass,
                self._async_flush_timer,
                FLUSH_INTERVAL,
                name=f"{DOMAIN} observer flush",
                cancel_on_shutdown=True,
            ),
            async_track_time_interval(
                hass,
                self._async_tick_timer,
                TICK_INTERVAL,
                name=f"{DOMAIN} observer tick",
                cancel_on_shutdown=True,
            ),
        ]

    @callback
    def _async_registry_changed(self, _: Event[Any]) -> None:
        self.recorder.forget_entities()

    @property
    def pending(self) -> PendingObservations:
        """What waits: the durable buffer as last read, plus changes not written yet.

        The one source of the sensor, the diagnostics and the close_segment
        response, so they always agree.
        """
        stored = self._stored
        unwritten = len(self._in_flight) + len(self.recorder.pending)
        if not unwritten:
            return stored
        # A flush takes the oldest changes; a failed one puts them back first.
        first = self._in_flight[0] if self._in_flight else self.recorder.pending[0]
        oldest = first[0]
        if stored.oldest_at is not None:
            oldest = min(oldest, stored.oldest_at)
        return PendingObservations(stored.events + unwritten, oldest)

    @property
    def unwritten(self) -> int:
        """Changes recorded but not written to the durable buffer yet."""
        return len(self.recorder.pending)

    @callback
    def _set_pending(self, stored: PendingObservations) -> None:
        """Keep what the buffer holds; tell the sensors now."""
        self._stored = stored
        self._signal.now()

    async def async_refresh_pending(self) -> PendingObservations:
        """Read the buffer now; what waits, changes not written yet included."""
        # Not while a flush or drain writes: a read taken before their write
        # would overwrite their newer count.
        async with self._flush_lock:
            stored = await self.hass.async_add_executor_job(
                pending_observations, self.buffer
            )
            self._set_pending(stored)
        return self.pending

    async def async_stop(self) -> None:
        """Stop listening, give up a narration in flight, write what is pending.

        Runs before the store closes (on unload and on shutdown). Events of
        an abandoned narration are still in the buffer: nothing is lost.
        """
        if self._stopped:
            return
        self._stopped = True
        self._signal.stop()
        self._stopping.set()
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe.clear()
        if (task := self._tick_task) is not None and not task.done():
            task.cancel()
            await asyncio.wait([task])
        await self.async_flush()

    async def _async_flush_timer(self, _: datetime) -> None:
        await self.async_flush()

    async def async_flush(self) -> int:
        """Write pending changes to the durable buffer; how many were written."""
        async with self._flush_lock:
            return await self._async_flush_locked()

    async def _async_flush_locked(self) -> int:
        if not self.recorder.pending:
            return 0
        taken = self._in_flight = self.recorder.take()
        events = to_events(taken, self._people_by_user(), self._people())
        try:
            pending = await self.hass.async_add_executor_job(
                store_events,
                self.buffer,
                events,
                self.tz,
                frozenset(self.options.significant_entities),
            )
        except MemoryEngineError as err:
            # The store is closing or failing (closed, locked, disk full,
            # I/O): keep the changes for the next attempt instead of
            # dropping them.
            LOGGER.warning("Observed changes could not be stored yet: %s", err)
            self.recorder.put_back(taken)
            return 0
        finally:
            self._in_flight = []
        self._set_pending(pending)
        return len(events)

    @callback
    def _people(self) -> list[str]:
        """The names of the household's person entities."""
        return [state.name for state in self.hass.states.async_all("person")]

    @callback
    def _people_by_user(self) -> dict[str, str]:
        """User id -> person name, from the person entities' user_id attribute."""
        return {
            user_id: state.name
            for state in self.hass.states.async_all("person")
            if isinstance(user_id := state.attributes.get("user_id"), str)
        }

    @callback
    def _async_tick_timer(self, _: datetime) -> None:
        # One tick at a time: an AI Task narration may outlast the interval.
        if self._stopped or self._tick_lock.locked():
            return
        self._tick_task = self.hass.async_create_task(
            self._async_tick_quietly(), f"{DOMAIN} observer tick"
        )

    async def _async_tick_quietly(self) -> None:
        try:
            await self.async_tick()
        except Exception:  # noqa: BLE001 - logged with its traceback
            # The segment stays buffered and is tried again next tick.
            LOGGER.exception("Forming a memory from observed changes failed")

    async def async_tick(self) -> list[Memory]:
        """Turn closed segments into memories; the memories formed."""
        async with self._tick_lock:
            return await self._async_tick_locked()

    async def _async_tick_locked(self) -> list[Memory]:
        hass = self.hass
        entity_id = ai_task_entity(hass, self.options)
        now, drained = await self._async_flush_and_drain(
            keep=0 if entity_id is None else AI_BACKLOG
        )
        created = drained.memories
        if created:
            async_memories_changed(hass, created=created)
        if (err := drained.error) is not None:
            if isinstance(err, MemoryEngineError):
                LOGGER.debug("Observation skipped: %s", err)
            else:
                # The segments stay buffered and are tried again next tick.
                LOGGER.warning("Forming memories from observed changes failed: %s", err)
            return created
        if drained.pending is not None:
            self._backlog.report(drained.pending.events)
        segment = drained.next_segment
        if (
            entity_id is None
            or segment is None
            or self._stopped
            or not generation_allowed(self.last_generated_at, now, self.rules)
        ):
            return created
        # The cooldown is between generations: it counts from this call,
        # whatever its outcome, so a failing entity is not asked every tick.
        self.last_generated_at = now
        if (
            memory := await self._narrator.async_remember(segment, entity_id)
        ) is not None:
            created.append(memory)
        await self.async_refresh_pending()
        return created

    async def async_close_segment(
        self, context: Context | None = None
    ) -> tuple[list[Memory], Drained]:
        """Close every buffered segment now and write its memory.

        The `close_segment` action: no quiet period, no cooldown. Closed
        segments are told as a tick would tell them (the newest by the AI
        Task when there is one, the rest by the template narrator), and the
        rule that a lone trivial change is no memory still applies: such a
        segment is discarded and counted. An invalid AI answer falls back to
        the template narrator here rather than dropping the changes, since
        someone asked for this memory. Raises the store's error.
        """
        async with self._tick_lock:
            hass = self.hass
            entity_id = ai_task_entity(hass, self.options)
            now, drained = await self._async_flush_and_drain(
                keep=0 if entity_id is None else 1, limit=CLOSE_LIMIT, force=True
            )
            created = list(drained.memories)
            if created:
                async_memories_changed(hass, created=created, context=context)
            if drained.error is not None:
                raise drained.error
            segment = drained.next_segment
            if entity_id is not None and segment is not None and not self._stopped:
                self.last_generated_at = now
                memory = await self._narrator.async_remember(segment, entity_id)
                if memory is not None:
                    created.append(memory)
            await self.async_refresh_pending()
            return created, drained

    async def _async_flush_and_drain(
        self, *, keep: int, limit: int = DRAIN_PER_TICK, force: bool = False
    ) -> tuple[float, Drained]:
        """Write what is buffered, then drain closed segments; (now, result).

        One flush lock over both: a flush between the drain's write and its
        count of what is left would let the older count win.
        """
        async with self._flush_lock:
            await self._async_flush_locked()
            now = self.store.now()
            drained = await self.hass.async_add_executor_job(
                partial(
                    drain,
                    self.store,
                    self.buffer,
                    now,
                    self.tz,
                    self.rules,
                    self.options.persona_name,
                    keep=keep,
                    limit=limit,
                    should_stop=self._stopping.is_set,
                    force=force,
                    language=self.hass.config.language,
                )
            )
            if drained.error is None and drained.pending is not None:
                self._set_pending(drained.pending)
        return now, drained


async def async_start_observer(observer: HomeObserver) -> None:
    """Start observing the home; `async_stop` runs before the store closes."""
    # The sensors were added before the observer: show what waited across the
    # restart at once, not after the first change or tick.
    try:
        await observer.async_refresh_pending()
    except MemoryEngineError as err:
        LOGGER.debug("The observation buffer could not be read yet: %s", err)
    observer.async_start()
