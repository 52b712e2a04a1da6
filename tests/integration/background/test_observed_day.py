"""A simulated day with one-second motion pulses becomes a handful of true
memories of what people did (issue 19), through the real observer."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any
from unittest.mock import patch

from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import async_fire_time_changed

from custom_components.home_memory.background.maintenance import Maintenance
from custom_components.home_memory.memory.common.values import SYSTEM
from custom_components.home_memory.memory.observation.faithfulness import check
from custom_components.home_memory.memory.observation.segmentation import (
    DEFAULT_RULES,
)

from ..conftest import setup_entry
from .test_observer import advance, local, make_entry, stored_memories

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant

MONDAY = date(2026, 11, 23)
TUESDAY = MONDAY + timedelta(days=1)
SENSORS: dict[str, dict[str, Any]] = {
    "binary_sensor.kitchen_motion": {
        "friendly_name": "Kitchen Motion",
        "device_class": "motion",
    },
    "binary_sensor.bathroom_motion": {
        "friendly_name": "Bathroom Motion",
        "device_class": "motion",
    },
    "binary_sensor.living_room_motion": {
        "friendly_name": "Living Room Motion",
        "device_class": "motion",
    },
    "binary_sensor.bed": {
        "friendly_name": "Anna's Bed Occupancy",
        "device_class": "occupancy",
    },
    "binary_sensor.couch": {
        "friendly_name": "Couch Occupancy",
        "device_class": "occupancy",
    },
    "binary_sensor.front_door": {"friendly_name": "Front Door", "device_class": "door"},
}


def day_of_changes() -> list[tuple[datetime, str, str]]:
    """Anna's Tuesday, from going to bed on Monday night; pulses of one second."""
    changes: list[tuple[datetime, str, str]] = []

    def pulses(entity: str, start: datetime, minutes: int, every_s: int) -> None:
        at = start
        while at < start + timedelta(minutes=minutes):
            changes.append((at, entity, "on"))
            changes.append((at + timedelta(seconds=1), entity, "off"))
            at += timedelta(seconds=every_s)

    changes.append((local(MONDAY, 23, 10), "binary_sensor.bed", "on"))
    changes.append((local(TUESDAY, 3, 2), "binary_sensor.bed", "off"))
    pulses("binary_sensor.bathroom_motion", local(TUESDAY, 3, 3), 4, 2)
    changes.append((local(TUESDAY, 3, 9), "binary_sensor.bed", "on"))
    changes.append((local(TUESDAY, 7, 0), "binary_sensor.bed", "off"))
    pulses("binary_sensor.bathroom_motion", local(TUESDAY, 7, 2), 12, 2)
    pulses("binary_sensor.kitchen_motion", local(TUESDAY, 7, 20), 25, 2)
    changes.append((local(TUESDAY, 8, 10), "binary_sensor.front_door", "on"))
    changes.append((local(TUESDAY, 8, 10, 30), "binary_sensor.front_door", "off"))
    changes.append((local(TUESDAY, 8, 11), "person.anna", "not_home"))
    changes.append((local(TUESDAY, 17, 39), "binary_sensor.front_door", "on"))
    changes.append((local(TUESDAY, 17, 39, 20), "binary_sensor.front_door", "off"))
    changes.append((local(TUESDAY, 17, 40), "person.anna", "home"))
    pulses("binary_sensor.kitchen_motion", local(TUESDAY, 18, 30), 30, 3)
    changes.append((local(TUESDAY, 19, 30), "binary_sensor.couch", "on"))
    pulses("binary_sensor.living_room_motion", local(TUESDAY, 19, 31), 118, 20)
    changes.append((local(TUESDAY, 21, 30), "binary_sensor.couch", "off"))
    changes.append((local(TUESDAY, 23, 5), "binary_sensor.bed", "on"))
    return sorted(changes, key=lambda change: change[0])


async def test_a_day_of_one_second_pulses_is_a_handful_of_true_memories(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, mock_load_model: Any
) -> None:
    """Thousands of pulses: a few memories, none cut at the event cap, each
    true to its provenance, telling what Anna did."""
    freezer.move_to(local(MONDAY, 22, 0))
    hass.states.async_set("person.anna", "home", {"friendly_name": "Anna"})
    for entity_id, attributes in SENSORS.items():
        hass.states.async_set(entity_id, "off", attributes)
    entry = make_entry()
    with patch.object(Maintenance, "async_start"):
        await setup_entry(hass, entry)
    changes = day_of_changes()
    assert len(changes) > 3000
    last_fired = dt_util.now()
    for when, entity_id, state in changes:
        freezer.move_to(when)
        attributes = SENSORS.get(entity_id, {"friendly_name": "Anna"})
        hass.states.async_set(entity_id, state, attributes)
        if when - last_fired >= timedelta(seconds=30):
            async_fire_time_changed(hass)
            await hass.async_block_till_done()
            last_fired = when
    await advance(hass, freezer, local(TUESDAY + timedelta(days=1), 6, 0))

    memories = await stored_memories(entry)
    texts = [memory.content for memory in memories]
    assert 5 <= len(memories) <= 12, texts
    assert all(len(m.source_ids) < DEFAULT_RULES.max_events for m in memories)
    observer = entry.runtime_data.observer
    assert observer is not None
    tz = dt_util.get_default_time_zone()
    for memory in memories:
        told = await hass.async_add_executor_job(observer.buffer.told, memory, SYSTEM)
        assert check(memory.content, told, tz=tz) == [], memory.content
        assert "motion" not in memory.content.casefold()
        assert memory.emotion == "neutral"
    everything = " ".join(texts)
    for told in (
        "went to bed around ten past eleven",
        "up at night for the bathroom around three",
        "Anna woke up and got out of bed around seven",
        "busy in the kitchen for about twenty-five minutes",
        "Anna left the house through the front door around ten past eight",
        "Anna came home through the front door around twenty to six",
        "sat on the couch for about two hours",
        "went to bed around five past eleven",
    ):
        assert told in everything, "\n".join(texts)
