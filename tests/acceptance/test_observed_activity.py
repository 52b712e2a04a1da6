"""Observed sensors become what people did, in a real Home Assistant (issue 19).

States are set over REST as a device would report them: one-second motion
pulses in the kitchen and the front door opening and closing alone. The
memory the home writes tells someone in the kitchen and a possible arrival
or departure, in the first person, with true times, not the sensors.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .test_household import service

if TYPE_CHECKING:
    from .conftest import Household
    from .hass_instance import HassInstance, User

MOTION = {"friendly_name": "Kitchen Motion", "device_class": "motion"}
DOOR = {"friendly_name": "Front Door", "device_class": "door"}


def post_state(
    hass: HassInstance, user: User, entity_id: str, state: str, attributes: Any
) -> None:
    """POST /api/states/<entity_id>: a device reporting a new state."""
    hass.request(
        "POST",
        f"/api/states/{entity_id}",
        token=user.token,
        json_body={"state": state, "attributes": attributes},
    ).ok()


def observed(home: Household) -> list[str]:
    """Every observed memory's text, as Anna lists them."""
    listed = service(home.hass, home.anna, "list", kinds=["observation"], limit=100)
    return [m["content"] for m in listed["memories"]]


def test_motion_pulses_and_a_lone_front_door_are_what_people_did(
    household: Household,
) -> None:
    """Thirty one-second pulses and a door: one memory, no sensor words."""
    hass, anna = household.hass, household.anna
    before = observed(household)
    post_state(hass, anna, "binary_sensor.kitchen_motion", "off", MOTION)
    post_state(hass, anna, "binary_sensor.front_door", "off", DOOR)
    for _ in range(30):
        post_state(hass, anna, "binary_sensor.kitchen_motion", "on", MOTION)
        post_state(hass, anna, "binary_sensor.kitchen_motion", "off", MOTION)
    post_state(hass, anna, "binary_sensor.front_door", "on", DOOR)
    post_state(hass, anna, "binary_sensor.front_door", "off", DOOR)
    service(hass, anna, "close_segment")
    hass.wait_for(
        lambda: len(observed(household)) > len(before),
        what="an observed memory",
        timeout=30,
    )
    new = [text for text in observed(household) if text not in before]
    assert len(new) == 1, new
    (text,) = new
    assert re.search(r"\b(?:I|me|my)\b", text), text
    assert "someone was in the kitchen around" in text, text
    assert "the front door opened and closed around" in text, text
    assert "someone may have come in or gone out" in text, text
    assert "motion" not in text.casefold(), text
    assert "unusual" not in text, text
