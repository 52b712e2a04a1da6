"""The household replayed through Home Memory inside Home Assistant.

A child process (`python -m benchmarks.household.replay`) starts a Home
Assistant test instance (pytest-homeassistant-custom-component's, the same
core as a real install), sets the integration up with the shipped model and
options observing every sensor of the home, and feeds the generated changes
to the state machine (`hass.states.async_set` with each change's time), so
they take the real path: the observer's state-change listener and entity
decision (registries, areas), the durable buffer, segmentation, narration
and the drain, and every simulated night at 03:00 the maintenance run
(decay, archive, consolidation) as scheduled.

Time is simulated with freezegun, as the integration tests do: Home
Assistant's clock, and so the store's, reads the simulated time. The
observer's tick (flush and drain) is called every five simulated minutes
while anything waits, and maintenance at 03:00, instead of waiting for
their timers (which run on the event loop's real clock): the same methods,
with the same "now". At the end, on the morning after the last night, every
question is put to the `home_memory.search` action as its text alone, by the
household member asking it.
"""

from __future__ import annotations

# Home Assistant's time must be patchable before anything imports it.
from pytest_homeassistant_custom_component import patch_time  # isort: skip

import argparse
import asyncio
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime, timedelta
import json
import os
from pathlib import Path
import shutil
import sys
import tempfile
import time
from typing import TYPE_CHECKING, Any

import freezegun

from . import faithfulness
from .german import in_german
from .home import (
    HELD_OUT_SEED,
    PEOPLE,
    SEED,
    TZ,
    TZ_NAME,
    VARIANTS,
    area_name,
    at_local,
    generate,
)
from .questions import asked_at, questions

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from homeassistant.core import HomeAssistant

    from .home import Household

DAY = 86_400.0
TICK = 300.0
AGES = (1, 7, 30)
MAINTENANCE_HOUR = 3


def _patch_freezegun() -> None:
    """The test plugin's freezegun fixes (it applies them per test)."""
    api: Any = freezegun.api
    api.FakeDate = patch_time.HAFakeDate
    api.datetime_to_fakedatetime = patch_time.ha_datetime_to_fakedatetime
    api.FakeDatetime = patch_time.HAFakeDatetime
    api._get_module_attributes = patch_time.ha_get_module_attributes  # noqa: SLF001
    api._get_module_attributes_hash = patch_time.ha_get_module_attributes_hash  # noqa: SLF001
    api._should_use_real_time = patch_time.ha_should_use_real_time  # noqa: SLF001
    api.get_current_time = patch_time.ha_get_current_time


@dataclass(slots=True)
class Tracked:
    """A memory the observer formed, and whether it was recallable at each age."""

    memory_id: str
    weight_class: str
    created_at: float
    recallable: dict[int, bool] = field(default_factory=dict)


@dataclass(slots=True)
class Outcome:
    """Everything the parent scores: ranks, retention, faithfulness, counts."""

    ranks: list[tuple[str, int | None]] = field(default_factory=list)
    asked: list[dict[str, Any]] = field(default_factory=list)
    tracked: list[Tracked] = field(default_factory=list)
    statements: dict[str, list[int]] = field(default_factory=dict)
    false_examples: list[str] = field(default_factory=list)
    false_events: list[list[str]] = field(default_factory=list)
    memories_created: int = 0
    memories_active_at_end: int = 0
    # Questions some memory (in any tier) answers: the most search could get.
    answerable: int = 0
    # Observer ticks that raised (the segment stays buffered, as in HA).
    tick_failures: int = 0
    tick_errors: list[str] = field(default_factory=list)
    changes: int = 0
    days: int = 0
    replay_s: float = 0.0


