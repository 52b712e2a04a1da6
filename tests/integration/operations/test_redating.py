"""operations/redating.py: a memory moved to another time by `happened_at`
(the action's, the LLM tool's, the panel's `update`) tells the new time in
its text, as the voice's "no wait, it was …" does, and a deed done is not
moved after now nor a plan before it (review s36 #13, #16)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.memory.common.values import Caller, MemoryPatch
from custom_components.home_memory.operations import memories
from custom_components.home_memory.operations.access import Actor
from custom_components.home_memory.operations.errors import InvalidRequestError

from .conftest import scope_of

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

    from custom_components.home_memory.operations.memories import (
        OperationScope,
        UpdateOutcome,
    )
    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

BERLIN = ZoneInfo("Europe/Berlin")


async def _on_wednesday(
    hass: HomeAssistant,
    entry: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    user: MockUser,
) -> OperationScope:
    """Anna's scope on Wednesday 2 December 2026, 07:00 in Berlin."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-12-02T06:00:00+00:00")
    return scope_of(hass, entry, Actor(Caller(user_id=user.id)))


async def _told_then_dated(
    scope: OperationScope, told: str, happened_at: str, *, spoken: bool = False
) -> UpdateOutcome:
    """`told` remembered, then updated to have happened `happened_at`
    (`spoken`: the time as said by voice)."""
    created = await memories.async_remember(scope, memories.RememberRequest(told))
    return await memories.async_update(
        scope,
        memories.UpdateRequest(
            created.memory.id, MemoryPatch(), happened_at=happened_at, spoken=spoken
        ),
    )


@pytest.mark.parametrize(
    ("given", "content", "day"),
    [
        ("yesterday", "The gardener came on Tuesday 1 December.", 1),
        ("last Friday", "The gardener came on Friday 27 November.", 27),
        (
            datetime(2026, 11, 27, 8, 30, tzinfo=BERLIN),
            "Friday 27 November, around half past eight",
            27,
        ),
    ],
)
async def test_a_new_time_is_told_in_the_text(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    given: str | datetime,
    content: str,
    day: int,
) -> None:
    """ "The gardener came on Monday 30 November." moved to yesterday is
    "… on Tuesday 1 December.", not "On Tuesday 1 December: The gardener
    came on Monday 30 November." (review s36 #16)."""
    scope = await _on_wednesday(hass, init_integration, freezer, user_anna)
    created = await memories.async_remember(
        scope, memories.RememberRequest("The gardener came on Monday 30 November.")
    )
    outcome = await memories.async_update(
        scope,
        memories.UpdateRequest(created.memory.id, MemoryPatch(), happened_at=given),
    )
    assert content in outcome.memory.content, outcome.memory.content
    assert "Monday" not in outcome.memory.content
    assert outcome.memory.happened_at.astimezone(BERLIN).day == day


async def test_a_text_without_a_time_keeps_its_words(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
) -> None:
    """A memory that says no time is moved, its text as it was."""
    scope = await _on_wednesday(hass, init_integration, freezer, user_anna)
    created = await memories.async_remember(
        scope, memories.RememberRequest("The gardener cut the hedge.")
    )
    moved = datetime(2026, 11, 27, 8, 30, tzinfo=BERLIN)
    outcome = await memories.async_update(
        scope,
        memories.UpdateRequest(created.memory.id, MemoryPatch(), happened_at=moved),
    )
    assert outcome.memory.content == "The gardener cut the hedge."
    assert outcome.memory.happened_at == moved


