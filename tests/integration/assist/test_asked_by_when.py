"""Questions by when through the built-in agent (review s17).

"What was on the 21st", "was war am 21." (a bare day of the month), "the
first week of November", "die erste Novemberwoche" (a week of a month, not
all of it), "what did we do last weekend" (a habit told then is no deed)
and "where does Clara live", "wo wohnt Clara" reach memory and tell what
they ask. Asked on Thursday 26 November 2026, 15:00 in Berlin.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from ..conftest import call
from .test_questions import answered_by, ask, expose, speech

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

# What happened, and when (Berlin wall clock, winter time).
EVENTS = (
    ("Ben varnished the garden bench.", "2026-11-21T12:00:00"),
    ("We repainted the rabbit hutch.", "2026-11-14T12:00:00"),
    ("We descaled the coffee machine.", "2026-11-05T12:00:00"),
    ("We oiled the wooden worktop.", "2026-11-10T12:00:00"),
    ("We swept the chimney flue.", "2026-10-29T12:00:00"),
)


@pytest.fixture
async def household(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    hass_admin_user: MockUser,
) -> MockUser:
    """A habit told on Saturday 21 November, the events above, and asked
    on Thursday 26 November 2026, 15:00 in Berlin."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-21T09:00:00+00:00")
    told = await ask(
        hass, "remember that we go swimming every Saturday", user=hass_admin_user
    )
    assert "remember" in speech(told)
    told = await ask(
        hass, "remember that Clara lives in Leipzig near the zoo", user=hass_admin_user
    )
    assert "remember" in speech(told)
    freezer.move_to("2026-11-26T14:00:00+00:00")
    await _remember_events(hass, hass_admin_user, EVENTS)
    return hass_admin_user


async def _remember_events(
    hass: HomeAssistant, user: MockUser, events: tuple[tuple[str, str], ...]
) -> None:
    """Each event (text, Berlin wall-clock time) told as happened then."""
    for content, at in events:
        await call(
            hass,
            "remember",
            {"content": content, "happened_at": f"{at}+01:00", "kind": "event"},
            user=user,
        )


async def _said(
    hass: HomeAssistant, user: MockUser, question: str, language: str = "en"
) -> str:
    hass.config.language = language
    answer = await ask(hass, question, language, user=user)
    assert answered_by(answer) == "HomeMemoryQuestion", (question, speech(answer))
    return speech(answer)


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("what was on the 21st", "en"),
        ("what happened on the 21st", "en"),
        ("what was going on on the 21st", "en"),
        ("was war am 21.", "de"),
        ("was ist am 21. passiert", "de"),
    ],
)
async def test_a_bare_day_of_the_month_is_that_day(
    hass: HomeAssistant, household: MockUser, question: str, language: str
) -> None:
    """The last 21st, 21 November: its bench, not "no area called 21st",
    and nothing of another day."""
    said = await _said(hass, household, question, language)
    assert "garden bench" in said, said
    assert "rabbit hutch" not in said, said


async def test_what_was_on_something_that_is_no_time_stays_home_assistants(
    hass: HomeAssistant, household: MockUser
) -> None:
    """ "What was on the TV" names no time: Home Assistant's answer."""
    answer = await ask(hass, "what was on the TV", user=household)
    assert answered_by(answer) != "HomeMemoryQuestion", speech(answer)


