"""Observed sensors become what people did, in a real Home Assistant (issue 19).

States are set over REST as a device would report them: one-second motion
pulses in the kitchen and the front door opening and closing alone. The
memory the home writes tells someone in the kitchen and a possible arrival
or departure, in the first person, with true times, not the sensors; with
someone of the household at home and nobody coming or going, the door is
probably a visitor. (What needs hours of simulated time, an arrival saying
how long the person was away, a door after a still home, is tested with an
injected clock in tests/core/observation/test_before.py.)
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .test_household import say, service

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
    return [m["content"] for m in observed_memories(home)]


def observed_memories(home: Household) -> list[dict[str, Any]]:
    """Every observed memory, as Anna lists them."""
    listed = service(home.hass, home.anna, "list", kinds=["observation"], limit=100)
    memories: list[dict[str, Any]] = listed["memories"]
    return memories


def new_memories(home: Household, before: list[str], what: str) -> list[str]:
    """Close the segment and wait for what it becomes: the new texts."""
    service(home.hass, home.anna, "close_segment")
    home.hass.wait_for(lambda: len(observed(home)) > len(before), what=what, timeout=30)
    return [text for text in observed(home) if text not in before]


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
    new = new_memories(household, before, "an observed memory")
    assert len(new) == 1, new
    (text,) = new
    assert re.search(r"\b(?:I|me|my)\b", text), text
    assert "someone was in the kitchen around" in text, text
    assert "the front door opened and closed around" in text, text
    # A possible arrival or departure; a visitor when the session already
    # saw someone of the household come home (the test below).
    assert re.search(
        r"someone may have come in or gone out|someone probably let a visitor in",
        text,
    ), text
    assert "motion" not in text.casefold(), text
    assert "unusual" not in text, text


def test_a_front_door_while_someone_is_home_is_probably_a_visitor(
    household: Household,
) -> None:
    """Anna is seen coming home; then the front door opens and closes with
    nobody of the household coming or going: the memory says someone
    probably let a visitor in, and Anna finds it by "visitors"."""
    hass, anna = household.hass, household.anna
    person = {"friendly_name": "Anna"}
    before = observed(household)
    post_state(hass, anna, "person.anna_visit", "not_home", person)
    post_state(hass, anna, "person.anna_visit", "home", person)
    (arrival,) = new_memories(household, before, "Anna's arrival")
    assert "Anna came home" in arrival or "Anna got home" in arrival, arrival
    before = observed(household)
    post_state(hass, anna, "binary_sensor.front_door", "on", DOOR)
    post_state(hass, anna, "binary_sensor.front_door", "off", DOOR)
    (text,) = new_memories(household, before, "the door's memory")
    assert "nobody of the household came or went" in text, text
    assert "someone probably let a visitor in" in text, text
    # Anna's login reported the door, yet the memory is about nobody of the
    # household (new-user review s16).
    (door,) = [m for m in observed_memories(household) if m["content"] == text]
    assert door["people"] == [], door
    found = service(hass, anna, "search", query="When did we last have visitors?")
    assert found["memories"][0]["content"] == text


_OPENING = re.compile(
    r"\b(?:It was|On) (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
    r" (?:morning|afternoon|evening|night)\b"
)


def test_an_observed_answer_says_its_day_once(household: Household) -> None:
    """Greta leaves the house; "when did Greta leave the house" by voice
    says the day in its header alone ("This evening: I saw that Greta left
    the house …"), not again in the narration's opening ("… It was Tuesday
    evening, and I saw …"; review s30b L2)."""
    hass, anna = household.hass, household.anna
    person = {"friendly_name": "Greta"}
    before = observed(household)
    post_state(hass, anna, "person.greta_walk", "home", person)
    post_state(hass, anna, "person.greta_walk", "not_home", person)
    (departure,) = new_memories(household, before, "Greta's departure")
    left = re.search(r"Greta (?:left|went out of) the house", departure)
    assert left, departure
    assert _OPENING.match(departure), departure
    reply = say(household, anna, "when did Greta leave the house")
    assert left.group() in reply, reply
    assert not _OPENING.search(reply), reply


def test_forget_it_with_nothing_talked_about_is_never_mind(
    household: Household,
) -> None:
    """ "forget it" in a new conversation asks nothing and says nothing, as
    Home Assistant's own "never mind" (review s30 L1)."""
    assert say(household, household.ben, "forget it") == ""
