"""The home observer in Home Assistant: a simulated week, restarts, AI Task."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
import logging
import re
import sqlite3
from typing import TYPE_CHECKING, Any
from unittest.mock import patch

from homeassistant.const import EntityCategory
from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
)
from homeassistant.util import dt as dt_util
import pytest
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_capture_events,
    async_fire_time_changed,
)

from custom_components.home_memory.background.maintenance import Maintenance
from custom_components.home_memory.const import (
    CONF_AI_TASK_ENTITY,
    CONF_OBSERVE_NUMERIC_SENSORS,
    CONF_OBSERVED_AREAS,
    CONF_OBSERVED_DOMAINS,
    CONF_OBSERVED_ENTITIES,
    CONF_PERSONA_NAME,
    DEFAULT_OBSERVED_DOMAINS,
    DOMAIN,
    EVENT_MEMORY_CREATED,
    SECTION_CAPTURE,
    SECTION_OBSERVATION,
    SECTION_PERSONA,
)
from custom_components.home_memory.diagnostics import (
    async_get_config_entry_diagnostics,
)
from custom_components.home_memory.memory.common.errors import (
    MemoryEngineError,
    StorageError,
)
from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    MemoryKind,
    Source,
    Visibility,
    WeightClass,
)
from custom_components.home_memory.memory.observation.event_buffer import EventBuffer

from ..conftest import call, setup_entry
from ..fake_ai_task import FAKE_ENTITY_ID, async_setup_fake_ai_task

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory

    from custom_components.home_memory.memory.common.values import Memory
    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

PERSONA = "Barnabee"
STEP = timedelta(minutes=5)
LOG_LIKE = re.compile(r"\d{1,2}:\d{2}|\b[a-z_]+\.[a-z0-9_]+\b|->|\bnot_home\b")


def make_entry(**observation: Any) -> MockConfigEntry:
    """An entry observing the default domains, with observation options given."""
    capture = observation.pop("capture", {})
    return MockConfigEntry(
        domain=DOMAIN,
        title="Home Memory",
        data={},
        options={
            SECTION_PERSONA: {CONF_PERSONA_NAME: PERSONA},
            SECTION_CAPTURE: capture,
            SECTION_OBSERVATION: {
                CONF_OBSERVED_DOMAINS: list(DEFAULT_OBSERVED_DOMAINS),
                **observation,
            },
        },
    )


def local(day: date, hour: int, minute: int = 0, second: int = 0) -> datetime:
    """The local datetime of `day` at the given time."""
    return datetime.combine(
        day, time(hour, minute, second), dt_util.get_default_time_zone()
    )


async def advance(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, until: datetime
) -> None:
    """Move the clock to `until` in steps, letting every timer run on the way."""
    while (now := dt_util.now()) < until:
        freezer.tick(min(STEP, until - now))
        async_fire_time_changed(hass)
        await hass.async_block_till_done()


async def stored_memories(entry: HomeMemoryConfigEntry) -> list[Memory]:
    """Every memory of the entry, in the order of the time it is about."""
    store = entry.runtime_data.store
    page = await entry.runtime_data.observer.hass.async_add_executor_job(  # type: ignore[union-attr]
        lambda: store.list_memories(SYSTEM, limit=500)
    )
    return sorted(page.items, key=lambda m: m.segment_start or m.created_at)


async def buffered(hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> int:
    """Flush the observer and count the events waiting in the buffer."""
    observer = entry.runtime_data.observer
    assert observer is not None
    await observer.async_flush()
    return await hass.async_add_executor_job(observer.buffer.count)


@dataclass
class House:
    """States of the simulated home, with who changes them."""

    hass: HomeAssistant
    users: dict[str, MockUser]
    attributes: dict[str, dict[str, Any]]
    observed_changes: int = 0

    def set(
        self,
        entity_id: str,
        state: str,
        by: str | None = None,
        *,
        observed: bool = True,
        **extra: Any,
    ) -> None:
        context = Context(user_id=self.users[by].id if by else None)
        attributes = {**self.attributes[entity_id], **extra}
        self.hass.states.async_set(entity_id, state, attributes, context=context)
        if observed:
            self.observed_changes += 1


async def build_house(
    hass: HomeAssistant,
    entity_registry: er.EntityRegistry,
    area_registry: ar.AreaRegistry,
) -> House:
    """A household of three people, areas, lights, locks and sensors."""
    users = {
        name: MockUser(name=name).add_to_hass(hass) for name in ("Anna", "Ben", "Cara")
    }
    attributes: dict[str, dict[str, Any]] = {}
    for name, user in users.items():
        attributes[f"person.{name.lower()}"] = {
            "friendly_name": name,
            "user_id": user.id,
        }
    registered = {
        "light.bedroom": ("Bedroom Light", "Bedroom", {}),
        "light.kitchen": ("Kitchen Light", "Kitchen", {}),
        "light.living_room": ("Living Room Light", "Living Room", {}),
        "light.hallway": ("Hallway Light", "Hallway", {}),
        "media_player.kitchen_radio": ("Kitchen Radio", "Kitchen", {}),
        "media_player.living_room_tv": ("Living Room TV", "Living Room", {}),
        "climate.living_room": ("Living Room Thermostat", "Living Room", {}),
        "lock.front_door": ("Front Door Lock", "Hallway", {}),
        "binary_sensor.front_door": (
            "Front Door",
            "Hallway",
            {"device_class": "door"},
        ),
        # Never observed: a domain not chosen, a vibration sensor, a numeric
        # sensor (the option is off), a diagnostic entity.
        "switch.coffee_maker": ("Coffee Maker", "Kitchen", {}),
        "binary_sensor.hall_vibration": (
            "Hall Vibration",
            "Hallway",
            {"device_class": "vibration"},
        ),
        "sensor.outdoor_temperature": (
            "Outdoor Temperature",
            None,
            {"unit_of_measurement": "°C"},
        ),
        "light.router_led": ("Router LED", "Hallway", {}),
    }
    for entity_id, (name, area_name, extra) in registered.items():
        domain, object_id = entity_id.split(".")
        entry = entity_registry.async_get_or_create(
            domain, "test", object_id, suggested_object_id=object_id
        )
        assert entry.entity_id == entity_id
        area_id = (
            (
                area_registry.async_get_area_by_name(area_name)
                or area_registry.async_create(area_name)
            ).id
            if area_name
            else None
        )
        entity_registry.async_update_entity(
            entity_id,
            area_id=area_id,
            entity_category=EntityCategory.DIAGNOSTIC
            if entity_id == "light.router_led"
            else None,
        )
        attributes[entity_id] = {"friendly_name": name, **extra}
    house = House(hass, users, attributes)
    initial = {
        "person.anna": "home",
        "person.ben": "home",
        "person.cara": "home",
        "light.bedroom": "off",
        "light.kitchen": "off",
        "light.living_room": "off",
        "light.hallway": "off",
        "media_player.kitchen_radio": "off",
        "media_player.living_room_tv": "off",
        "climate.living_room": "off",
        "lock.front_door": "locked",
        "binary_sensor.front_door": "off",
        "switch.coffee_maker": "off",
        "binary_sensor.hall_vibration": "off",
        "sensor.outdoor_temperature": "4.0",
        "light.router_led": "off",
    }
    for entity_id, state in initial.items():
        # A first state is no change: nothing is recorded.
        house.set(entity_id, state, observed=False)
    await hass.async_block_till_done()
    return house


type Step = tuple[datetime, str, str, str | None, bool, dict[str, Any]]


def day_script(day: date, *, break_in: bool) -> list[Step]:
    """One day of the household; `break_in`: the front door is unlocked at night."""

    def at(hour: int, minute: int, second: int = 0) -> datetime:
        return local(day, hour, minute, second)

    steps: list[Step] = []

    def change(
        when: datetime,
        entity_id: str,
        state: str,
        by: str | None = None,
        *,
        observed: bool = True,
        **extra: Any,
    ) -> None:
        steps.append((when, entity_id, state, by, observed, extra))

    # Morning: breakfast, then Anna and Ben leave.
    change(at(6, 30), "light.bedroom", "on")
    change(at(6, 35), "light.kitchen", "on")
    change(at(6, 40), "media_player.kitchen_radio", "playing")
    change(at(6, 48), "climate.living_room", "heat")
    change(at(6, 50), "light.kitchen", "on", observed=False, brightness=120)
    change(at(6, 55), "light.bedroom", "off")
    change(at(7, 3), "media_player.kitchen_radio", "off")
    change(at(7, 10), "light.kitchen", "off")
    change(at(7, 15), "lock.front_door", "unlocked", "Anna")
    change(at(7, 16), "binary_sensor.front_door", "on")
    change(at(7, 16, 30), "binary_sensor.front_door", "off")
    change(at(7, 17), "person.anna", "not_home")
    change(at(7, 18), "lock.front_door", "locked", "Anna")
    change(at(7, 20), "person.ben", "not_home")
    # A device drops out and comes back: not a change anyone made.
    change(at(10, 0), "light.hallway", "unavailable", observed=False)
    change(at(10, 5), "light.hallway", "off", observed=False)
    # Afternoon: Cara's break, then a flickering hallway light.
    change(at(13, 0), "light.living_room", "on", "Cara")
    change(at(13, 5), "media_player.living_room_tv", "playing", "Cara")
    change(at(13, 12), "climate.living_room", "off", "Cara")
    change(at(13, 20), "media_player.living_room_tv", "off")
    change(at(13, 25), "light.living_room", "off")
    for flick in range(20):
        change(
            at(15, 0) + timedelta(seconds=15 * flick),
            "light.hallway",
            "on" if flick % 2 == 0 else "off",
        )
    # Evening: Anna, then Ben, come home.
    change(at(17, 45), "person.anna", "home")
    change(at(17, 46), "lock.front_door", "unlocked", "Anna")
    change(at(17, 47), "light.kitchen", "on", "Anna")
    change(at(18, 0), "person.ben", "home")
    change(at(18, 5), "media_player.living_room_tv", "playing", "Ben")
    change(at(18, 12), "climate.living_room", "heat", "Ben")
    change(at(18, 20), "media_player.living_room_tv", "off")
    change(at(18, 25), "light.kitchen", "off")
    # A lone light at nine: no memory on its own.
    change(at(21, 0), "light.bedroom", "on")
    # Night.
    change(at(22, 30), "light.bedroom", "off")
    change(at(22, 34), "climate.living_room", "off")
    change(at(22, 38), "lock.front_door", "locked")
    if break_in:
        night = day + timedelta(days=1)
        change(local(night, 2, 30), "lock.front_door", "unlocked")
        change(local(night, 2, 31), "binary_sensor.front_door", "on")
        change(local(night, 2, 33), "binary_sensor.front_door", "off")
        change(local(night, 2, 35), "lock.front_door", "locked")
    # What is never observed, all day long.
    for hour in range(6, 22):
        change(at(hour, 10), "binary_sensor.hall_vibration", "on", observed=False)
        change(at(hour, 11), "binary_sensor.hall_vibration", "off", observed=False)
        change(
            at(hour, 20),
            "sensor.outdoor_temperature",
            f"{hour / 2:.1f}",
            observed=False,
        )
    change(at(6, 45), "switch.coffee_maker", "on", observed=False)
    change(at(7, 5), "switch.coffee_maker", "off", observed=False)
    change(at(9, 0), "light.router_led", "on", observed=False)
    change(at(9, 1), "light.router_led", "off", observed=False)
    return steps


@dataclass(frozen=True)
class Expected:
    start: tuple[int, int, int]
    end: tuple[int, int, int]
    time_of_day: str
    people: set[str]
    events: int


# What the rules say one ordinary day becomes (see day_script).
DAY: tuple[Expected, ...] = (
    # Breakfast until the departure breaks the segment.
    Expected((6, 30, 0), (7, 15, 0), "morning", {"Anna"}, 8),
    # Two departures together, with the front door that opened for them;
    # closed when the morning ends.
    Expected((7, 16, 0), (7, 20, 0), "morning", {"Anna", "Ben"}, 5),
    # 25 minutes, then quiet.
    Expected((13, 0, 0), (13, 25, 0), "afternoon", {"Cara"}, 5),
    # Churn, too short alone; closed when the afternoon ends.
    Expected((15, 0, 0), (15, 4, 45), "afternoon", set(), 20),
    # Anna's arrival, broken by Ben's a quarter of an hour later.
    Expected((17, 45, 0), (17, 47, 0), "evening", {"Anna"}, 3),
    Expected((18, 0, 0), (18, 25, 0), "evening", {"Ben"}, 5),
    # (The lone light at nine is dropped.) The night, closed at five.
    Expected((22, 30, 0), (22, 38, 0), "night", set(), 3),
)
BREAK_IN = Expected((2, 30, 0), (2, 35, 0), "night", set(), 4)


async def test_a_simulated_week(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    mock_load_model: Any,
    entity_registry: er.EntityRegistry,
    area_registry: ar.AreaRegistry,
) -> None:
    """A simulated week forms the expected first-person memories, none lost."""
    monday = date(2026, 11, 23)
    freezer.move_to(local(monday, 0, 0))
    house = await build_house(hass, entity_registry, area_registry)
    entry = make_entry()
    # Without the nightly maintenance: decay archives the least important
    # episodes within days (tests/core/scoring/test_decay_simulation.py); this test
    # checks what observation itself forms.
    with patch.object(Maintenance, "async_start"):
        await setup_entry(hass, entry)
    created = async_capture_events(hass, EVENT_MEMORY_CREATED)
    days = [monday + timedelta(days=n) for n in range(7)]
    wednesday = days[2]
    script = sorted(
        (step for day in days for step in day_script(day, break_in=day == wednesday)),
        key=lambda step: step[0],
    )
    for when, entity_id, state, by, observed, extra in script:
        await advance(hass, freezer, when)
        house.set(entity_id, state, by, observed=observed, **extra)
    await advance(hass, freezer, local(monday + timedelta(days=7), 5, 30))

    memories = await stored_memories(entry)
    expected: list[tuple[date, Expected]] = []
    for day in days:
        expected.extend((day, item) for item in DAY[:-1])
        expected.append((day, DAY[-1]))
        if day == wednesday:
            expected.append((day + timedelta(days=1), BREAK_IN))
    assert len(memories) == len(expected) == 50
    tz = dt_util.get_default_time_zone()
    for memory, (day, item) in zip(memories, expected, strict=True):
        assert memory.segment_start is not None
        assert memory.segment_end is not None
        assert memory.segment_start.astimezone(tz) == local(day, *item.start)
        assert memory.segment_end.astimezone(tz) == local(day, *item.end)
        assert memory.time_of_day == item.time_of_day
        period_day = day - timedelta(days=1) if item is BREAK_IN else day
        weekend = period_day.weekday() >= 5
        assert memory.day_type == ("weekend" if weekend else "weekday")
        assert set(memory.people) == item.people
        assert len(memory.source_ids) == item.events
        assert memory.source is Source.OBSERVED
        assert memory.visibility is Visibility.HOUSEHOLD
        assert memory.owner is None
        assert re.search(r"\b(I|me|my)\b", memory.content)
        assert not LOG_LIKE.search(memory.content), memory.content
        for never in ("coffee", "vibration", "temperature", "router"):
            assert never not in memory.content.casefold()
        if item is BREAK_IN:
            assert memory.kind is MemoryKind.EVENT
            assert memory.weight_class is WeightClass.SIGNIFICANT
            assert memory.importance > 0.8
        else:
            assert memory.weight_class is not WeightClass.SIGNIFICANT
    # Every observed change is in exactly one memory, except the seven lone
    # lights at nine; nothing else reached a memory, nothing is left behind.
    sources = [source for memory in memories for source in memory.source_ids]
    assert len(sources) == len(set(sources))
    assert len(sources) == house.observed_changes - 7
    assert await buffered(hass, entry) == 0
    # At least 3:1 compression, and no arrival or departure lost.
    assert house.observed_changes / len(memories) >= 3
    arrivals = [m for m in memories if "arrival" in m.tags]
    departures = [m for m in memories if "departure" in m.tags]
    assert len(arrivals) == 14
    assert len(departures) == 7
    assert len(created) == 50
    assert {event.data["source"] for event in created} == {"observed"}


async def setup_house_entry(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, **observation: Any
) -> MockConfigEntry:
    """Set up an observing entry with Anna away and the kitchen light off."""
    freezer.move_to(local(date(2026, 11, 24), 17, 0))
    hass.states.async_set("person.anna", "not_home", {"friendly_name": "Anna"})
    hass.states.async_set("light.kitchen", "off", {"friendly_name": "Kitchen Light"})
    entry = make_entry(**observation)
    await setup_entry(hass, entry)
    return entry


async def test_a_restart_in_the_middle_of_a_segment_loses_nothing(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, mock_load_model: Any
) -> None:
    """A restart in the middle of a segment loses no observed change."""
    entry = await setup_house_entry(hass, freezer)
    hass.states.async_set("person.anna", "home", {"friendly_name": "Anna"})
    await advance(hass, freezer, local(date(2026, 11, 24), 17, 5))
    # Written to the buffer by the flush timer.
    assert await buffered(hass, entry) == 1
    hass.states.async_set("light.kitchen", "on", {"friendly_name": "Kitchen Light"})
    # Still in memory only: the unload must write it before the store closes.
    assert await hass.config_entries.async_unload(entry.entry_id)
    await hass.async_block_till_done()
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    assert await buffered(hass, entry) == 2
    await advance(hass, freezer, local(date(2026, 11, 24), 17, 20))
    hass.states.async_set("light.kitchen", "off", {"friendly_name": "Kitchen Light"})
    await advance(hass, freezer, local(date(2026, 11, 24), 18, 0))
    (memory,) = await stored_memories(entry)
    assert len(memory.source_ids) == 3
    assert memory.people == ("Anna",)
    assert "Anna" in memory.content
    assert await buffered(hass, entry) == 0


async def test_a_fresh_store_on_the_same_file_sees_the_buffer(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, mock_load_model: Any
) -> None:
    """Changes flushed at stop are in the file for the next store to read."""
    entry = await setup_house_entry(hass, freezer)
    hass.states.async_set("person.anna", "home", {"friendly_name": "Anna"})
    # Home Assistant stops: the stop event flushes before the store closes.
    hass.bus.async_fire("homeassistant_stop")
    await hass.async_block_till_done()
    assert entry.runtime_data.store.closed
    from custom_components.home_memory.memory.observation.event_buffer import (
        EventBuffer,
    )
    from custom_components.home_memory.memory.store import MemoryStore

    def read_back() -> list[str]:
        store = MemoryStore(entry.runtime_data.db_path)
        try:
            return [e.entity_id for e in EventBuffer(store).oldest(10)[0]]
        finally:
            store.close()

    assert await hass.async_add_executor_job(read_back) == ["person.anna"]


async def test_what_is_never_observed(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    mock_load_model: Any,
    entity_registry: er.EntityRegistry,
    area_registry: ar.AreaRegistry,
    device_registry: dr.DeviceRegistry,
) -> None:
    """Only chosen entities are observed: no attributes-only or own changes."""
    kitchen = area_registry.async_create("Kitchen")
    garage = area_registry.async_create("Garage")
    config_entry = MockConfigEntry(domain="test")
    config_entry.add_to_hass(hass)
    device = device_registry.async_get_or_create(
        config_entry_id=config_entry.entry_id, identifiers={("test", "lamp")}
    )
    device_registry.async_update_device(device.id, area_id=kitchen.id)
    for object_id, area_id, device_id in (
        ("kitchen", kitchen.id, None),
        ("garage", garage.id, None),
        ("lamp", None, device.id),
    ):
        entity_registry.async_get_or_create(
            "light",
            "test",
            object_id,
            suggested_object_id=object_id,
            device_id=device_id,
        )
        if area_id:
            entity_registry.async_update_entity(f"light.{object_id}", area_id=area_id)
    entity_ids = (
        "light.kitchen",
        "light.garage",
        "light.lamp",
        "person.anna",
        "switch.kettle",
        "binary_sensor.window",
        "binary_sensor.motion",
        "sensor.power",
        "sensor.power_listed",
    )
    attributes = {
        "binary_sensor.window": {"device_class": "window"},
        "binary_sensor.motion": {"device_class": "motion"},
        "sensor.power": {"unit_of_measurement": "W"},
        "sensor.power_listed": {"unit_of_measurement": "W"},
    }
    for entity_id in entity_ids:
        hass.states.async_set(entity_id, "off", attributes.get(entity_id))
    entry = make_entry(
        **{
            CONF_OBSERVED_AREAS: [kitchen.id],
            CONF_OBSERVED_ENTITIES: ["sensor.power_listed"],
            CONF_OBSERVE_NUMERIC_SENSORS: False,
        }
    )
    await setup_entry(hass, entry)
    observer = entry.runtime_data.observer
    assert observer is not None
    own = [
        e.entity_id
        for e in er.async_entries_for_config_entry(entity_registry, entry.entry_id)
    ]
    assert own
    for entity_id in entity_ids:
        hass.states.async_set(entity_id, "on", attributes.get(entity_id))
    # Attributes only, unknown/unavailable, and Home Memory's own entities.
    hass.states.async_set("light.kitchen", "on", {"brightness": 10})
    hass.states.async_set("light.lamp", "unavailable")
    hass.states.async_set("light.lamp", "on")
    for entity_id in own:
        hass.states.async_set(entity_id, "12345")
    recorded = [item[1] for item in observer.recorder.pending]
    assert recorded == [
        "light.kitchen",  # in the chosen area
        "light.lamp",  # in it through its device
        "person.anna",  # people belong to no room
        "sensor.power_listed",  # listed by name
    ]
    # Moving an entity into the chosen area is seen at once.
    entity_registry.async_update_entity("light.garage", area_id=kitchen.id)
    await hass.async_block_till_done()
    hass.states.async_set("light.garage", "off")
    assert observer.recorder.pending[-1][1] == "light.garage"


async def test_the_person_behind_a_change_comes_from_the_user(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, mock_load_model: Any
) -> None:
    """The person behind a change is the user who made it."""
    user = MockUser(name="Anna").add_to_hass(hass)
    entry = await setup_house_entry(hass, freezer)
    hass.states.async_set(
        "person.anna", "home", {"friendly_name": "Anna", "user_id": user.id}
    )
    hass.states.async_set(
        "light.kitchen",
        "on",
        {"friendly_name": "Kitchen Light"},
        context=Context(user_id=user.id),
    )
    observer = entry.runtime_data.observer
    assert observer is not None
    await observer.async_flush()
    events, _ = await hass.async_add_executor_job(observer.buffer.oldest, 10)
    assert [(e.entity_id, e.person, e.user_id) for e in events] == [
        ("person.anna", "Anna", None),
        ("light.kitchen", "Anna", user.id),
    ]
    assert events[0].importance == 0.7


async def test_a_sensor_is_about_whom_it_names_not_who_reported_it(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, mock_load_model: Any
) -> None:
    """A bed mat's state set by Anna's login (a script, the REST API) is
    no getting up of hers: "Guest Room Bed" is about nobody, "Ben's Bed"
    about Ben (review s29 H3: told as "Anna woke up and got out of bed"
    minutes after she left the house)."""
    anna = MockUser(name="Anna").add_to_hass(hass)
    entry = await setup_house_entry(hass, freezer)
    hass.states.async_set(
        "person.anna", "not_home", {"friendly_name": "Anna", "user_id": anna.id}
    )
    hass.states.async_set("person.ben", "home", {"friendly_name": "Ben"})
    for entity_id, name in (
        ("binary_sensor.guest_room_bed", "Guest Room Bed"),
        ("binary_sensor.ben_bed", "Ben's Bed"),
    ):
        attributes = {"friendly_name": name, "device_class": "occupancy"}
        hass.states.async_set(entity_id, "on", attributes)
        hass.states.async_set(
            entity_id, "off", attributes, context=Context(user_id=anna.id)
        )
    observer = entry.runtime_data.observer
    assert observer is not None
    await observer.async_flush()
    events, _ = await hass.async_add_executor_job(observer.buffer.oldest, 10)
    assert {e.entity_id: e.person for e in events if "bed" in e.entity_id} == {
        "binary_sensor.guest_room_bed": None,
        "binary_sensor.ben_bed": "Ben",
    }


async def add_backlog(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, day: date
) -> None:
    """Two segments (Anna's arrival breaks the first), not yet buffered."""
    for minute, entity_id, state in (
        (1, "light.kitchen", "on"),
        (2, "light.kitchen", "off"),
        (3, "light.kitchen", "on"),
        (5, "person.anna", "home"),
        (6, "light.kitchen", "off"),
        (30, "light.kitchen", "on"),
    ):
        freezer.move_to(local(day, 17, minute))
        name = "Anna" if entity_id.startswith("person") else "Kitchen Light"
        hass.states.async_set(entity_id, state, {"friendly_name": name})


async def memories_at(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    entry: HomeMemoryConfigEntry,
    when: datetime,
) -> int:
    """Move time to `when`, let the observer run, and count the memories."""
    freezer.move_to(when)
    async_fire_time_changed(hass)
    await hass.async_block_till_done()
    return len(await stored_memories(entry))


async def test_the_template_narrator_drains_a_backlog_at_once(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, mock_load_model: Any
) -> None:
    """The template narrator turns a whole backlog into memories at once."""
    entry = await setup_house_entry(hass, freezer)
    day = date(2026, 11, 24)
    await add_backlog(hass, freezer, day)
    # Both closed by now (as after a long restart). The 300 s cooldown is
    # between AI Task generations; the template narrator does not wait.
    assert await memories_at(hass, freezer, entry, local(day, 18, 30)) == 2
    assert await buffered(hass, entry) == 0


async def test_the_ai_task_narrates_one_segment_per_cooldown(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, mock_load_model: Any
) -> None:
    """The AI task narrates at most one segment per five-minute cooldown."""
    ai_task = await async_setup_fake_ai_task(hass)
    ai_task.answers = [generated("I noticed the kitchen light."), generated()]
    entry = await setup_house_entry(
        hass, freezer, capture={CONF_AI_TASK_ENTITY: FAKE_ENTITY_ID}
    )
    day = date(2026, 11, 24)
    await add_backlog(hass, freezer, day)
    # A small backlog waits for the AI Task: one generation per 300 s.
    assert await memories_at(hass, freezer, entry, local(day, 18, 30)) == 1
    assert await memories_at(hass, freezer, entry, local(day, 18, 31)) == 1
    assert await memories_at(hass, freezer, entry, local(day, 18, 34)) == 1
    assert await memories_at(hass, freezer, entry, local(day, 18, 35)) == 2
    assert len(ai_task.tasks) == 2
    assert await buffered(hass, entry) == 0


async def test_a_long_backlog_drains_past_the_ai_task_cooldown(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, mock_load_model: Any
) -> None:
    """A long backlog is narrated without waiting for the AI task's cooldown."""
    ai_task = await async_setup_fake_ai_task(hass)
    ai_task.answers = [generated() for _ in range(5)]
    entry = await setup_house_entry(
        hass, freezer, capture={CONF_AI_TASK_ENTITY: FAKE_ENTITY_ID}
    )
    day = date(2026, 11, 24)
    # Anna comes and goes every twenty minutes: seven closed segments, each
    # broken by the next arrival or departure, and an eighth still open.
    for step in range(8):
        freezer.move_to(local(day, 17, 1) + step * timedelta(minutes=20))
        state = "home" if step % 2 == 0 else "not_home"
        hass.states.async_set("person.anna", state, {"friendly_name": "Anna"})
    last = local(day, 17, 1) + 7 * timedelta(minutes=20)
    first_tick = last + timedelta(minutes=11)
    # The oldest four beyond the three left for the AI Task are told by
    # the template narrator at once; the AI Task takes the next one.
    assert await memories_at(hass, freezer, entry, first_tick) == 5
    assert len(ai_task.tasks) == 1
    # Then one AI Task memory per cooldown for what remains.
    tick = first_tick + timedelta(minutes=4)
    assert await memories_at(hass, freezer, entry, tick) == 5
    assert await memories_at(hass, freezer, entry, tick + timedelta(minutes=1)) == 6
    later = tick + timedelta(minutes=6)
    assert await memories_at(hass, freezer, entry, later) == 7
    assert len(ai_task.tasks) == 3
    # Only the open segment (Anna's last arrival) is still buffered.
    assert await buffered(hass, entry) == 1


async def test_falling_behind_is_logged_once_without_text(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    mock_load_model: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Falling behind is logged once, without any entity name."""
    entry = await setup_house_entry(hass, freezer)
    day = date(2026, 11, 24)
    with patch("custom_components.home_memory.background.observer.BUFFER_WARN_AT", 4):
        for minute in range(1, 7):
            freezer.move_to(local(day, 17, minute))
            state = "on" if minute % 2 else "off"
            hass.states.async_set(
                "light.kitchen", state, {"friendly_name": "Kitchen Light"}
            )
        await memories_at(hass, freezer, entry, local(day, 17, 8))
        await memories_at(hass, freezer, entry, local(day, 17, 9))
    warnings = [r for r in caplog.records if "falling behind" in r.getMessage()]
    assert len(warnings) == 1
    assert warnings[0].getMessage().startswith("6 observed changes are waiting")
    assert "Kitchen" not in warnings[0].getMessage()


def generated(
    content: str = "I noticed Anna came home and went to the kitchen.",
) -> dict[str, Any]:
    """A valid AI narration answer."""
    return {
        "content": content,
        "memory_type": "routine",
        "importance": 0.55,
        "emotion": "positive",
        "family_members": ["Anna"],
        "tags": ["homecoming"],
    }


@pytest.mark.parametrize(
    ("answers", "generated_memory"),
    [
        ([generated()], True),
        ([{"content": "Kitchen light on."}, generated()], True),
        ([generated("light.kitchen -> on"), {"memory_type": "routine"}], False),
    ],
    ids=["valid", "invalid-then-valid", "invalid-twice"],
)
async def test_ai_task_narration(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    mock_load_model: Any,
    caplog: pytest.LogCaptureFixture,
    answers: list[Any],
    generated_memory: bool,
) -> None:
    """A valid AI narration is stored; after two invalid ones the template
    narrator tells the segment (nothing the home saw is dropped for the
    model's answer, final review s16), and no answer's text is logged."""
    ai_task = await async_setup_fake_ai_task(hass)
    ai_task.answers = list(answers)
    entry = await setup_house_entry(
        hass, freezer, capture={CONF_AI_TASK_ENTITY: FAKE_ENTITY_ID}
    )
    hass.states.async_set("person.anna", "home", {"friendly_name": "Anna"})
    freezer.tick(timedelta(minutes=2))
    hass.states.async_set("light.kitchen", "on", {"friendly_name": "Kitchen Light"})
    freezer.tick(timedelta(minutes=16))
    hass.states.async_set("light.kitchen", "off", {"friendly_name": "Kitchen Light"})
    await advance(hass, freezer, local(date(2026, 11, 24), 17, 50))
    memories = await stored_memories(entry)
    assert len(ai_task.tasks) == len(answers)
    instructions = ai_task.tasks[0].instructions
    assert instructions.startswith(f"You are {PERSONA}")
    assert '"Anna" arrived' in instructions
    (memory,) = memories
    if generated_memory:
        assert memory.content == generated()["content"]
        assert memory.kind is MemoryKind.ROUTINE
        assert memory.weight_class is WeightClass.ROUTINE
        assert memory.importance == 0.55
        assert memory.people == ("Anna",)
        assert memory.time_of_day == "evening"
        assert len(memory.source_ids) == 3
        assert "homecoming" in memory.tags
    else:
        assert memory.content != generated("light.kitchen -> on")["content"]
        assert "Anna" in memory.content
        assert "kitchen light" in memory.content.casefold()
        assert memory.source is Source.OBSERVED
        assert len(memory.source_ids) == 3
        assert "template narrator tells them instead" in caplog.text
        # Nothing of the memory's text reaches the log at info or above.
        assert not any(
            "light.kitchen -> on" in record.getMessage()
            for record in caplog.records
            if record.levelno >= logging.INFO
        )
    # Either way the segment is done with.
    assert await buffered(hass, entry) == 0


async def test_template_narration_when_the_ai_task_entity_is_missing(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, mock_load_model: Any
) -> None:
    """A missing AI task entity falls back to the template narrator."""
    entry = await setup_house_entry(
        hass, freezer, capture={CONF_AI_TASK_ENTITY: FAKE_ENTITY_ID}
    )
    hass.states.async_set("person.anna", "home", {"friendly_name": "Anna"})
    freezer.tick(timedelta(minutes=20))
    hass.states.async_set("light.kitchen", "on", {"friendly_name": "Kitchen Light"})
    await advance(hass, freezer, local(date(2026, 11, 24), 17, 50))
    (memory,) = await stored_memories(entry)
    assert "Anna" in memory.content
    assert memory.source is Source.OBSERVED


async def test_a_failing_ai_task_entity_falls_back_to_the_template_narrator(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    mock_load_model: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A failing AI task entity falls back to the template narrator."""
    ai_task = await async_setup_fake_ai_task(hass)
    ai_task.answers = [HomeAssistantError("rate limited")]
    entry = await setup_house_entry(
        hass, freezer, capture={CONF_AI_TASK_ENTITY: FAKE_ENTITY_ID}
    )
    hass.states.async_set("person.anna", "home", {"friendly_name": "Anna"})
    freezer.tick(timedelta(minutes=2))
    hass.states.async_set("light.kitchen", "on", {"friendly_name": "Kitchen Light"})
    freezer.tick(timedelta(minutes=16))
    hass.states.async_set("light.kitchen", "off", {"friendly_name": "Kitchen Light"})
    await advance(hass, freezer, local(date(2026, 11, 24), 17, 50))
    # A transient failure says nothing about the segment: the memory forms.
    (memory,) = await stored_memories(entry)
    assert len(ai_task.tasks) == 1
    assert len(memory.source_ids) == 3
    assert memory.people == ("Anna",)
    assert "Anna" in memory.content
    assert memory.source is Source.OBSERVED
    assert "template narrator tells them instead" in caplog.text
    assert "dropped" not in caplog.text
    assert await buffered(hass, entry) == 0


def _storage_error(cause: Exception) -> StorageError:
    """What the engine raises when its file fails (memory/common/errors.py)."""
    error = StorageError(str(cause))
    error.__cause__ = cause
    return error


@pytest.mark.parametrize(
    "error",
    [
        _storage_error(sqlite3.OperationalError("database is locked")),
        _storage_error(sqlite3.OperationalError("database or disk is full")),
        _storage_error(OSError(5, "Input/output error")),
        MemoryEngineError("the store is closed"),
    ],
    ids=["locked", "disk-full", "io", "engine"],
)
async def test_a_failing_flush_keeps_its_changes(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    mock_load_model: Any,
    error: Exception,
) -> None:
    """A failing flush keeps its changes, in order, for the next flush."""
    entry = await setup_house_entry(hass, freezer)
    observer = entry.runtime_data.observer
    assert observer is not None
    hass.states.async_set("person.anna", "home", {"friendly_name": "Anna"})
    hass.states.async_set("light.kitchen", "on", {"friendly_name": "Kitchen Light"})
    with patch.object(EventBuffer, "append", side_effect=error):
        assert await observer.async_flush() == 0
    # The batch is back in the queue, in order, and stored by the next flush.
    assert [item[1] for item in observer.recorder.pending] == [
        "person.anna",
        "light.kitchen",
    ]
    assert await observer.async_flush() == 2
    events, _ = await hass.async_add_executor_job(observer.buffer.oldest, 10)
    assert [e.entity_id for e in events] == ["person.anna", "light.kitchen"]


async def test_a_failing_close_job_does_not_keep_the_store_open(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    mock_load_model: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A failing close job is logged and the store still closes."""

    async def failing(_self: Maintenance) -> None:
        raise RuntimeError("boom")

    # Maintenance's stop is the first job before the close.
    with patch.object(Maintenance, "async_stop", failing):
        entry = await setup_house_entry(hass, freezer)
        data = entry.runtime_data
        hass.states.async_set("person.anna", "home", {"friendly_name": "Anna"})
        assert await hass.config_entries.async_unload(entry.entry_id)
        await hass.async_block_till_done()
    assert "Preparing Home Memory's database to close failed" in caplog.text
    # The observer's own job still ran (its change was written) and the
    # store closed.
    assert data.store.closed
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    assert await buffered(hass, entry) == 1


# -- close_segment: what waits becomes a memory now ------------------------------

LAST_MEMORY = "sensor.home_memory_last_memory"


def pending_attributes(hass: HomeAssistant) -> tuple[Any, Any]:
    """The sensor's pending-observation count and oldest time."""
    state = hass.states.get(LAST_MEMORY)
    assert state is not None
    return (
        state.attributes["pending_observations"],
        state.attributes["oldest_pending_observation"],
    )


async def test_close_segment_turns_fresh_changes_into_a_memory_now(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    mock_load_model: Any,
    hass_admin_user: MockUser,
) -> None:
    """A light and a door seconds ago become one first-person memory at once."""
    entry = await setup_house_entry(hass, freezer)
    door = {"friendly_name": "Front Door", "device_class": "door"}
    hass.states.async_set("binary_sensor.front_door", "off", door)
    assert pending_attributes(hass) == (0, None)
    started = dt_util.utcnow()
    hass.states.async_set("light.kitchen", "on", {"friendly_name": "Kitchen Light"})
    freezer.tick(timedelta(seconds=2))
    hass.states.async_set("binary_sensor.front_door", "on", door)
    freezer.tick(timedelta(seconds=2))
    hass.states.async_set("binary_sensor.front_door", "off", door)
    # Written to the buffer (by the flush timer, or here); the sensor shows
    # what waits: a count and a time, no names.
    assert await buffered(hass, entry) == 3
    await hass.async_block_till_done()
    count, oldest = pending_attributes(hass)
    assert count == 3
    assert oldest.timestamp() == started.timestamp()
    # Diagnostics show the same, and nothing of what changed.
    # (Called directly: the frozen clock would expire a test client's token.)
    diagnostics = await async_get_config_entry_diagnostics(hass, entry)
    assert diagnostics["observation"]["pending"] == {
        "events": 3,
        "oldest_event_at": started.isoformat(),
    }
    assert "Kitchen" not in repr(diagnostics)
    assert "door" not in repr(diagnostics["observation"])

    response = await call(hass, "close_segment", user=hass_admin_user)

    assert response["result"] == "remembered"
    (memory_id,) = response["memory_ids"]
    assert response["discarded_segments"] == 0
    assert response["pending"] == {"events": 0, "oldest_event_at": None}
    (memory,) = await stored_memories(entry)
    assert memory.id == memory_id
    assert memory.source is Source.OBSERVED
    assert re.search(r"\b(I|me|my)\b", memory.content)
    assert "kitchen light" in memory.content
    assert "front door" in memory.content
    assert not LOG_LIKE.search(memory.content), memory.content
    assert await buffered(hass, entry) == 0
    await hass.async_block_till_done()
    assert pending_attributes(hass) == (0, None)
    # Nothing is left for the ticks to tell twice.
    await advance(hass, freezer, dt_util.now() + timedelta(minutes=30))
    assert len(await stored_memories(entry)) == 1


async def test_the_sensor_counts_changes_not_written_yet_like_diagnostics(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, mock_load_model: Any
) -> None:
    """A change shows on the sensor within a second, before the buffer is written."""
    entry = await setup_house_entry(hass, freezer)
    observer = entry.runtime_data.observer
    assert observer is not None
    started = dt_util.utcnow()
    hass.states.async_set("light.kitchen", "on", {"friendly_name": "Kitchen Light"})
    hass.states.async_set("light.kitchen", "off", {"friendly_name": "Kitchen Light"})
    await hass.async_block_till_done()
    # Debounced: not rewritten for every change.
    assert pending_attributes(hass) == (0, None)
    freezer.tick(timedelta(seconds=1))
    async_fire_time_changed(hass)
    await hass.async_block_till_done()
    # Not flushed yet (the flush timer runs every five seconds)...
    assert len(observer.recorder.pending) == 2
    # ...and yet counted, the same as diagnostics count it.
    count, oldest = pending_attributes(hass)
    assert count == 2
    assert oldest.timestamp() == started.timestamp()
    diagnostics = await async_get_config_entry_diagnostics(hass, entry)
    assert diagnostics["observation"]["pending"] == {
        "events": 2,
        "oldest_event_at": started.isoformat(),
    }
    await hass.async_block_till_done()
    assert pending_attributes(hass) == (2, oldest)


async def test_the_sensor_shows_what_waited_across_a_restart(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, mock_load_model: Any
) -> None:
    """Right after a restart the sensor shows the buffered changes, as diagnostics."""
    entry = await setup_house_entry(hass, freezer)
    started = dt_util.utcnow()
    hass.states.async_set("light.kitchen", "on", {"friendly_name": "Kitchen Light"})
    hass.states.async_set("light.kitchen", "off", {"friendly_name": "Kitchen Light"})
    assert await hass.config_entries.async_unload(entry.entry_id)
    await hass.async_block_till_done()
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    count, oldest = pending_attributes(hass)
    assert count == 2
    assert oldest.timestamp() == started.timestamp()
    diagnostics = await async_get_config_entry_diagnostics(hass, entry)
    assert diagnostics["observation"]["pending"]["events"] == 2


async def test_close_segment_with_nothing_or_only_a_lone_trivial_change(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, mock_load_model: Any
) -> None:
    """Nothing pending says so; a lone light switch is discarded as after the wait."""
    entry = await setup_house_entry(hass, freezer)
    assert await call(hass, "close_segment") == {
        "result": "nothing_pending",
        "memory_ids": [],
        "discarded_segments": 0,
        "pending": {"events": 0, "oldest_event_at": None},
    }
    hass.states.async_set("light.kitchen", "on", {"friendly_name": "Kitchen Light"})
    response = await call(hass, "close_segment")
    assert response["result"] == "not_worth_remembering"
    assert response["memory_ids"] == []
    assert response["discarded_segments"] == 1
    assert await stored_memories(entry) == []
    assert await buffered(hass, entry) == 0


async def test_close_segment_asks_the_ai_task_without_waiting_for_the_cooldown(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, mock_load_model: Any
) -> None:
    """The AI Task tells the closed segment even within the cooldown."""
    ai_task = await async_setup_fake_ai_task(hass)
    ai_task.answers = [generated()]
    entry = await setup_house_entry(
        hass, freezer, capture={CONF_AI_TASK_ENTITY: FAKE_ENTITY_ID}
    )
    observer = entry.runtime_data.observer
    assert observer is not None
    observer.last_generated_at = dt_util.utcnow().timestamp()
    hass.states.async_set("person.anna", "home", {"friendly_name": "Anna"})
    hass.states.async_set("light.kitchen", "on", {"friendly_name": "Kitchen Light"})
    response = await call(hass, "close_segment")
    assert response["result"] == "remembered"
    assert len(ai_task.tasks) == 1
    (memory,) = await stored_memories(entry)
    assert memory.content == generated()["content"]
    assert memory.id == response["memory_ids"][0]


async def test_close_segment_tells_an_invalid_ai_answer_with_the_template(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, mock_load_model: Any
) -> None:
    """Asked for a memory, an invalid AI answer does not drop the changes."""
    ai_task = await async_setup_fake_ai_task(hass)
    ai_task.answers = [{"content": "Light on."}, {"memory_type": "routine"}]
    entry = await setup_house_entry(
        hass, freezer, capture={CONF_AI_TASK_ENTITY: FAKE_ENTITY_ID}
    )
    hass.states.async_set("person.anna", "home", {"friendly_name": "Anna"})
    hass.states.async_set("light.kitchen", "on", {"friendly_name": "Kitchen Light"})
    response = await call(hass, "close_segment")
    assert response["result"] == "remembered"
    (memory,) = await stored_memories(entry)
    assert "Anna" in memory.content
    assert await buffered(hass, entry) == 0


async def test_an_entity_named_with_hidden_characters_is_still_told(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    mock_load_model: Any,
    hass_admin_user: MockUser,
) -> None:
    """Names are the home's: a zero-width space, a tag character or a
    private-use icon in one becomes a space, and the memory is written
    (stored text follows the hidden-character rule, issue 20)."""
    entry = await setup_house_entry(hass, freezer)
    door = {"friendly_name": "Front\u200b Door\U000e0041", "device_class": "door"}
    hass.states.async_set("binary_sensor.front_door", "off", door)
    hass.states.async_set(
        "light.kitchen", "on", {"friendly_name": "Kitchen \ue000Light"}
    )
    freezer.tick(timedelta(seconds=2))
    hass.states.async_set("binary_sensor.front_door", "on", door)
    freezer.tick(timedelta(seconds=2))
    hass.states.async_set("binary_sensor.front_door", "off", door)
    response = await call(hass, "close_segment", user=hass_admin_user)
    assert response["result"] == "remembered"
    (memory,) = await stored_memories(entry)
    assert "front door" in memory.content.casefold()
    assert "kitchen light" in memory.content.casefold()
    assert not any(c in memory.content for c in "\u200b\U000e0041\ue000")
