"""A spoken correction that says only when "it" was re-dates the memory
just talked about (review s32 M7: "no, actually it was last spring" was
"Sorry, I couldn't understand that")."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any
from unittest.mock import patch
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.assist import redating

from ..conftest import call
from ..fake_agents import say
from .test_corrections import active, english_home_with_minilm, speech
from .test_person_corrections import german_home, home_in

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.memory.embedding.embedder import Embedder
    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )
    from custom_components.home_memory.memory.store import MemoryStore

pytestmark = pytest.mark.usefixtures("mock_load_model")

BERLIN = ZoneInfo("Europe/Berlin")


@pytest.mark.parametrize(
    ("said", "answer"),
    [
        (
            "no, actually it was last spring",
            "Updated: We fixed the gutter in spring 2026 (was: in summer 2026).",
        ),
        ("no, it was on Tuesday", "Updated: We fixed the gutter on Tuesday"),
        ("actually that was yesterday", "Updated: We fixed the gutter on Friday"),
        # Review s35: not understood before.
        ("no wait, it was two days ago", "Updated: We fixed the gutter on Thursday"),
        ("nope, it was Sunday", "Updated: We fixed the gutter on Sunday"),
        (
            "no, it was last Christmas",
            "Updated: We fixed the gutter on Thursday 25 December 2025",
        ),
        # Review s38 #5: the time alone was "no area called Tuesday".
        ("no, on Tuesday", "Updated: We fixed the gutter on Tuesday"),
        ("no, actually on Tuesday", "Updated: We fixed the gutter on Tuesday"),
        ("actually Tuesday", "Updated: We fixed the gutter on Tuesday"),
    ],
)
async def test_it_was_another_time_re_dates_the_last_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    said: str,
    answer: str,
) -> None:
    """Said on Saturday 28 November 2026 in the conversation that told it:
    the memory is told again at the new time, and the answer says so as a
    named correction does."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    told = await say(
        hass, "remember that we fixed the gutter last summer", user=user_anna
    )
    [before] = active(store)
    assert before.content == "We fixed the gutter in summer 2026."
    result = await say(hass, said, conversation_id=told.conversation_id, user=user_anna)
    assert speech(result).startswith(answer), speech(result)
    [after] = active(store)
    assert after.id == before.id
    assert after.content.startswith(answer.removeprefix("Updated: ").split(" (")[0])
    assert after.happened_at is not None
    assert before.happened_at is not None
    assert after.happened_at != before.happened_at


async def test_another_speaker_s_it_was_changes_nothing(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Ben's "no, actually it was last spring" in Anna's conversation has
    no "it" of his: her memory stays as told; in a new conversation with
    nothing talked about, the same."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    told = await say(
        hass, "remember that we fixed the gutter last summer", user=user_anna
    )
    [before] = active(store)
    said = "no, actually it was last spring"
    result = await say(hass, said, conversation_id=told.conversation_id, user=user_ben)
    assert not speech(result).startswith("Updated"), speech(result)
    result = await say(hass, said, user=user_anna)
    assert not speech(result).startswith("Updated"), speech(result)
    [after] = active(store)
    assert (after.content, after.version) == (before.content, before.version)


