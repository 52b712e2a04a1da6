"""A plan called off by voice: "no, actually the tiler is not coming".

The memory of the plan is updated to say no, in English and German, and
nothing is stored beside it (review s28 M4: the German was a second
memory, "Die Babysitterin kommt nicht." beside "… kommt am Dienstag", and
with "doch nicht" it was answered as a question and nothing was kept).
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

import pytest

from ..fake_agents import say
from .test_corrections import active, speech
from .test_person_corrections import home_in

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

pytestmark = pytest.mark.usefixtures("mock_load_model")


async def test_a_plan_denied_on_another_day_stands(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
) -> None:
    """Review s30 M4: "no, actually the window cleaner is not coming on
    Friday" replaced "… is coming on Tuesday 1 December": the Tuesday visit
    was lost. Not on Friday says nothing of Tuesday: both are kept."""
    store = await home_in("en", hass, mock_config_entry, freezer, request)
    await say(hass, "remember that the window cleaner is coming tomorrow")
    [before] = active(store)
    answer = speech(
        await say(hass, "no, actually the window cleaner is not coming on Friday")
    )
    assert not answer.startswith("Updated:"), answer
    kept = {m.id: m.content for m in active(store)}
    assert kept[before.id] == before.content
    assert len(kept) == 2, kept


@pytest.mark.parametrize(
    ("language", "told", "denied", "said", "new"),
    [
        ("en", "remember that the piano tuner is coming on Wednesday",
         "no, actually the piano tuner is not coming on Friday",
         ("no, actually the piano tuner isn't coming on Wednesday, he is coming "
         "on Saturday"), "Saturday"),
        ("de", "Merk dir, dass der Klavierstimmer am Mittwoch kommt",
         "Nein, eigentlich kommt der Klavierstimmer am Freitag nicht",
         ("Nein, eigentlich kommt der Klavierstimmer nicht am Mittwoch, sondern "
         "am Samstag"), "Samstag"),
    ],
    ids=["en", "de"],
)  # fmt: skip
async def test_a_plan_moved_after_a_denial_updates_the_plan(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    language: str,
    told: str,
    denied: str,
    said: str,
    new: str,
) -> None:
    """Review s30b M2: after "… not on Friday" (a memory of its own), the
    next correction updated that denial, and the Wednesday plan stood. A
    plan said not to be on its day but on another is the plan moved."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, told, language=language)
    [plan] = active(store)
    await say(hass, denied, language=language)
    [denial] = [m for m in active(store) if m.id != plan.id]
    answer = speech(await say(hass, said, language=language))
    assert answer.startswith(("Updated:", "Aktualisiert:")), answer
    kept = {m.id: m.content for m in active(store)}
    assert new in kept[plan.id], kept
    assert kept[denial.id] == denial.content, kept


