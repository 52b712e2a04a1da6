"""Corrections whose subject is a person and whose verb no table knows.

"no, actually we painted the shed last year, not the year before last" and
"Nein, eigentlich haben wir den Zaun letztes Jahr gestrichen, nicht
vorletztes Jahr" update the memory as the passive "the shed was painted …"
does (review s28 M2: Home Assistant's "Sorry, I couldn't understand that",
the German answered as a question), and so does a doubled "Nein nein" with
an old value (M3); questions after the opening words stay questions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..conftest import setup_entry
from ..fake_agents import say
from .test_corrections import (
    active,
    contents,
    english_home_with_minilm,
    german_home_with_e5,
    speech,
)

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.memory.embedding.embedder import (
        Embedder,
    )
    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )
    from custom_components.home_memory.memory.store import MemoryStore

pytestmark = pytest.mark.usefixtures("mock_load_model")


async def german_home(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> MemoryStore:
    """A German home with the real e5 on Monday 30 November 2026 in Berlin."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-30T15:00:00+00:00")
    return await german_home_with_e5(hass, entry, e5)


async def home_in(
    language: str,
    hass: HomeAssistant,
    entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
) -> MemoryStore:
    """A German home with the real e5 or an English one with MiniLM, on a
    fixed day."""
    if language == "de":
        return await german_home(hass, entry, request.getfixturevalue("e5"), freezer)
    minilm = request.getfixturevalue("minilm")
    return await english_home_with_minilm(hass, entry, minilm, freezer)