@pytest.mark.parametrize(
    ("told", "given", "key"),
    [
        ("The gardener came on Monday 30 November.", "tomorrow", "redated_ahead"),
        (
            "The gardener came on Monday 30 November.",
            datetime(2026, 12, 3, 9, 0, tzinfo=BERLIN),
            "redated_ahead",
        ),
        ("The window cleaner is coming on Friday.", "yesterday", "redated_behind"),
    ],
)
async def test_a_deed_is_not_moved_ahead_nor_a_plan_behind(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    told: str,
    given: str | datetime,
    key: str,
) -> None:
    """A deed told as done moved to tomorrow, a plan moved to yesterday:
    refused with a translated error, nothing written (review s36 #13, #16:
    the tool stored a "came" deed on Thursday 3 December)."""
    scope = await _on_wednesday(hass, init_integration, freezer, user_anna)
    created = await memories.async_remember(scope, memories.RememberRequest(told))
    with pytest.raises(InvalidRequestError) as err:
        await memories.async_update(
            scope,
            memories.UpdateRequest(created.memory.id, MemoryPatch(), happened_at=given),
        )
    assert err.value.translation_key == key
    [kept] = memories.memories_by_id(
        init_integration.runtime_data.store, [created.memory.id]
    )
    assert (kept.version, kept.content) == (
        created.memory.version,
        created.memory.content,
    )


async def test_a_calendar_date_is_said_by_date_in_the_text(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
) -> None:
    """ "2026-11-27" given for a text that names a day is said as the day,
    never written into the text as it was given."""
    scope = await _on_wednesday(hass, init_integration, freezer, user_anna)
    outcome = await _told_then_dated(
        scope, "The gardener came on Monday 30 November.", "2026-11-27"
    )
    assert outcome.memory.content == "The gardener came on Friday 27 November."
    assert outcome.memory.happened_at.astimezone(BERLIN).day == 27


@pytest.mark.parametrize(
    ("told", "content", "given", "text", "day"),
    [
        # "moved to" looks ahead: this Friday, its text kept as told (review
        # s38 #2: last Friday, "… moved to on Friday 27 November").
        (
            "Dentist appointment on Tuesday 1 December.",
            "The dentist appointment moved to Friday.",
            "Friday",
            "The dentist appointment moved to Friday 4 December.",
            4,
        ),
        # The old memory was still ahead, the new text tells a deed done:
        # not a plan (review s38 #12: refused as "told as still to come").
        (
            "Car service on Friday 4 December.",
            "Car service.",
            "last Friday",
            "Car service.",
            27,
        ),
    ],
)
async def test_a_new_text_with_a_time_is_read_as_told(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    told: str,
    content: str,
    given: str,
    text: str,
    day: int,
) -> None:
    """An update with a new text and time words reads them as its text
    tells them: "moved to Friday" is the coming Friday; a deed done in a
    memory that was ahead is no plan."""
    scope = await _on_wednesday(hass, init_integration, freezer, user_anna)
    created = await memories.async_remember(scope, memories.RememberRequest(told))
    outcome = await memories.async_update(
        scope,
        memories.UpdateRequest(
            created.memory.id, MemoryPatch(content=content), happened_at=given
        ),
    )
    assert outcome.memory.content == text
    happened = outcome.memory.happened_at.astimezone(BERLIN)
    assert (happened.month, happened.day) == (12 if day < 15 else 11, day)


async def test_a_deed_moved_to_12_am_is_at_midnight(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
) -> None:
    """ "no wait, it was at 12 am" at 10:00 is midnight, as a statement
    reads it, not noon still ahead (review s38 #6: refused as told as
    done)."""
    scope = await _on_wednesday(hass, init_integration, freezer, user_anna)
    freezer.move_to("2026-12-02T09:00:00+00:00")
    outcome = await _told_then_dated(
        scope, "Ben fed the cat today.", "at 12 am", spoken=True
    )
    happened = outcome.memory.happened_at.astimezone(BERLIN)
    assert (happened.day, happened.hour) == (2, 0), outcome.memory.content


@pytest.mark.parametrize(
    ("told", "given", "day"),
    [
        ("Ben hat die Katze gefüttert.", "on Monday at 8 pm", 30),
        ("Ben fed the cat.", "am Sonntag um 20 Uhr", 29),
    ],
)
async def test_a_time_in_another_language_keeps_its_clock_time(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    told: str,
    given: str,
    day: int,
) -> None:
    """Time words in another language than the text's are read with their
    clock time: the hour said back is the hour stored (review s38 #7: the
    whole day)."""
    scope = await _on_wednesday(hass, init_integration, freezer, user_anna)
    created = await memories.async_remember(scope, memories.RememberRequest(told))
    outcome = await memories.async_update(
        scope,
        memories.UpdateRequest(created.memory.id, MemoryPatch(), happened_at=given),
    )
    start = outcome.memory.happened_at.astimezone(BERLIN)
    end = outcome.memory.happened_until.astimezone(BERLIN)
    assert (start.day, start.hour, end.hour) == (day, 20, 21)