@pytest.mark.parametrize(
    ("said", "content"),
    [
        ("Nein, eigentlich war das letzten Frühling", "im Frühling 2026"),
        ("Nein, das war am Dienstag", "am Dienstag"),
        # Review s35: not understood before.
        ("Nee, es war Sonntag", "Sonntag"),
        ("Nein warte, es war vorgestern", "Samstag"),
        ("Nein, es war letztes Weihnachten", "Donnerstag, 25. Dezember 2025"),
        # Review s38 #5: "Kein Bereich mit dem Namen Dienstag".
        ("Nein, eigentlich am Dienstag", "am Dienstag"),
        ("Nein, am Dienstag", "am Dienstag"),
    ],
)
async def test_a_german_it_was_another_time_re_dates_the_last_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    said: str,
    content: str,
) -> None:
    """ "Nein, eigentlich war das letzten Frühling" re-dates the Regenrinne
    told last summer (Monday 30 November 2026)."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    told = await say(
        hass,
        "Merk dir, dass wir letzten Sommer die Regenrinne repariert haben",
        user=user_anna,
        language="de",
    )
    [before] = active(store)
    assert "Sommer 2026" in before.content, before.content
    result = await say(
        hass, said, conversation_id=told.conversation_id, user=user_anna, language="de"
    )
    assert speech(result).startswith("Aktualisiert:"), speech(result)
    [after] = active(store)
    assert after.id == before.id
    assert content in after.content, after.content
    assert "Sommer" not in after.content, after.content


@pytest.mark.parametrize(
    ("told", "said", "content", "hour"),
    [
        (
            "remember that the plumber came on Friday afternoon",
            "no, it was on Tuesday",
            ("afternoon", "Tuesday 24 November"),
            12,
        ),
        (
            "remember that the plumber came on Friday at 3",
            "no, it was on Tuesday",
            ("at 3", "Tuesday 24 November"),
            0,  # a clock time is kept in its text, not read
        ),
    ],
)
async def test_a_new_day_keeps_the_time_of_day(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    told: str,
    said: str,
    content: tuple[str, str],
    hour: int,
) -> None:
    """ "no, it was on Tuesday" corrects the day the plumber came, not the
    afternoon nor the "at 3" told with it (Saturday 28 November 2026); the
    afternoon is dated as its afternoon, as it was before (its written
    "on the afternoon of …" was read as the whole day)."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    result = await say(hass, told, user=user_anna)
    [before] = active(store)
    await say(hass, said, conversation_id=result.conversation_id, user=user_anna)
    [after] = active(store)
    assert all(words in after.content for words in content), after.content
    assert "Friday" not in after.content, after.content
    # Told again on Tuesday 24 November: its date moved too.
    assert after.happened_at is not None
    assert before.happened_at != after.happened_at
    local = after.happened_at.astimezone(BERLIN)
    assert (local.date(), local.hour) == (date(2026, 11, 24), hour), local


async def test_a_german_new_day_keeps_the_time_of_day(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
) -> None:
    """ "Nein, das war am Dienstag" keeps the Nachmittag of the plumber's
    Friday (Monday 30 November 2026)."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    told = await say(
        hass,
        "Merk dir, dass der Klempner am Freitagnachmittag gekommen ist",
        user=user_anna,
        language="de",
    )
    [before] = active(store)
    await say(
        hass,
        "Nein, das war am Dienstag",
        conversation_id=told.conversation_id,
        user=user_anna,
        language="de",
    )
    [after] = active(store)
    assert "Dienstag" in after.content, after.content
    assert "nachmittag" in after.content.casefold(), after.content
    assert "Freitag" not in after.content, after.content
    # Dated as told again: Tuesday 24 November's afternoon, not the Friday.
    assert after.happened_at is not None, after
    assert after.happened_at.isoformat() == "2026-11-24T11:00:00+00:00", after
    assert before.happened_at != after.happened_at


@pytest.mark.parametrize(
    ("language", "told", "said", "answer"),
    [
        (
            "en",
            "remember that we went to the zoo on Thursday",
            "no, it was tomorrow",
            "That was told as done",
        ),
        (
            "de",
            "Merk dir, dass wir am Donnerstag im Zoo waren",
            "Nein, es war morgen",
            "Das wurde als erledigt erzählt",
        ),
        # Review s37 #15 (said at 16:00): words counting from now, whatever
        # the tense; "this evening" was yesterday's evening, "in an hour"
        # stored "Anna vacuumed the hall in an hour".
        (
            "en",
            "remember that Anna vacuumed the hall this morning",
            "no wait, it was in an hour",
            "That was told as done",
        ),
        (
            "en",
            "remember that Ben emptied the dishwasher this morning",
            "no, it was this evening",
            "That was told as done",
        ),
        (
            "en",
            "remember that Ben took out the trash this morning",
            "no, it was tonight",
            "That was told as done",
        ),
        (
            "de",
            "Merk dir, dass Ben heute früh die Spülmaschine ausgeräumt hat",
            "Nein, das war heute Abend",
            "Das wurde als erledigt erzählt",
        ),
        # A clock time still ahead on the memory's day (today).
        (
            "en",
            "remember that Anna ironed the shirts today",
            "no, it was at 8 pm",
            "That was told as done",
        ),
        (
            "de",
            "Merk dir, dass Anna heute die Hemden gebügelt hat",
            "Nein, das war um 20 Uhr",
            "Das wurde als erledigt erzählt",
        ),
    ],
)
async def test_a_deed_is_not_re_dated_ahead_of_now(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    language: str,
    told: str,
    said: str,
    answer: str,
) -> None:
    """Review s35: "no, it was tomorrow" of a zoo visit told as done moved
    it into the future; it changes nothing, and the answer says why."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    await _refused_changes_nothing(
        hass, store, user_anna, language, (told, said), answer
    )