class _Replay:
    def __init__(self, hass: HomeAssistant, household: Household, frozen: Any) -> None:
        self.hass = hass
        self.household = household
        self.frozen = frozen
        self.outcome = Outcome(days=household.days, changes=len(household.changes))
        self.users: dict[str, str] = {}
        self.entry: Any = None
        self.by_id = {entity.entity_id: entity for entity in household.entities}

    def move_to(self, at: float) -> None:
        self.frozen.move_to(datetime.fromtimestamp(at, UTC))

    async def build_home(self) -> None:
        from homeassistant.helpers import area_registry as ar, entity_registry as er

        hass = self.hass
        for person in PEOPLE:
            user = await hass.auth.async_create_user(person, group_ids=["system-users"])
            self.users[person] = user.id
        areas = ar.async_get(hass)
        entities = er.async_get(hass)
        for entity in self.household.entities:
            if entity.domain == "person":
                continue
            object_id = entity.entity_id.split(".", 1)[1]
            entities.async_get_or_create(
                entity.domain,
                "household_bench",
                object_id,
                suggested_object_id=object_id,
                original_name=entity.name,
                original_device_class=entity.device_class,
            )
            if entity.area is not None:
                area = areas.async_get_area_by_name(entity.area) or areas.async_create(
                    entity.area
                )
                entities.async_update_entity(entity.entity_id, area_id=area.id)
        for entity in self.household.entities:
            hass.states.async_set(
                entity.entity_id, entity.initial, self.attributes(entity.entity_id)
            )
        await hass.async_block_till_done()

    def attributes(self, entity_id: str) -> dict[str, Any]:
        entity = self.by_id[entity_id]
        attributes: dict[str, Any] = {"friendly_name": entity.name}
        if entity.device_class is not None:
            attributes["device_class"] = entity.device_class
        if entity.domain == "person":
            attributes["user_id"] = self.users[entity.name]
        if entity.domain == "device_tracker":
            attributes["source_type"] = "gps"
        return attributes

    async def set_up_entry(self) -> None:
        from homeassistant.setup import async_setup_component
        from pytest_homeassistant_custom_component.common import MockConfigEntry

        from custom_components.home_memory.const import (
            CONF_OBSERVED_DOMAINS,
            CONF_OBSERVED_ENTITIES,
            CONF_PERSONA_NAME,
            DEFAULT_OBSERVED_DOMAINS,
            DOMAIN,
            SECTION_OBSERVATION,
            SECTION_PERSONA,
        )

        for component in ("homeassistant", "conversation"):
            if not await async_setup_component(self.hass, component, {}):
                raise RuntimeError(f"{component} did not set up")
        entry = MockConfigEntry(
            domain=DOMAIN,
            title="Home Memory",
            options={
                SECTION_PERSONA: {CONF_PERSONA_NAME: "Barnabee"},
                SECTION_OBSERVATION: {
                    CONF_OBSERVED_DOMAINS: list(DEFAULT_OBSERVED_DOMAINS),
                    CONF_OBSERVED_ENTITIES: list(self.household.observed_extra),
                },
            },
        )
        entry.add_to_hass(self.hass)
        if not await self.hass.config_entries.async_setup(entry.entry_id):
            raise RuntimeError("the entry did not set up")
        await self.hass.async_block_till_done()
        data = entry.runtime_data
        if data.model.task is not None:
            await data.model.task
        self.entry = entry

    async def tick(self, at: float) -> None:
        self.move_to(at)
        observer = self.entry.runtime_data.observer
        try:
            created = await observer.async_tick()
        except Exception as err:  # noqa: BLE001 - as the observer's timer does
            # The observer logs this and tries the segment again next tick:
            # counted, so a narrator that fails shows in the figures.
            self.outcome.tick_failures += 1
            if len(self.outcome.tick_errors) < 5:
                self.outcome.tick_errors.append(f"{type(err).__name__}: {err}")
            return
        if created:
            await self.hass.async_add_executor_job(self._told, created)

    def _told(self, created: Sequence[Any]) -> None:
        """Track new memories and check what they state against their events."""
        from custom_components.home_memory.memory.common.values import SYSTEM

        observer = self.entry.runtime_data.observer
        for memory in created:
            self.outcome.memories_created += 1
            self.outcome.tracked.append(
                Tracked(
                    memory.id, str(memory.weight_class), memory.created_at.timestamp()
                )
            )
            self.judge(memory.content, observer.buffer.told(memory, SYSTEM))

    def judge(self, text: str, told: Sequence[Any]) -> None:
        events = [
            faithfulness.ToldEvent(e.at, e.entity_id, e.old_state, e.new_state)
            for e in told
        ]
        for statement in faithfulness.check(text, events, TZ):
            counts = self.outcome.statements.setdefault(statement.kind, [0, 0])
            counts[0] += 1
            if not statement.true:
                counts[1] += 1
                if len(self.outcome.false_examples) < 40:
                    self.outcome.false_examples.append(
                        f"{statement.kind}: {statement.phrase!r} in {text!r}"
                    )
                    # Its events, for reading why (local time, entity, states).
                    self.outcome.false_events.append(
                        [
                            f"{datetime.fromtimestamp(e.at, TZ):%a %H:%M:%S} "
                            f"{e.entity_id} {e.old_state}->{e.new_state}"
                            for e in events
                        ]
                    )

    async def maintenance(self, at: float) -> None:
        self.move_to(at)
        await self.entry.runtime_data.maintenance.async_run()
        await self.hass.async_block_till_done()
        await self.hass.async_add_executor_job(self._ages, at)

    def _ages(self, now: float) -> None:
        """Recallable = active, or taken over by an active memory."""
        from custom_components.home_memory.memory.common.values import (
            PROVENANCE_PREFIX,
            Tier,
        )

        store = self.entry.runtime_data.store
        due = [
            (memory, age)
            for memory in self.outcome.tracked
            for age in AGES
            if age not in memory.recallable
            and now - memory.created_at >= age * DAY - 6 * 3600
        ]
        if not due:
            return
        found = store.fetch_ids(list({m.memory_id for m, _ in due}))
        active = {i for i, m in found.items() if m.tier is Tier.ACTIVE}
        absorbed = set()
        missing = {m.memory_id for m, _ in due} - active
        if missing:
            for memory in self._all_active(store):
                for source in memory.source_ids:
                    if source.startswith(PROVENANCE_PREFIX):
                        absorbed.add(source[len(PROVENANCE_PREFIX) :])
        for memory, age in due:
            memory.recallable[age] = memory.memory_id in active | absorbed

    @staticmethod
    def _an_answer(
        store: Any, everything: list[str], answers: Callable[[str], bool]
    ) -> str | None:
        """The first memory (by event time) that answers, with its time and tier."""
        ids = [memory_id for memory_id in everything if answers(memory_id)]
        found = sorted(store.fetch_ids(ids).values(), key=lambda m: m.happened_at)
        if not found:
            return None
        memory = found[0]
        return f"{memory.tier} {memory.happened_at.isoformat()} {memory.content}"

    @staticmethod
    def _all_memories(store: Any) -> list[str]:
        """Ids of every memory, in any tier."""
        from custom_components.home_memory.memory.common.values import (
            MemoryFilter,
            Tier,
        )

        return [
            m.id for m in _Replay._all_active(store, MemoryFilter(tiers=tuple(Tier)))
        ]

    @staticmethod
    def _all_active(store: Any, flt: Any = None) -> list[Any]:
        from custom_components.home_memory.memory.common.values import SYSTEM

        out: list[Any] = []
        after = None
        while True:
            page = store.list_memories(SYSTEM, flt, limit=500, after=after)
            out += page.items
            if page.next_position is None:
                return out
            after = page.next_position

    async def run(self) -> None:
        household = self.household
        changes = household.changes
        end = asked_at(household)
        t = household.day_start(0)
        i = 0
        next_night = at_local(
            household.first_day + timedelta(days=1), MAINTENANCE_HOUR, 0
        )
        last_change = t
        next_log = t + 7 * DAY
        observer = self.entry.runtime_data.observer
        while t < end:
            t += TICK
            while i < len(changes) and changes[i].at < t:
                change = changes[i]
                self.hass.states.async_set(
                    change.entity_id,
                    change.state,
                    self.attributes(change.entity_id),
                    timestamp=change.at,
                )
                last_change = change.at
                i += 1
            if t >= next_night:
                await self.tick(next_night)
                await self.maintenance(next_night)
                next_night += DAY
                continue
            if t - last_change < 2 * TICK or observer.pending.events:
                await self.tick(t)
            if t >= next_log:
                next_log += 7 * DAY
                print(
                    "household: "
                    f"{(t - household.day_start(0)) / DAY:.0f} days lived, "
                    f"{self.outcome.memories_created} memories",
                    file=sys.stderr,
                    flush=True,
                )
        self.move_to(end)
        await self.tick(end)

    async def ask(self) -> None:
        from homeassistant.core import Context

        from custom_components.home_memory.const import DOMAIN
        from custom_components.home_memory.memory.common.values import SYSTEM, Tier

        from .scoring import first_hit

        hass = self.hass
        store = self.entry.runtime_data.store
        buffer = self.entry.runtime_data.observer.buffer
        told_cache: dict[str, list[Any]] = {}

        def told(memory_id: str) -> list[Any]:
            if memory_id not in told_cache:
                memory = store.fetch_ids([memory_id]).get(memory_id)
                told_cache[memory_id] = (
                    [] if memory is None else buffer.told(memory, SYSTEM)
                )
            return told_cache[memory_id]

        everything = await hass.async_add_executor_job(self._all_memories, store)
        await hass.async_add_executor_job(lambda: [told(m) for m in everything])
        asked = questions(self.household)
        variant = self.household.variant
        if variant.language == "de":
            # A German-speaking home is asked in German only, its rooms by
            # their German names.
            asked = [
                replace(
                    q, window=replace(q.window, area=area_name(q.window.area, variant))
                )
                if q.window is not None
                else q
                for q in in_german(asked)
            ]
        elif variant.name == "family":
            asked = [*asked, *in_german(asked)]
        for question in asked:
            user = self.users[question.asked_by or "Anna"]
            response = await hass.services.async_call(
                DOMAIN,
                "search",
                {"query": question.text, "limit": 10},
                blocking=True,
                return_response=True,
                context=Context(user_id=user),
            )
            ranked = [m["id"] for m in response["memories"]]  # type: ignore[index]
            await hass.async_add_executor_job(lambda r=ranked: [told(i) for i in r])

            def answers(memory_id: str, q: Any = question) -> bool:
                events = told_cache[memory_id]
                if q.window is not None:
                    w = q.window
                    return any(
                        w.start <= e.at <= w.end and e.area == w.area for e in events
                    )
                return any(
                    (e.entity_id, e.at) in q.keys
                    or any(
                        e.entity_id == k[0] and abs(e.at - k[1]) < 0.5 for k in q.keys
                    )
                    for e in events
                )

            rank = first_hit(ranked, answers)
            answerable = any(answers(m) for m in everything)
            if not question.kind.startswith("de_") or variant.language == "de":
                self.outcome.answerable += answerable
            self.outcome.ranks.append((question.kind, rank))
            found = response["memories"]  # type: ignore[index]
            top = found[0]["content"] if found else None
            entry: dict[str, Any] = {
                "q": question.text,
                "kind": question.kind,
                "rank": rank,
                "answerable": answerable,
                "top": top,
            }
            if rank is None or rank > 1:
                # For reading a miss: what came first, and what would answer.
                entry["first"] = [
                    f"{m.get('happened_at')} {m['content']}" for m in found[:3]
                ]
                entry["answer"] = await hass.async_add_executor_job(
                    self._an_answer, store, everything, answers
                )
            self.outcome.asked.append(entry)

        def count_active() -> int:
            return len(self._all_active(store))

        self.outcome.memories_active_at_end = await hass.async_add_executor_job(
            count_active
        )
        del Tier