@pytest.mark.parametrize(
    ("home", "told", "content", "given", "text"),
    [
        # An English text in a German home: its "moved to" read in English
        # (s39 #1: last Friday, in the past).
        (
            "de",
            "Dentist appointment on Tuesday 1 December.",
            "The dentist appointment moved to Friday.",
            "Friday",
            "The dentist appointment moved to Friday 4 December.",
        ),
        # The mirror: a German text in an English home (s39 #1: refused).
        (
            "en",
            "Der Zahnarzttermin ist am Dienstag, 1. Dezember.",
            "Der Zahnarzttermin ist auf Freitag verschoben.",
            "Freitag",
            "Der Zahnarzttermin ist auf Freitag, 4. Dezember verschoben.",
        ),
        (
            "de",
            "Dentist appointment on Tuesday 1 December.",
            "The dentist appointment moved to Friday.",
            None,
            "The dentist appointment moved to Friday 4 December.",
        ),
        (
            "en",
            "Der Zahnarzttermin ist am Dienstag, 1. Dezember.",
            "Der Zahnarzttermin ist auf Freitag verschoben.",
            None,
            "Der Zahnarzttermin ist auf Freitag, 4. Dezember verschoben.",
        ),
    ],
)
async def test_a_moved_plan_is_read_in_its_own_language(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    home: str,
    told: str,
    content: str,
    given: str | None,
    text: str,
) -> None:
    """ "… moved to Friday" is a plan ahead in its own language, whatever
    the home's: the coming Friday, not the last one (review s39 #1), with
    the day given or in its words alone."""
    await hass.config.async_update(language=home)
    await hass.async_block_till_done()  # the entry reloads in its language
    scope = await _on_wednesday(hass, init_integration, freezer, user_anna)
    created = await memories.async_remember(scope, memories.RememberRequest(told))
    outcome = await memories.async_update(
        scope,
        memories.UpdateRequest(
            created.memory.id, MemoryPatch(content=content), happened_at=given
        ),
    )
    happened = outcome.memory.happened_at.astimezone(BERLIN)
    assert (happened.month, happened.day) == (12, 4), outcome.memory.content
    assert outcome.memory.content == text


@pytest.mark.parametrize(
    ("home", "told", "content", "first", "again", "text"),
    [
        (
            "en",
            "Dentist appointment on Tuesday 1 December.",
            "The dentist appointment moved to Friday.",
            "Friday",
            "next Friday",
            "The dentist appointment moved to Friday 4 December.",
        ),
        (
            "de",
            "Der Zahnarzttermin ist am Dienstag, 1. Dezember.",
            "Der Zahnarzttermin ist auf Freitag verschoben.",
            "Freitag",
            "nächsten Freitag",
            "Der Zahnarzttermin ist auf Freitag, 4. Dezember verschoben.",
        ),
    ],
)
async def test_a_moved_plan_stays_a_plan(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    home: str,
    told: str,
    content: str,
    first: str,
    again: str,
    text: str,
) -> None:
    """A plan "moved to Friday" is still a plan: moved again to "Friday" it
    stays on the coming one, "next Friday" is not refused as a deed done
    ahead, and last Friday is refused as a plan behind (review s39 #2)."""
    await hass.config.async_update(language=home)
    await hass.async_block_till_done()  # the entry reloads in its language
    scope = await _on_wednesday(hass, init_integration, freezer, user_anna)
    created = await memories.async_remember(scope, memories.RememberRequest(told))
    memory_id = created.memory.id
    await memories.async_update(
        scope,
        memories.UpdateRequest(
            memory_id, MemoryPatch(content=content), happened_at=first
        ),
    )
    same = await memories.async_update(
        scope, memories.UpdateRequest(memory_id, MemoryPatch(), happened_at=first)
    )
    happened = same.memory.happened_at.astimezone(BERLIN)
    assert (happened.month, happened.day) == (12, 4), same.memory.content
    # "next Friday" on a Wednesday is the coming one, as a statement's.
    later = await memories.async_update(
        scope, memories.UpdateRequest(memory_id, MemoryPatch(), happened_at=again)
    )
    happened = later.memory.happened_at.astimezone(BERLIN)
    assert (happened.month, happened.day) == (12, 4), later.memory.content
    assert later.memory.content == text
    with pytest.raises(InvalidRequestError) as err:
        await memories.async_update(
            scope,
            memories.UpdateRequest(memory_id, MemoryPatch(), happened_at="2026-11-27"),
        )
    assert err.value.translation_key == "redated_behind"