@pytest.mark.parametrize(
    ("language", "told", "said", "content", "day"),
    [
        ("en", "remember that the gardener comes on Wednesday",
         "no, actually the gardener is not coming", "The gardener is not coming.",
         None),
        ("de", "Merk dir, dass die Putzfrau übermorgen kommt",
         "Nein, eigentlich kommt die Putzfrau nicht", "Die Putzfrau kommt nicht.",
         None),
        ("en", "remember that the piano tuner is coming on Thursday",
         ("no, actually the piano tuner is not coming on Thursday, he is coming "
         "on Friday"), "Friday 4 December", 4),
        ("de", "Merk dir, dass der Klavierstimmer am Donnerstag kommt",
         ("Nein, eigentlich kommt der Klavierstimmer nicht am Donnerstag, sondern "
         "am Samstag"), "Samstag, 5. Dezember", 5),
    ],
    ids=["en-called-off", "de-called-off", "en-moved", "de-moved"],
)  # fmt: skip
async def test_another_person_calls_off_or_moves_the_households_plan(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
    language: str,
    told: str,
    said: str,
    content: str,
    day: int | None,
) -> None:
    """Review s30 M2: Ben's "the gardener is not coming" of Anna's plan was
    his own memory beside it; s30b M3: his "… not coming on Thursday, he is
    coming on Saturday" a second memory, dated the Thursday. A household
    memory is everyone's to update: hers now says no, or is moved and dated
    the new day, and stays hers."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, told, language=language, user=user_anna)
    [before] = active(store)
    answer = speech(await say(hass, said, language=language, user=user_ben))
    assert answer.startswith(("Updated:", "Aktualisiert:")), answer
    [after] = active(store)
    assert (after.id, after.owner) == (before.id, user_anna.id)
    if day is None:
        assert after.content == content
        return
    assert content in after.content, after.content
    assert after.happened_at is not None
    assert after.happened_at.astimezone(ZoneInfo("Europe/Berlin")).day == day


async def test_a_german_call_off_with_a_clause_of_its_own_is_no_question(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
) -> None:
    """Review s30 M5: "Nein, eigentlich kommt die Hebamme doch nicht, aber
    der Arzt kommt" was answered as a question ("Die Hebamme kommt am
    Samstag …", a confirmation of the plan just called off) and nothing was
    kept. The plan now says no; a question stays a question."""
    store = await home_in("de", hass, mock_config_entry, freezer, request)
    await say(hass, "Merk dir, dass die Hebamme am Samstag kommt", language="de")
    [before] = active(store)
    answer = speech(
        await say(
            hass,
            "Nein, eigentlich kommt die Hebamme doch nicht, aber der Arzt kommt",
            language="de",
        )
    )
    assert answer.startswith("Aktualisiert:"), answer
    [after] = active(store)
    assert after.id == before.id
    assert after.content.startswith("Die Hebamme kommt doch nicht"), after.content
    assert "Arzt" in after.content, after.content
    answer = speech(
        await say(hass, "Eigentlich kommt die Hebamme doch nicht, oder?", language="de")
    )
    assert not answer.startswith("Aktualisiert:"), answer


async def test_when_a_moved_plan_s_visitor_comes_is_read_before_a_call_off(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Review s31 M6: after "… not coming on Wednesday" (a memory of its
    own) and the plan moved to Thursday, "when is the window cleaner
    coming" read the call-off first. The plan that tells when he comes is
    read first; the call-off after it."""
    store = await home_in("en", hass, mock_config_entry, freezer, request)
    told = "remember that the window cleaner is coming on Tuesday"
    await say(hass, told, user=user_anna)
    denied = "no, actually the window cleaner is not coming on Wednesday"
    await say(hass, denied, user=user_anna)
    moved = speech(
        await say(
            hass,
            "no, actually the window cleaner is not coming on Tuesday, he is "
            "coming on Thursday",
            user=user_ben,
        )
    )
    assert moved.startswith("Updated:"), moved
    assert len(active(store)) == 2
    asked = "when is the window cleaner coming"
    answer = speech(await say(hass, asked, user=user_ben))
    first = answer.split("2:")[0]
    assert "Thursday" in first, answer
    assert "Wednesday" in answer.split("2:")[-1], answer


@pytest.mark.parametrize(
    ("language", "told", "moved", "other", "new"),
    [
        ("en", "remember that the chimney sweep is coming on Thursday",
         ("no, actually the chimney sweep is not coming on Thursday, he is coming "
          "on Friday"),
         "remember that the chimney sweep is not coming on Monday", "Friday"),
        ("de", "Merk dir, dass der Schornsteinfeger am Donnerstag kommt",
         ("Nein, eigentlich kommt der Schornsteinfeger nicht am Donnerstag, "
          "sondern am Freitag"),
         "Merk dir, dass der Schornsteinfeger am Montag nicht kommt", "Freitag"),
    ],
    ids=["en", "de"],
)  # fmt: skip
async def test_a_moved_plan_is_not_overwritten_by_another_day_s_no(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    user_ben: MockUser,
    language: str,
    told: str,
    moved: str,
    other: str,
    new: str,
) -> None:
    """Review s32 H1: Ben moved Anna's plan to Friday; Anna's later "… is
    not coming on Monday" updated it, and the Friday was gone. The moved
    plan says when he comes; another day's no is a memory of its own."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, told, language=language, user=user_anna)
    answer = speech(await say(hass, moved, language=language, user=user_ben))
    assert answer.startswith(("Updated:", "Aktualisiert:")), answer
    [plan] = active(store)
    await say(hass, other, language=language, user=user_anna)
    kept = {m.id: m.content for m in active(store)}
    assert len(kept) == 2, kept
    assert new in kept[plan.id], kept