def _keep_store(scratch: str, keep: str) -> None:
    """For reading misses afterwards: the store as the questions met it
    (HOUSEHOLD_KEEP_DB=<folder>)."""
    for found in Path(scratch).rglob("*.db"):
        shutil.copy(found, Path(keep) / found.name)


async def replay(household: Household) -> Outcome:
    """Live the household in Home Assistant; ask the questions at the end."""
    from pytest_homeassistant_custom_component.common import async_test_home_assistant

    started = time.perf_counter()
    with (
        tempfile.TemporaryDirectory(prefix="bench-household-") as scratch,
        freezegun.freeze_time(
            datetime.fromtimestamp(household.day_start(0), UTC), real_asyncio=True
        ) as frozen,
    ):
        async with async_test_home_assistant(config_dir=scratch) as hass:
            from homeassistant.loader import DATA_CUSTOM_COMPONENTS

            hass.data.pop(DATA_CUSTOM_COMPONENTS, None)
            await hass.config.async_set_time_zone(TZ_NAME)
            hass.config.language = household.variant.language
            run = _Replay(hass, household, frozen)
            await run.build_home()
            await run.set_up_entry()
            await run.run()
            await run.ask()
            await hass.config_entries.async_unload(run.entry.entry_id)
            await hass.async_stop(force=True)
            if keep := os.environ.get("HOUSEHOLD_KEEP_DB"):
                _keep_store(scratch, keep)
    run.outcome.replay_s = time.perf_counter() - started
    return run.outcome


def main(argv: Sequence[str] | None = None) -> None:
    """Child-process entry: print the outcome as one JSON line."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.household.replay")
    parser.add_argument("--days", type=int, default=35)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="family")
    args = parser.parse_args(argv)
    variant = VARIANTS[args.variant]
    seed = args.seed
    if seed is None:
        seed = HELD_OUT_SEED if variant.name == "held_out" else SEED
    _patch_freezegun()
    outcome = asyncio.run(replay(generate(args.days, seed, variant=variant)))
    print(json.dumps(asdict(outcome)))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    main()