@pytest.mark.parametrize(
    ("question", "language", "found", "not_found"),
    [
        ("what did we do in the first week of November", "en", "coffee", "worktop"),
        ("what did we do in the second week of November", "en", "worktop", "coffee"),
        ("what happened in the last week of October", "en", "chimney", "coffee"),
        (
            "was haben wir in der ersten Novemberwoche gemacht",
            "de",
            "coffee",
            "worktop",
        ),
        ("was war in der ersten Woche im November", "de", "coffee", "worktop"),
        ("was war in der zweiten Novemberwoche", "de", "worktop", "coffee"),
        ("was war in der letzten Oktoberwoche", "de", "chimney", "coffee"),
        # Kept as they were.
        ("what did we do in early November", "en", "coffee", "bench"),
        ("what did we do the weekend before last", "en", "rabbit hutch", "bench"),
        ("what did Ben do on the 21st", "en", "garden bench", "hutch"),
    ],
)
async def test_a_week_of_a_month_is_seven_of_its_days(
    hass: HomeAssistant,
    household: MockUser,
    question: str,
    language: str,
    found: str,
    not_found: str,
) -> None:
    """ "The first week of November" is 1-7 November, the second 8-14, the
    last of October 25-31, not the whole month."""
    said = await _said(hass, household, question, language)
    assert found in said, said
    assert not_found not in said, said


async def test_a_habit_told_last_weekend_is_no_deed_of_it(
    hass: HomeAssistant, household: MockUser
) -> None:
    """ "We go swimming every Saturday", told on Saturday, is not what we
    did last weekend; what was said then still tells it."""
    for question in ("what did we do last weekend", "what happened on Saturday"):
        said = await _said(hass, household, question)
        assert "garden bench" in said, said
        assert "swimming" not in said, said
    said = await _said(hass, household, "what did we talk about last weekend")
    assert "swimming" in said, said


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("where does Clara live", "en"),
        ("where does Clara live now", "en"),
        ("wo wohnt Clara", "de"),
    ],
)
async def test_where_someone_lives_is_memorys(
    hass: HomeAssistant, household: MockUser, question: str, language: str
) -> None:
    """Home Assistant has no sentence for it ("not understood")."""
    said = await _said(hass, household, question, language)
    assert "Leipzig" in said, said


async def test_where_a_person_is_stays_home_assistants(
    hass: HomeAssistant, household: MockUser
) -> None:
    """ "Where is Anna", "wo ist Anna" ask her state: Home Assistant's."""
    expose(hass, "person.anna", "Anna", "home")
    for question, language in (("where is Anna", "en"), ("wo ist Anna", "de")):
        hass.config.language = language
        answer = await ask(hass, question, language, user=household)
        assert answered_by(answer) == "HassGetState", speech(answer)


@pytest.mark.parametrize(
    ("told", "question", "language", "answer"),
    [
        (
            "We went for a walk along the old mill stream.",
            "where did we go for a walk",
            "en",
            "mill stream",
        ),
        ("I am allergic to walnuts.", "what am I allergic to", "en", "walnuts"),
        (
            "Wir sind am Mühlbach spazieren gegangen.",
            "wohin sind wir spazieren gegangen",
            "de",
            "Mühlbach",
        ),
        (
            "Wir waren am Mühlbach wandern.",
            "wo waren wir wandern",
            "de",
            "Mühlbach",
        ),
    ],
)
async def test_where_we_went_and_what_i_am_allergic_to_are_memorys(
    hass: HomeAssistant,
    household: MockUser,
    told: str,
    question: str,
    language: str,
    answer: str,
) -> None:
    """Found by the new-user review (s17): "where did we go for a walk"
    and "what am I allergic to" were "Sorry, I couldn't understand that"."""
    await call(hass, "remember", {"content": told}, user=household)
    said = await _said(hass, household, question, language)
    assert answer in said, said


async def test_a_long_memory_answers_with_its_part_that_answers(
    hass: HomeAssistant, household: MockUser
) -> None:
    """Found by the new-user review (s17): "when was the TV on" was answered
    with an observed evening cut before its TV; the part that tells the TV
    is said."""
    await call(
        hass,
        "remember",
        {
            "content": "I noticed that the front door opened and closed around "
            "eight, so someone may have come in or gone out; the living room TV "
            "was turned on (Anna) around eight.",
            "happened_at": "2026-11-14T20:00:00+01:00",
            "kind": "event",
        },
        user=household,
    )
    said = await _said(hass, household, "when was the TV on")
    assert "The living room TV was turned on (Anna) around eight." in said, said


