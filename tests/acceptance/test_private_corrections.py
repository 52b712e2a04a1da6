"""Told corrections that update no household memory, to a real Home
Assistant's built-in agent (final review s18 #5, attacker review s18b L6
and L8). (The household is shared: the tyre pump, the tandem lock,
Carl's farewell dinner, the physio appointment, the cello lesson, the
bicycle vault code, the wheelbarrow and the kayak padlock code, the
canoe pin, the trowel, the tackle box code, the easel and its lock code are this
file's.)

- Ben's private "… behind the green bin instead of the red one, don't
  tell Anna" is his, stored without "instead of the red one", and he
  hears what the household's memory still says;
- "unlock the tandem lock, the code is 4321 instead of 1234" is a command,
  Home Assistant's to answer, never a memory;
- "we are planning Carl's farewell dinner" adds to "the farewell dinner
  for Carl is on Friday": both are kept.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from .conftest import wait_for_the_model
from .hass_instance import HOME_ZONE

if TYPE_CHECKING:
    from .conftest import Household
    from .hass_instance import User


def _turn(home: Household, user: User, text: str) -> str:
    """One built-in-agent turn; what it says."""
    result: dict[str, Any] = home.hass.conversation_process(text, token=user.token)
    return str(result["response"]["speech"]["plain"]["speech"])


def _seen(home: Household, user: User, query: str) -> dict[str, str]:
    """What `user` finds for `query`: each memory's text and who sees it."""
    found = home.hass.ws_command(
        user.token, "home_memory/search", query=query, limit=10, min_relevance=0
    )
    return {m["content"]: m["visibility"] for m in found["memories"]}


def test_told_corrections_that_update_no_household_memory(
    household: Household,
) -> None:
    """A private correction, a command and a statement that adds."""
    wait_for_the_model(household)
    anna, ben = household.anna, household.ben

    _turn(household, anna, "remember that the tyre pump is behind the red bin")
    private = _turn(
        household,
        ben,
        "remember that the tyre pump is behind the green bin instead of the red "
        "one, don't tell Anna",
    )
    assert private == (
        "Okay, I'll remember that, just for you. The household's memory still "
        "says: The tyre pump is behind the red bin."
    ), private
    seen = _seen(household, ben, "tyre pump")
    pump = {k: v for k, v in seen.items() if "tyre pump" in k}
    assert pump == {
        "The tyre pump is behind the red bin.": "household",
        "The tyre pump is behind the green bin.": "private",
    }, pump

    command = _turn(
        household, ben, "unlock the tandem lock, the code is 4321 instead of 1234"
    )
    assert not command.startswith(("Okay", "Updated")), command
    assert not [k for k in _seen(household, ben, "tandem lock code") if "tandem" in k]

    said = [
        _turn(household, ben, f"remember that {told}, don't tell Anna")
        for told in (
            "the farewell dinner for Carl is on Friday",
            "we are planning Carl's farewell dinner",
        )
    ]
    assert said == ["Okay, I'll remember that, just for you."] * 2, said
    dinner = [k for k in _seen(household, ben, "Carl's farewell dinner") if "Carl" in k]
    assert sorted(dinner) == [
        "The farewell dinner for Carl is on Friday.",
        "We are planning Carl's farewell dinner.",
    ], dinner


def test_a_correction_of_a_private_fact_told_plainly_stays_private(
    household: Household,
) -> None:
    """Anna's private "my therapy is on Tuesday", then her plain "actually my
    therapy is on Friday, not Tuesday": her private memory is corrected, and
    Ben hears nothing of it (attacker review s22 F7: a household memory
    "Anna's therapy is on Friday, not Tuesday." that Ben saw)."""
    wait_for_the_model(household)
    anna, ben = household.anna, household.ben
    _turn(household, anna, "remember privately that my therapy is on Tuesday")
    told = _turn(household, anna, "actually my therapy is on Friday, not Tuesday")
    assert told.startswith("Updated"), told
    annas = {
        k: v for k, v in _seen(household, anna, "therapy").items() if "therapy" in k
    }
    assert any("Friday" in text for text in annas), annas
    assert not any("Tuesday" in text for text in annas), annas
    assert set(annas.values()) == {"private"}, annas
    assert not any("therapy" in text for text in _seen(household, ben, "therapy"))