@pytest.mark.parametrize(
    ("home", "told", "given", "text"),
    [
        # Said in the text by date after its own preposition: "auf Freitag,
        # 11. Dezember", never "auf am Freitag, …" (review s39 #2).
        (
            "de",
            "Der Zahnarzttermin ist auf Freitag, 4. Dezember verschoben.",
            datetime(2026, 12, 11, 9, 0, tzinfo=BERLIN),
            "Der Zahnarzttermin ist auf Freitagmorgen, 11. Dezember",
        ),
        (
            "de",
            "Der Zahnarzttermin ist auf Freitag, 4. Dezember verschoben.",
            "Friday 11 December",
            "Der Zahnarzttermin ist auf Freitag, 11. Dezember verschoben.",
        ),
        (
            "de",
            "Der Zahnarzttermin ist auf Freitag, 4. Dezember verschoben.",
            "am Freitag, 11. Dezember",
            "Der Zahnarzttermin ist auf Freitag, 11. Dezember verschoben.",
        ),
        (
            "en",
            "Der Zahnarzttermin wurde auf Freitag, 4. Dezember verlegt.",
            "2026-12-11",
            "Der Zahnarzttermin wurde auf Freitag, 11. Dezember verlegt.",
        ),
        (
            "en",
            "The dentist appointment moved to Friday 4 December.",
            "Freitag, 11. Dezember",
            "The dentist appointment moved to Friday 11 December.",
        ),
        (
            "en",
            "The dentist appointment moved to Friday 4 December.",
            "on Friday 11 December",
            "The dentist appointment moved to Friday 11 December.",
        ),
    ],
)
async def test_a_moved_day_fits_its_preposition(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    home: str,
    told: str,
    given: str | datetime,
    text: str,
) -> None:
    """The date words written into a text fit the preposition already
    there (review s39 #2: "auf am Freitag, 27. November")."""
    await hass.config.async_update(language=home)
    await hass.async_block_till_done()  # the entry reloads in its language
    scope = await _on_wednesday(hass, init_integration, freezer, user_anna)
    created = await memories.async_remember(scope, memories.RememberRequest(told))
    outcome = await memories.async_update(
        scope,
        memories.UpdateRequest(created.memory.id, MemoryPatch(), happened_at=given),
    )
    assert outcome.memory.content.startswith(text), outcome.memory.content
    happened = outcome.memory.happened_at.astimezone(BERLIN)
    assert (happened.month, happened.day) == (12, 11)


@pytest.mark.parametrize(
    ("told", "given"),
    [
        # Its own time words: the deed's time, after now (review s39 #3).
        ("We repainted the shed next week.", None),
        ("Anna watered the plants tomorrow.", None),
        ("Wir haben nächste Woche den Schuppen gestrichen.", None),
        ("We repainted the shed.", "next week"),
        ("We repainted the shed.", "tomorrow"),
        ("We repainted the shed.", datetime(2026, 12, 3, 9, 0, tzinfo=BERLIN)),
        ("Wir haben den Schuppen gestrichen.", "nächste Woche"),
    ],
)
async def test_a_deed_told_as_done_is_not_remembered_ahead(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    told: str,
    given: str | datetime | None,
) -> None:
    """A deed told as done with a time after now is refused at remember as
    at update, by the one check (review s39 #3: stored in the future), and
    nothing is stored."""
    scope = await _on_wednesday(hass, init_integration, freezer, user_anna)
    with pytest.raises(InvalidRequestError) as err:
        await memories.async_remember(
            scope, memories.RememberRequest(told, happened_at=given)
        )
    assert err.value.translation_key == "redated_ahead"
    listed = await memories.async_list(scope, memories.ListRequest())
    assert listed.memories == []