async def test_a_habit_with_a_bare_weekday_is_no_deed_of_the_day_it_was_told(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    hass_admin_user: MockUser,
) -> None:
    """Final review s17: "the bins go out on Wednesday instead of Tuesday",
    told on Tuesday 24 November, was third of "what did we do last
    Tuesday". A weekday with no date in a memory dated to its telling was a
    habit: not what was done that Tuesday."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-24T17:30:00+00:00")  # Tuesday 24 November
    told = await ask(
        hass,
        "remember that I changed the shift with Ben: the bins go out on "
        "Wednesday instead of Tuesday",
        user=hass_admin_user,
    )
    assert "remember" in speech(told)
    await call(
        hass,
        "remember",
        {
            "content": "We cleaned the gutters.",
            "happened_at": "2026-11-24T11:00:00+01:00",
            "kind": "event",
        },
        user=hass_admin_user,
    )
    freezer.move_to("2026-11-26T14:00:00+00:00")  # Thursday 26 November
    said = await _said(hass, hass_admin_user, "what did we do last Tuesday")
    assert "gutters" in said, said
    assert "bins" not in said, said


@pytest.mark.parametrize(
    ("content", "at", "question", "heard"),
    [
        # Two Saturdays before: "on Saturday" now names another day.
        (
            "The babysitter looked after the kids on Saturday evening.",
            "2026-11-14T19:00:00",
            "when did the babysitter look after the kids",
            "On Saturday 14 November",
        ),
        (
            "Grandma Hilde stayed with us over the weekend.",
            "2026-11-07T12:00:00",
            "when did Grandma Hilde stay with us",
            "On Saturday 7 November",
        ),
        # The last Saturday: its words still say when, and are the answer.
        (
            "The babysitter looked after the kids on Saturday evening.",
            "2026-11-21T19:00:00",
            "when did the babysitter look after the kids",
            "The babysitter looked after the kids on Saturday evening.",
        ),
        # Its day said where a long memory's spoken part is cut (s24 H4).
        (
            (
                "We celebrated Grandma Rosa and Grandpa Walter's fortieth wedding "
                "anniversary with the whole family at the Italian restaurant on "
                "Saturday 14 November."
            ),
            "2026-11-14T19:00:00",
            "when did we celebrate the anniversary",
            "On Saturday 14 November",
        ),
        # A German memory in an English answer says its day too (s23 L4).
        (
            "Wir waren am Samstag, 14. November auf dem Weihnachtsmarkt.",
            "2026-11-14T16:00:00",
            "when were we at the Weihnachtsmarkt",
            "Wir waren am Samstag, 14. November auf dem Weihnachtsmarkt.",
        ),
    ],
)
async def test_a_when_answer_says_the_day_its_own_words_no_longer_name(
    hass: HomeAssistant,
    household: MockUser,
    content: str,
    at: str,
    question: str,
    heard: str,
) -> None:
    """Review s23 (V1): "when did the babysitter come", asked weeks after
    "The babysitter looked after the kids on Saturday evening." was told with
    its date, was answered with the text alone; "on Saturday" no longer
    says which. A memory's words answer "when" only while, read today, they
    name the day it happened; in any language ("On Saturday 14 November:
    Wir waren am Samstag, 14. November …" said the day twice, L4)."""
    await call(
        hass,
        "remember",
        {"content": content, "happened_at": f"{at}+01:00", "kind": "event"},
        user=household,
    )
    said = await _said(hass, household, question)
    assert said.startswith(heard), said


async def test_a_memory_told_without_its_time_is_said_by_its_day(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
    hass_admin_user: MockUser,
) -> None:
    """Review s24 M3: "we had lunch at Oma Hilde's", told on Sunday at
    seven in the evening, was said "On Sunday 22 November, around seven:
    …"; lunch is not at seven. Its time is its telling: the day is said,
    not the hour."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-22T18:00:00+00:00")  # Sunday, 19:00 in Berlin
    told = await ask(
        hass, "remember that we had lunch at Oma Hilde's", user=hass_admin_user
    )
    assert "remember" in speech(told)
    freezer.move_to("2026-11-26T14:00:00+00:00")  # Thursday 26 November
    said = await _said(hass, hass_admin_user, "when did we have lunch at Oma Hilde's")
    when, _, memory = said.partition(": ")
    assert "Sunday" in when, said
    assert "around" not in when, said
    assert "lunch" in memory, said


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("what did we do the week of November 16", "en"),
        ("what did we do last week", "en"),
        ("was haben wir letzte Woche gemacht", "de"),
    ],
)
async def test_a_week_asked_alone_is_read_day_by_day(
    hass: HomeAssistant, household: MockUser, question: str, language: str
) -> None:
    """Review s24 L4: "what did we do the week of November 16" began with
    Tuesday, Thursday, Sunday, then Monday (the likeliest first). A few
    days asked alone are read in the order they happened."""
    week = (
        ("We visited the planetarium.", "2026-11-19T12:00:00"),
        ("We cleaned the gutters.", "2026-11-16T12:00:00"),
        ("We went to the flea market.", "2026-11-22T12:00:00"),
        ("We baked bread with the kids.", "2026-11-17T12:00:00"),
    )
    await _remember_events(hass, household, week)
    said = await _said(hass, household, question, language)
    # The page read out (three), in the order of their days.
    days = [int(day) for day in re.findall(r"(\d{1,2})\.? November", said)]
    assert len(days) == 3, said
    assert days == sorted(days), said


async def test_a_season_told_is_found_by_the_season_asked(
    hass: HomeAssistant, household: MockUser, freezer: FrozenDateTimeFactory
) -> None:
    """ "Last summer" told in September is stored as "in summer 2026" and
    dated June to August (review s31 L6: kept as said, dated the telling);
    asked in January, "last summer" is that summer and no autumn event."""
    freezer.move_to("2026-09-13T10:00:00+00:00")
    told = "remember that Ben's sister repainted the garden gate last summer"
    assert "remember" in speech(await ask(hass, told, user=household))
    freezer.move_to("2027-01-20T14:00:00+00:00")
    summer = await _said(hass, household, "what did we do last summer")
    assert "garden gate in summer 2026" in summer, summer
    for autumn in ("bench", "hutch", "coffee", "worktop", "chimney"):
        assert autumn not in summer, summer
    sommer = await _said(hass, household, "Was haben wir letzten Sommer gemacht?", "de")
    assert "garden gate" in sommer, sommer
    winter = await _said(hass, household, "what did we do last winter")
    assert "garden gate" not in winter, winter


async def test_a_season_is_no_answer_to_a_day_of_it(
    hass: HomeAssistant, household: MockUser, freezer: FrozenDateTimeFactory
) -> None:
    """Review s32 M1: on the first day of winter, "what did we do today"
    read "We are redecorating the hall in winter 2026/27" first, and
    "what happened yesterday" autumn's new job. A season did not happen on
    the day asked; asked of the season, it is the answer."""
    freezer.move_to("2026-12-01T10:00:00+00:00")
    for told in (
        "remember that we are redecorating the hall this winter",
        "remember that Ben got a new job this autumn",
        "remember that we descaled the kettle this morning",
    ):
        assert "remember" in speech(await ask(hass, told, user=household))
    today = await _said(hass, household, "what did we do today")
    assert "kettle" in today, today
    assert "hall" not in today, today
    yesterday = await _said(hass, household, "what happened yesterday")
    assert "job" not in yesterday, yesterday
    winter = await _said(hass, household, "what are we doing this winter")
    assert "hall" in winter, winter