def test_today_by_its_weekday_instead_of_tomorrow_corrects_and_stays_private(
    household: Household,
) -> None:
    """Review s27 H1: said on a Monday, "no, actually my physio appointment
    is on Monday, not tomorrow" over Anna's private "my physio appointment
    is tomorrow" was stored beside it, for the household. It corrects hers,
    dated today and still private; a household memory corrects as well."""
    wait_for_the_model(household)
    anna, ben = household.anna, household.ben
    today = datetime.now(ZoneInfo(HOME_ZONE))
    weekday, date = today.strftime("%A"), f"{today.day} {today:%B}"
    _turn(household, anna, "remember privately that my physio appointment is tomorrow")
    told = _turn(
        household,
        anna,
        f"no, actually my physio appointment is on {weekday}, not tomorrow",
    )
    assert told.startswith("Updated"), told
    annas = {k: v for k, v in _seen(household, anna, "physio").items() if "physio" in k}
    assert annas == {f"My physio appointment is on {weekday} {date}.": "private"}, annas
    assert not any("physio" in text for text in _seen(household, ben, "physio"))
    _turn(household, anna, "remember that the cello lesson is tomorrow")
    told = _turn(
        household, anna, f"no, actually the cello lesson is on {weekday}, not tomorrow"
    )
    assert told.startswith("Updated"), told
    lessons = [k for k in _seen(household, ben, "cello lesson") if "cello" in k]
    assert lessons == [f"The cello lesson is on {weekday} {date}."], lessons


def test_a_private_fact_told_again_and_a_later_private_part_stay_private(
    household: Household,
) -> None:
    """Live review s42: Anna's private "my bicycle vault code is 5151" told
    again without "privately" (in capitals too) was a household copy Ben
    heard; "… Remember privately that my kayak padlock code is 8282." was one
    private memory holding both sentences and "remember privately". Her
    code stays hers alone, and the first sentence is the household's."""
    wait_for_the_model(household)
    anna, ben = household.anna, household.ben
    _turn(household, anna, "remember privately that my bicycle vault code is 5151")
    for again in (
        "remember that my bicycle vault code is 5151",
        "Actually, my BICYCLE VAULT CODE is 5151",
    ):
        told = _turn(household, anna, again)
        assert told == "I already know that, and I keep it just for you.", told
    annas = _seen(household, anna, "bicycle vault code")
    assert {k: v for k, v in annas.items() if "5151" in k} == {
        "My bicycle vault code is 5151.": "private"
    }
    assert not [k for k in _seen(household, ben, "bicycle vault code") if "5151" in k]
    told = _turn(
        household,
        anna,
        "remember that the wheelbarrow is behind the compost heap. Remember privately "
        "that my kayak padlock code is 8282.",
    )
    assert told == (
        "Okay, I'll remember the part you told privately just for you, and the "
        "rest for everyone."
    ), told
    assert _seen(household, ben, "wheelbarrow").get(
        "The wheelbarrow is behind the compost heap."
    ) == ("household")
    assert not [k for k in _seen(household, ben, "kayak padlock code") if "8282" in k]
    assert _seen(household, anna, "kayak padlock code").get(
        "My kayak padlock code is 8282."
    ) == ("private")


CANOE_PIN = "7531"
TACKLE_BOX_CODE = "6464"
EASEL_CODE = "5353"


def test_told_privately_after_or_beside_a_household_part(
    household: Household,
) -> None:
    """Live review s43 #1-#3 on a real built-in agent: Anna's household
    fact told again privately is hers alone; a household line after a
    private one is the household's; a message whose later sentence is
    told privately is Home Memory's, not "no area called attic"."""
    wait_for_the_model(household)
    anna, ben = household.anna, household.ben

    _turn(household, anna, f"remember that my canoe pin is {CANOE_PIN}")
    _turn(household, anna, f"remember privately that my canoe pin is {CANOE_PIN}")
    assert {
        k: v for k, v in _seen(household, anna, "canoe pin").items() if CANOE_PIN in k
    } == {f"My canoe pin is {CANOE_PIN}.": "private"}
    assert not [k for k in _seen(household, ben, "canoe pin") if CANOE_PIN in k]
    assert CANOE_PIN not in _turn(household, ben, "What is Anna's canoe pin?")

    told = _turn(
        household,
        anna,
        f"remember privately that my tackle box code is {TACKLE_BOX_CODE}\n"
        "remember that the trowel is in the wicker basket",
    )
    assert told == (
        "Okay, I'll remember the part you told privately just for you, and the "
        "rest for everyone."
    ), told
    assert _seen(household, ben, "trowel").get(
        "The trowel is in the wicker basket."
    ) == ("household")
    assert not [
        k for k in _seen(household, ben, "tackle box code") if TACKLE_BOX_CODE in k
    ]

    told = _turn(
        household,
        anna,
        f"The easel is in the attic. Remember privately that my easel lock code is "
        f"{EASEL_CODE}.",
    )
    assert told == (
        "Okay, I'll remember the part you told privately just for you, and the "
        "rest for everyone."
    ), told
    assert _seen(household, ben, "easel").get("The easel is in the attic.") == (
        "household"
    )
    assert not [k for k in _seen(household, ben, "easel lock code") if EASEL_CODE in k]
    assert _seen(household, anna, "easel lock code").get(
        f"My easel lock code is {EASEL_CODE}."
    ) == ("private")