@pytest.mark.parametrize(
    ("told", "given", "day"),
    [
        # Told as done, its time now or before: stored as told.
        ("We repainted the shed.", "yesterday", 1),
        # A plan, or a deed whose time is its object's: ahead as told.
        ("I booked a table for tomorrow.", None, 3),
        ("Ich habe für morgen einen Tisch reserviert.", None, 3),
        ("We will repaint the shed.", "tomorrow", 3),
        ("We bought tickets for the concert next Friday.", None, 4),
        # How long it took, not a time from now.
        ("Anna ran the half marathon in 2 hours 5 minutes.", None, 2),
        # The time in a clause of its own, not told as done.
        ("I ordered the sofa, it arrives tomorrow.", None, 3),
    ],
)
async def test_a_deed_or_plan_is_remembered_at_its_time(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    told: str,
    given: str | None,
    day: int,
) -> None:
    """What the check leaves: a deed done before now, a plan ahead."""
    scope = await _on_wednesday(hass, init_integration, freezer, user_anna)
    created = await memories.async_remember(
        scope, memories.RememberRequest(told, happened_at=given)
    )
    assert created.memory.happened_at.astimezone(BERLIN).day == day


@pytest.mark.parametrize(
    ("content", "day"),
    [
        ("I booked a table for tomorrow.", 3),
        ("I ordered the sofa, it arrives tomorrow.", 3),
    ],
)
async def test_a_new_text_whose_time_is_not_its_deeds_is_kept_ahead(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    content: str,
    day: int,
) -> None:
    """An update's new text is checked as remember checks it: a time after
    "for" or in a clause not told as done is no deed's (review s39 #3:
    update refused "I booked a table for tomorrow" as a deed ahead)."""
    scope = await _on_wednesday(hass, init_integration, freezer, user_anna)
    created = await memories.async_remember(
        scope, memories.RememberRequest("The table is booked.")
    )
    outcome = await memories.async_update(
        scope,
        memories.UpdateRequest(created.memory.id, MemoryPatch(content=content)),
    )
    assert outcome.memory.happened_at.astimezone(BERLIN).day == day


@pytest.mark.parametrize(
    ("home", "told", "text"),
    [
        (
            "de",
            "The dentist appointment moved to Friday.",
            "The dentist appointment moved to Friday 4 December.",
        ),
        (
            "en",
            "Der Zahnarzttermin ist auf Freitag verschoben.",
            "Der Zahnarzttermin ist auf Freitag, 4. Dezember verschoben.",
        ),
    ],
)
async def test_a_moved_plan_is_remembered_in_its_own_language(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    home: str,
    told: str,
    text: str,
) -> None:
    """ "… moved to Friday" told to remember is the coming Friday in its own
    language, whatever the home's (review s39 #1)."""
    await hass.config.async_update(language=home)
    await hass.async_block_till_done()  # the entry reloads in its language
    scope = await _on_wednesday(hass, init_integration, freezer, user_anna)
    created = await memories.async_remember(scope, memories.RememberRequest(told))
    happened = created.memory.happened_at.astimezone(BERLIN)
    assert (happened.month, happened.day) == (12, 4), created.memory.content
    assert created.memory.content == text


async def test_a_deed_told_with_moved_is_redated_as_a_deed(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
) -> None:
    """ "We moved to Berlin" says "moved to" of a deed done: moved to
    another past day it is no plan refused as behind (review s39 #2 makes
    only a moved time still ahead a plan)."""
    scope = await _on_wednesday(hass, init_integration, freezer, user_anna)
    outcome = await _told_then_dated(
        scope, "We moved to Berlin on Monday 30 November.", "last Friday"
    )
    assert outcome.memory.content == "We moved to Berlin on Friday 27 November."