@pytest.mark.parametrize(
    ("told", "evening_first"),
    [
        ("Merk dir, dass Ben heute die Blätter gerecht hat", True),
        ("Merk dir, dass Ben heute früh die Fenster geputzt hat", False),
        ("Merk dir, dass Anna gestern Abend gekocht hat", False),
    ],
)
async def test_a_german_deed_with_its_part_of_the_day_is_not_moved_ahead(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    told: str,
    evening_first: bool,
) -> None:
    """Review s37 #23: "am Dienstagabend, 1. Dezember" (the engine's own
    words) was read as two times, so the deed read as no past and
    "Nein, das war morgen" moved it to "am Donnerstagabend, 3. Dezember".
    After "Nein warte, das war gestern Abend" (the text's words replaced
    by the evening's), "Nein, das war übermorgen" changes nothing."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    result = await say(hass, told, user=user_anna, language="de")
    if evening_first:
        result = await say(
            hass,
            "Nein warte, das war gestern Abend",
            conversation_id=result.conversation_id,
            user=user_anna,
            language="de",
        )
        assert speech(result).startswith("Aktualisiert:"), speech(result)
    [before] = active(store)
    assert any(
        day in before.content for day in ("abend, 29. Nov", "morgen, 30. Nov")
    ), before.content
    result = await say(
        hass,
        "Nein, das war übermorgen",
        conversation_id=result.conversation_id,
        user=user_anna,
        language="de",
    )
    assert speech(result).startswith("Das wurde als erledigt erzählt"), speech(result)
    [after] = active(store)
    assert (after.content, after.version) == (before.content, before.version)
    assert after.happened_at == before.happened_at


@pytest.mark.parametrize(
    ("language", "told", "said", "content", "hours"),
    [
        (
            "en",
            "remember that we went to the zoo on Saturday",
            "no, it was in the afternoon",
            "in the afternoon",
            (12, 18),
        ),
        (
            "en",
            "remember that we went to the zoo on Saturday",
            "no, it was at 5",
            "at 5",
            None,
        ),
        (
            "de",
            "Merk dir, dass wir am Samstag im Zoo waren",
            "Nein, es war am Nachmittag",
            "am Nachmittag",
            (12, 18),
        ),
    ],
)
async def test_a_clock_time_or_part_of_the_day_narrows_the_day(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    language: str,
    told: str,
    said: str,
    content: str,
    hours: tuple[int, int] | None,
) -> None:
    """Review s35: "no, it was in the afternoon" and "no, it was at 5" were
    not understood. Told on Monday 30 November 2026, the zoo stays on
    Saturday 28 November; a part of the day narrows its time (a clock time
    is kept in its text, as a statement's is)."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    result = await say(hass, told, user=user_anna, language=language)
    [before] = active(store)
    result = await say(
        hass,
        said,
        conversation_id=result.conversation_id,
        user=user_anna,
        language=language,
    )
    assert speech(result).startswith(("Updated:", "Aktualisiert:")), speech(result)
    [after] = active(store)
    assert after.id == before.id
    assert content in after.content, after.content
    assert after.happened_at is not None
    local = after.happened_at.astimezone(BERLIN)
    assert local.date() == date(2026, 11, 28), local
    if hours is not None:
        assert after.happened_until is not None, after
        span = (local.hour, after.happened_until.astimezone(BERLIN).hour)
        assert span == hours, span


@pytest.mark.parametrize(
    ("language", "told", "said", "answer"),
    [
        (
            "en",
            "remember that the window cleaner is coming on Friday",
            "no wait, it was yesterday",
            "That was told as still to come, so it cannot have been yesterday",
        ),
        (
            "de",
            "Merk dir, dass der Fensterputzer am Freitag kommt",
            "Nein warte, das war gestern",
            "Das wurde als geplant erzählt, es kann nicht gestern gewesen sein",
        ),
        # Review s37 #4: a plan told with "is" went to the past.
        (
            "en",
            "remember that the dentist appointment is tomorrow",
            "no wait, it was yesterday",
            "That was told as still to come, so it cannot have been yesterday",
        ),
        (
            "de",
            "Merk dir, dass der Zahnarzttermin morgen ist",
            "Nein warte, das war gestern",
            "Das wurde als geplant erzählt, es kann nicht gestern gewesen sein",
        ),
    ],
)
async def test_a_plan_is_not_re_dated_into_the_past(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    language: str,
    told: str,
    said: str,
    answer: str,
) -> None:
    """Review s36 #13: "no wait, it was yesterday" of a plan stored "The
    window cleaner is coming on Sunday 29 November" (told on Monday 30
    November): a plan still to come in the past. It changes nothing, and
    the answer says why and what to tell instead."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    await _refused_changes_nothing(
        hass, store, user_anna, language, (told, said), answer
    )


@pytest.mark.parametrize(
    ("language", "told", "said", "content"),
    [
        (
            "en",
            "remember that Ben fed the dog",
            "no, it was yesterday at 5",
            ("Sunday 29 November", "at 5"),
        ),
        (
            "de",
            "Merk dir, dass Ben den Hund gefüttert hat",
            "Nein, das war gestern um 5",
            ("29. November", "um 5"),
        ),
        # Told with no day: the day of its telling, now said, with the time
        # (it answered "I already knew that", and nothing was stored).
        (
            "en",
            "remember that I paid the gas bill",
            "no, it was at 3",
            ("Monday 30 November", "at 3"),
        ),
        (
            "de",
            "Merk dir, dass ich die Wasserrechnung bezahlt habe",
            "Nein, es war um 3",
            ("30. November", "um 3"),
        ),
        (
            "en",
            "remember that Ben washed the car",
            "no, it was in the afternoon",
            ("Monday 30 November", "afternoon"),
        ),
    ],
)
async def test_a_clock_time_after_a_day_or_without_one_is_stored(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    language: str,
    told: str,
    said: str,
    content: tuple[str, ...],
) -> None:
    """Review s36 #6: "no, it was yesterday at 5" fell to Home Assistant
    ("not aware of any area called 5"), and "no, it was at 3" of a memory
    told without a day answered "I already knew that" with nothing stored.
    Said on Monday 30 November 2026 at 16:00."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    result = await say(hass, told, user=user_anna, language=language)
    [before] = active(store)
    result = await say(
        hass,
        said,
        conversation_id=result.conversation_id,
        user=user_anna,
        language=language,
    )
    assert speech(result).startswith(("Updated:", "Aktualisiert:")), speech(result)
    [after] = active(store)
    assert after.id == before.id
    assert all(words in after.content for words in content), after.content
    day = 29 if "29" in content[0] else 30
    assert after.happened_at.astimezone(BERLIN).day == day, after.happened_at


async def test_a_german_re_dated_deed_says_its_day_before_the_participle(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
) -> None:
    """Review s36 #5: "Ben hat die Fenster geputzt am Montag, 30. November";
    German puts the day after the auxiliary (Monday 30 November 2026), and
    the deed told again is kept beside it (it overwrote it)."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    told = await say(
        hass,
        "Merk dir, dass Ben die Fenster geputzt hat",
        user=user_anna,
        language="de",
    )
    result = await say(
        hass,
        "Nein warte, das war am Samstag",
        conversation_id=told.conversation_id,
        user=user_anna,
        language="de",
    )
    assert speech(result).startswith(
        "Aktualisiert: Ben hat am Samstag, 28. November die Fenster geputzt"
    ), speech(result)
    [after] = active(store)
    assert after.content == "Ben hat am Samstag, 28. November die Fenster geputzt."
    # Told again today: a second deed beside Saturday's, not Saturday's
    # overwritten (its day was lost).
    await say(
        hass,
        "Merk dir, dass Ben die Fenster geputzt hat",
        user=user_anna,
        language="de",
    )
    contents = sorted(memory.content for memory in active(store))
    assert contents == [
        "Ben hat am Samstag, 28. November die Fenster geputzt.",
        "Ben hat die Fenster geputzt.",
    ], contents


@pytest.mark.parametrize(
    ("told_in", "told", "said_in", "said", "answer"),
    [
        (
            "en",
            "remember that Ben cleaned the oven",
            "de",
            "Nein warte, das war am Samstag",
            "Aktualisiert: Ben cleaned the oven. Das war jetzt am Samstag, 28. Nov",
        ),
        (
            "en",
            "remember that Ben cleaned the oven",
            "de",
            "Nein warte, das war vorgestern",
            "Aktualisiert: Ben cleaned the oven. Das war jetzt am Samstag, 28. Nov",
        ),
        (
            "de",
            "Merk dir, dass Ben den Ofen geputzt hat",
            "en",
            "no wait, it was on Saturday",
            "Updated: Ben hat den Ofen geputzt. It is now on Saturday 28 November",
        ),
    ],
)
async def test_a_re_dating_in_another_language_moves_the_day_not_the_words(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    told_in: str,
    told: str,
    said_in: str,
    said: str,
    answer: str,
) -> None:
    """Review s36 #17: "Nein warte, das war am Montag" of an English memory
    stored "Ben cleaned the oven am Montag." on the day it was told. Its
    day moves (Saturday 28 November 2026), its text stays in its own
    language, and the answer says the new day."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    result = await say(hass, told, user=user_anna, language=told_in)
    [before] = active(store)
    result = await say(
        hass,
        said,
        conversation_id=result.conversation_id,
        user=user_anna,
        language=said_in,
    )
    assert speech(result).startswith(answer), speech(result)
    [after] = active(store)
    assert after.content == before.content
    assert after.happened_at.astimezone(BERLIN).date() == date(2026, 11, 28)


@pytest.mark.parametrize(
    ("told_in", "told", "said_in", "said", "content"),
    [
        (
            "en",
            "remember that Ben cleaned the windows today",
            "de",
            "Nein warte, das war vorgestern",
            "Ben cleaned the windows on Saturday 28 November.",
        ),
        (
            "de",
            "Merk dir, dass Anna heute den Kuchen gebacken hat",
            "en",
            "no wait, it was yesterday evening",
            "Anna hat am Sonntagabend, 29. November den Kuchen gebacken.",
        ),
        # A clock time beside the day: "That cannot be done as asked".
        (
            "de",
            "Merk dir, dass Anna heute den Kuchen gebacken hat",
            "en",
            "no, it was on Saturday at 8 pm",
            "Anna hat am Samstag, 28. November den Kuchen gebacken.",
        ),
    ],
)
async def test_a_re_dating_in_another_language_says_the_new_day_in_the_text(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    told_in: str,
    told: str,
    said_in: str,
    said: str,
    content: str,
) -> None:
    """Review s37 #18: "Nein warte, das war vorgestern" of "Ben cleaned the
    windows on Monday 30 November." moved its day and kept the old one in
    its text ("On Saturday 28 November: Ben cleaned the windows on Monday
    30 November."). The text's own date is said anew, in its language."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    result = await say(hass, told, user=user_anna, language=told_in)
    result = await say(
        hass,
        said,
        conversation_id=result.conversation_id,
        user=user_anna,
        language=said_in,
    )
    assert speech(result).startswith(("Updated:", "Aktualisiert:")), speech(result)
    [after] = active(store)
    assert after.content == content


async def _refused_changes_nothing(
    hass: HomeAssistant,
    store: MemoryStore,
    user: MockUser,
    language: str,
    said: tuple[str, str],
    answer: str,
) -> None:
    """Tell the first of `said`, then re-date it by the second in the same
    conversation: the answer opens with `answer` and the memory is as it
    was (its text, version and time)."""
    told, redating = said
    result = await say(hass, told, user=user, language=language)
    [before] = active(store)
    result = await say(
        hass,
        redating,
        conversation_id=result.conversation_id,
        user=user,
        language=language,
    )
    assert speech(result).startswith(answer), speech(result)
    [after] = active(store)
    assert (after.content, after.version) == (before.content, before.version)
    assert after.happened_at == before.happened_at


@pytest.mark.parametrize(
    ("language", "told", "said", "answer"),
    [
        (
            "en",
            "remember that we fixed the gutter last summer",
            "no, it was Sunday",
            (
                "That memory was changed just now, so I left it as it is. "
                "Please tell me again."
            ),
        ),
        (
            "de",
            "Merk dir, dass wir letzten Sommer die Regenrinne repariert haben",
            "Nein, es war Sonntag",
            (
                "Diese Erinnerung wurde gerade eben geändert, deshalb habe ich sie "
                "gelassen, wie sie ist. Sag es mir bitte noch einmal."
            ),
        ),
    ],
)
async def test_the_loser_of_two_corrections_at_once_hears_a_sentence_for_a_person(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    user_anna: MockUser,
    language: str,
    told: str,
    said: str,
    answer: str,
) -> None:
    """Two "no, it was Sunday" at once for the same memory: the one that
    lands second finds it changed and changes nothing; its speaker hears,
    in their language, that it was just changed and to say it again, not
    the words an LLM is told ("Ask the user again"; review s37)."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    first = await say(hass, told, user=user_anna, language=language)
    [before] = active(store)
    resolve = redating.async_resolve

    async def other_correction_lands_first(*args: Any, **kwargs: Any) -> Any:
        found = await resolve(*args, **kwargs)
        await call(
            hass,
            "update",
            {"id": before.id, "content": before.content.replace("2026", "2025")},
            user=user_anna,
        )
        return found

    with patch.object(redating, "async_resolve", other_correction_lands_first):
        result = await say(
            hass,
            said,
            conversation_id=first.conversation_id,
            user=user_anna,
            language=language,
        )
    assert speech(result) == answer
    [after] = active(store)
    assert after.version == before.version + 1  # only the other correction
    assert "2025" in after.content, after.content