@pytest.mark.parametrize(
    ("said", "content"),
    [
        (
            "no, actually we painted the shed last year, not the year before last",
            "We painted the shed in 2025.",
        ),
        ("no, actually we painted the shed last year", "We painted the shed in 2025."),
        ("no, actually we painted the shed on Sunday", "We painted the shed on Sunday"),
    ],
)
async def test_a_persons_deed_corrected_by_voice_updates_the_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    said: str,
    content: str,
) -> None:
    """Review s28 M2: "Sorry, I couldn't understand that", the memory
    still 2024. It is updated, and the answer says so."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, "remember that we painted the shed the year before last")
    assert contents(store) == {"We painted the shed in 2024."}
    answer = speech(await say(hass, said))
    assert answer.startswith(f"Updated: {content.rstrip('.')}"), answer
    [memory] = active(store)
    assert memory.content.startswith(content), memory.content


@pytest.mark.parametrize(
    ("told", "said", "content"),
    [
        (
            "remember that the band practises tomorrow",
            "no no, the band practises on Thursday, not tomorrow",
            "The band practises on Thursday 3 December",
        ),
        (
            "remember that the choir rehearses tomorrow",
            "no, actually the choir rehearses on Friday, not tomorrow",
            "The choir rehearses on Friday 4 December",
        ),
    ],
    ids=["no-no-article", "article"],
)
async def test_an_english_noun_corrects_with_its_old_value(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    told: str,
    said: str,
    content: str,
) -> None:
    """Review s29 M1: with a verb no table knows, an English subject said
    by an article ("the band practises") made no correction ("Sorry, I am
    not aware of any area called Thursday not tomorrow"); the German did.
    Named with its old value, it corrects."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, told)
    [before] = active(store)
    answer = speech(await say(hass, said))
    assert answer.startswith(f"Updated: {content}"), (answer, contents(store))
    [after] = active(store)
    assert after.id == before.id
    assert after.content.startswith(content), after.content


@pytest.mark.parametrize(
    ("language", "told", "said", "new", "old"),
    [
        ("en", "remember that we repaired the fence the year before last",
         "no, actually we repaired the fence last year", "2025", "2024"),
        ("de", "Merk dir, dass wir vorletztes Jahr den Zaun repariert haben",
         "Nein, eigentlich haben wir den Zaun letztes Jahr repariert", "2025",
         "2024"),
        # Anna's own visit, another time: the same deed (review s33 H1).
        ("de", "Merk dir, dass Anna vorletztes Jahr beim Zahnarzt war",
         "Nein, eigentlich war Anna letztes Jahr beim Zahnarzt", "2025", "2024"),
    ],
    ids=["en", "de", "de-her-visit"],
)  # fmt: skip
async def test_the_households_deed_corrected_by_another_person_is_updated(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    language: str,
    told: str,
    said: str,
    new: str,
    old: str,
) -> None:
    """Review s29 M2: Ben's "no, actually we repaired the fence last year"
    of Anna's "we repaired the fence the year before last" was his own
    memory beside hers ("Okay, I'll remember that"): the fence was both
    years. What "we" did is the household's deed, Ben's as much as
    Anna's: it is updated, as Anna's own correction would be, and stays
    hers."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, told, language=language, user=user_anna)
    [before] = active(store)
    assert old in before.content, before.content
    answer = speech(await say(hass, said, language=language, user=user_ben))
    assert answer.startswith(("Updated:", "Aktualisiert:")), answer
    [after] = active(store)
    assert (after.id, after.owner) == (before.id, user_anna.id)
    assert new in after.content, after.content
    assert old not in after.content, after.content


@pytest.mark.parametrize(
    ("language", "told", "said"),
    [
        ("en", "remember that I fixed the gate latch the year before last",
         "no, actually we fixed the gate latch last year"),
        ("en", "remember that Ben's mother visited the year before last",
         "no, actually we visited my mother last year"),
        ("de", "Merk dir, dass ich vorletztes Jahr das Gartentor gestrichen habe",
         "Nein, eigentlich haben wir das Gartentor letztes Jahr gestrichen"),
        ("en", "remember that I am vegetarian", "no, actually Anna is not vegetarian"),
        ("en", "remember that I locked the shed",
         "no, actually Anna did not lock the shed"),
        ("de", "Merk dir, dass ich Vegetarierin bin",
         "Nein, eigentlich ist Anna keine Vegetarierin"),
        # Review s33 H1: another place is another visit, not the dentist's.
        ("de", "Merk dir, dass Anna letzten Sommer beim Zahnarzt war",
         "Nein, eigentlich war Anna letzten Frühling in der Klinik"),
        ("en", "remember that Anna was at the dentist last summer",
         "no, actually Anna was at the clinic last spring"),
    ],
    ids=["en-her-deed", "en-another-event", "de-her-deed", "en-not-is",
         "en-not-did", "de-nicht-ist", "de-another-place", "en-another-place"],
)  # fmt: skip
async def test_another_persons_words_leave_what_anna_said_of_herself(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    language: str,
    told: str,
    said: str,
) -> None:
    """Review s30 H1: Ben's "no, actually we fixed the gate latch last year"
    replaced Anna's "Anna fixed the gate latch in 2024." ("Updated: We
    fixed …"), and "we visited my mother" Ben's mother's visit; s30b H1:
    his "no, actually Anna is not vegetarian" her "Anna is vegetarian.".
    What Anna did or says is so is hers (only a plan or a visit is his to
    call off), and another subject is another event: hers stays as it
    was, and Ben's words are his own memory."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, told, language=language, user=user_anna)
    [before] = active(store)
    answer = speech(await say(hass, said, language=language, user=user_ben))
    assert not answer.startswith(("Updated:", "Aktualisiert:")), answer
    kept = {m.id: (m.content, m.owner) for m in active(store)}
    assert kept[before.id] == (before.content, user_anna.id)
    assert len(kept) == 2, kept


async def test_a_german_persons_deed_corrected_is_no_question(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Review s28 M2: "Nein, eigentlich haben wir den Zaun …" was answered
    as the question "haben wir den Zaun …", the memory unchanged."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    told = "Merk dir, dass wir vorletztes Jahr den Zaun gestrichen haben"
    await say(hass, told, language="de")
    [before] = active(store)
    assert "2024" in before.content, before.content
    answer = speech(
        await say(
            hass,
            "Nein, eigentlich haben wir den Zaun letztes Jahr gestrichen, "
            "nicht vorletztes Jahr",
            language="de",
        )
    )
    assert answer.startswith("Aktualisiert:"), answer
    [after] = active(store)
    assert after.id == before.id
    assert "2025" in after.content, after.content
    assert "2024" not in after.content, after.content


async def test_a_german_no_no_with_an_unknown_verb_corrects(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Review s28 M3: "Nein nein, der Chor probt am Donnerstag, nicht
    morgen" got "Kein Bereich mit dem Namen Chor probt …"; as "no no, the
    dentist is on Friday, not tomorrow" does, it corrects tomorrow's."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    await say(hass, "Merk dir, dass der Chor morgen probt", language="de")
    answer = speech(
        await say(
            hass,
            "Nein nein, der Chor probt am Donnerstag, nicht morgen",
            language="de",
        )
    )
    assert answer.startswith("Aktualisiert:"), answer
    [memory] = active(store)
    assert "Donnerstag, 3. Dezember" in memory.content, memory.content
    assert "morgen" not in memory.content, memory.content


@pytest.mark.parametrize(
    ("language", "told", "asked", "heard"),
    [
        (
            "en",
            "remember that the plumber is coming on Friday",
            "no, actually when is the plumber coming",
            "Friday",
        ),
        (
            "de",
            "Merk dir, dass der Klempner am Freitag kommt",
            "Nein, eigentlich, wann kommt der Klempner",
            "Freitag",
        ),
    ],
    ids=["en", "de"],
)
async def test_a_question_after_the_opening_words_stays_a_question(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    language: str,
    told: str,
    asked: str,
    heard: str,
) -> None:
    """A person's statement corrects; a question after "no, actually" is
    still answered, and nothing is stored."""
    hass.config.language = language
    await setup_entry(hass, mock_config_entry)
    store: MemoryStore = mock_config_entry.runtime_data.store
    await say(hass, told, language=language)
    before = contents(store)
    answer = speech(await say(hass, asked, language=language))
    assert heard in answer, answer
    assert contents(store) == before


@pytest.mark.parametrize(
    ("language", "told", "said"),
    [
        ("en", "remember that the gate code is 9191",
         "no, actually I meant the gate"),
        ("en", "remember that the gate code is 9191",
         "actually, I don't know the code"),
        ("de", "Merk dir, dass der Torcode 9191 ist",
         "Nein, eigentlich, ich weiß es nicht"),
        ("en", "remember that we painted the shed the year before last",
         "no, actually we never painted anything"),
        ("en", "remember that we painted the shed the year before last",
         "no, actually they said it's fine"),
        ("en", "remember that we painted the shed the year before last",
         "no, actually I hope we painted the shed last year"),
        ("en", "remember that we painted the shed the year before last",
         "no, actually we painted the shed last year, I think"),
        ("en", "remember that we painted the shed the year before last",
         "no, actually we painted the shed last year, right"),
        ("en", "remember that we painted the shed the year before last",
         "no, actually we painted the shed, didn't we?"),
        ("de", "Merk dir, dass wir vorletztes Jahr den Zaun gestrichen haben",
         "Nein, eigentlich haben wir nie etwas gestrichen"),
        ("de", "Merk dir, dass wir vorletztes Jahr den Zaun gestrichen haben",
         "Nein, eigentlich haben sie gesagt, es ist in Ordnung"),
        ("de", "Merk dir, dass wir vorletztes Jahr den Zaun gestrichen haben",
         "Nein, eigentlich haben wir den Zaun letztes Jahr gestrichen, glaube ich"),
    ],
    ids=["en-meant", "en-know", "de-weiss", "en-never", "en-said", "en-hope",
         "en-i-think", "en-right", "en-tag-question", "de-nie", "de-gesagt",
         "de-glaube-ich"],
)  # fmt: skip
async def test_a_thought_a_doubt_or_a_denial_after_the_opening_words_changes_nothing(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    language: str,
    told: str,
    said: str,
) -> None:
    """A person said first is a correction's subject only before a verb
    that says what is so: "I meant …" and "ich weiß …" correct nothing.
    Nor does a denial, a hedge or hearsay after "no, actually": the
    memory keeps its year and nothing is stored beside it (review s29
    H2: "We never painted anything." was a new memory; H1: the tag
    question replaced the shed's year with itself)."""
    hass.config.language = language
    await setup_entry(hass, mock_config_entry)
    store: MemoryStore = mock_config_entry.runtime_data.store
    await say(hass, told, language=language)
    before = contents(store)
    await say(hass, said, language=language)
    assert contents(store) == before


@pytest.mark.parametrize(
    ("language", "told", "said", "content"),
    [
        ("en", "remember that the neighbours painted the shed the year before last",
         "no, actually the neighbours painted the shed last year", "2025"),
        ("en", "remember that my dad fixed the roof the year before last",
         "no, actually my dad fixed the roof last year", "2025"),
        ("en", "remember that Anna replaced the doorbell the year before last",
         "no, actually Anna replaced the doorbell last year", "2025"),
        ("en", "remember that we are going to the wedding on Saturday",
         "no, actually we are not going to the wedding", "not going"),
        ("en", "remember that the nanny is coming on Saturday",
         "the nanny isn't coming anymore", "isn't coming"),
        ("de", "Merk dir, dass wir am Samstag zur Hochzeit gehen",
         "Nein, eigentlich gehen wir nicht zur Hochzeit", "nicht"),
    ],
    ids=["en-neighbours", "en-my-dad", "en-name", "en-we-not-going",
         "en-anymore", "de-wir-nicht"],
)  # fmt: skip
async def test_a_third_persons_deed_or_a_plan_called_off_corrects(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    request: pytest.FixtureRequest,
    language: str,
    told: str,
    said: str,
    content: str,
) -> None:
    """Review s30b M7: with a noun or a name said first and a verb no table
    knows, "we are not going …" and "… isn't coming anymore" were Home
    Assistant's ("Sorry, I couldn't understand that", "not aware of any
    device called …"). They update the memory they correct."""
    store = await home_in(language, hass, mock_config_entry, freezer, request)
    await say(hass, told, language=language)
    [before] = active(store)
    answer = speech(await say(hass, said, language=language))
    assert answer.startswith(("Updated:", "Aktualisiert:")), answer
    [after] = active(store)
    assert after.id == before.id
    assert content in after.content, after.content


@pytest.mark.parametrize(
    "said",
    ["no, actually turn off the kitchen light", "actually, turn on the TV"],
)
async def test_a_command_or_the_homes_own_question_after_actually_stores_nothing(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    said: str,
) -> None:
    """Widened for a noun or a name said first (review s30b M7), a
    correction still takes no command to the home."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, "remember that the neighbours painted the shed last year")
    before = contents(store)
    await say(hass, said)
    assert contents(store) == before


@pytest.mark.parametrize(
    ("told", "said", "content"),
    [
        (
            "remember that Anna went to the clinic last summer",
            "no, actually Anna went to the clinic last spring",
            "Anna went to the clinic in spring 2026",
        ),
        (
            "remember that Ben took the car to the garage last summer",
            "no, actually Ben took the car to the garage last spring",
            "Ben took the car to the garage in spring 2026",
        ),
    ],
)
async def test_a_named_persons_deed_without_a_verb_ending_corrects(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    user_ben: MockUser,
    told: str,
    said: str,
    content: str,
) -> None:
    """Review s31 M4, s32 M7: Ben's "no, actually Anna went to the clinic
    last spring" was Home Assistant's "not aware of any device called no
    actually Anna went": "went" and "took" have no ending that says a verb.
    A name and a deed the time table knows is a person's statement, and it
    corrects Anna's household memory."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, told, user=user_anna)
    [before] = active(store)
    answer = speech(await say(hass, said, user=user_ben))
    assert answer.startswith(f"Updated: {content}"), (answer, contents(store))
    [after] = active(store)
    assert after.id == before.id


@pytest.mark.parametrize(
    ("language", "told", "said", "content"),
    [
        (
            "en",
            "remember that Anna's mother came on Saturday",
            "no, actually Anna's mother came on Sunday",
            "Anna's mother came on Sunday",
        ),
        (
            "de",
            "Merk dir, dass Annas Mutter am Samstag gekommen ist",
            "Nein, eigentlich kam Annas Mutter am Sonntag",
            "Annas Mutter kam am Sonntag",
        ),
    ],
)
async def test_a_name_s_possessive_phrase_is_the_subject_of_a_correction(
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
) -> None:
    """Review s35: "no, actually Anna's mother came on Sunday" went to Home
    Assistant, and German "kam Annas Mutter" was told "Annas kam Mutter":
    the name's possessive and its noun are the subject, and the mother's
    visit is corrected (Monday 30 November 2026)."""
    store = await german_home(hass, mock_config_entry, e5, freezer)
    await say(hass, told, user=user_anna, language=language)
    [before] = active(store)
    answer = speech(await say(hass, said, user=user_anna, language=language))
    assert answer.startswith(("Updated:", "Aktualisiert:")), (answer, contents(store))
    [after] = active(store)
    assert after.id == before.id
    assert after.content.startswith(content), after.content
