"""Corrections said to the built-in agent: a slot's new value supersedes.

"The wifi password is charlie" after "... is alpha", "the ladder is in the
garage" after "... in the cellar" (and the German "Das WLAN-Passwort ist
charlie", "Die Leiter ist in der Garage") update the memory instead of
adding a second one (memory/text/statements.py, `_slot`): recall says only
the new value, the old one is in the memory's history and a revert brings
it back. A state and a place of one subject stay two memories, and so do
two true facts of one subject (a second allergy, another case, another
thing), with the real MiniLM the household gets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from unittest.mock import patch
from zoneinfo import ZoneInfo

import pytest

from custom_components.home_memory.assist.sentence_files import load_sentence_files
from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    Caller,
    MemoryFilter,
    Visibility,
)
from custom_components.home_memory.memory.text.validation import MAX_CONTENT_CHARS

from ...bathroom_things import BATHROOM_DE
from ..conftest import call, setup_entry
from ..fake_agents import say

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.components.conversation import ConversationResult
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.memory.common.values import Memory
    from custom_components.home_memory.memory.embedding.embedder import (
        Embedder,
    )
    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )
    from custom_components.home_memory.memory.store import MemoryStore
    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

    from ..ws_client import Client

pytestmark = pytest.mark.usefixtures("mock_load_model")

ENGLISH = load_sentence_files().wording("en")
GERMAN = load_sentence_files().wording("de")


def speech(result: ConversationResult) -> str:
    """The plain speech of a conversation result."""
    text: str = result.response.speech["plain"]["speech"]
    return text


def active(store: MemoryStore) -> list[Memory]:
    """The household's active memories."""
    return list(store.list_memories(SYSTEM, MemoryFilter()).items)


def contents(store: MemoryStore) -> set[str]:
    """The household's active memories' texts."""
    return {m.content for m in active(store)}


async def test_a_new_value_said_by_voice_replaces_the_old_one(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    anna: Client,
) -> None:
    """Remember, correct with a plain word, recall: only the new value; the
    old one is the memory's history, and reverting brings it back."""
    store = init_integration.runtime_data.store
    told = await say(hass, "remember that the wifi password is alpha", user=user_anna)
    assert speech(told) == ENGLISH.say("remembered")
    corrected = await say(
        hass, "remember that the wifi password is charlie", user=user_anna
    )
    assert speech(corrected) == ENGLISH.say(
        "updated", content="The wifi password is charlie", was="alpha"
    )
    assert contents(store) == {"The wifi password is charlie."}
    recall = await say(
        hass, "what do you remember about the wifi password", user=user_anna
    )
    assert speech(recall) == "The wifi password is charlie."

    [memory] = store.list_memories(SYSTEM, MemoryFilter()).items
    got = await call(
        hass, "get", {"id": memory.id, "include_history": True}, user=user_anna
    )
    assert [h["content"] for h in got["history"]] == ["The wifi password is alpha."]
    reverted = await anna.ok(
        "revert", memory_id=memory.id, version=1, expected_version=memory.version
    )
    assert reverted["memory"]["content"] == "The wifi password is alpha."
    recall = await say(
        hass, "what do you remember about the wifi password", user=user_anna
    )
    assert speech(recall) == "The wifi password is alpha."


async def test_an_added_fact_after_no_actually_is_kept_beside_the_first(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """Review s26 H1: "no, actually Noah is also allergic to bees" replaced
    the wasps; with "also" it adds to them."""
    store = init_integration.runtime_data.store
    await say(hass, "remember that Noah is allergic to wasps", user=user_anna)
    added = await say(
        hass, "no, actually Noah is also allergic to bees", user=user_anna
    )
    assert speech(added) == ENGLISH.say("remembered")
    assert contents(store) == {
        "Noah is allergic to wasps.",
        "Noah is also allergic to bees.",
    }


async def test_a_correction_said_again_is_told_again(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """ "… on Wednesday evening, not Tuesday" after that correction was a
    second one: "Updated: … not Tuesday (was: evening)", and the memory
    kept "not Tuesday" (review s21 F12). It says what the memory says."""
    store = init_integration.runtime_data.store
    await say(hass, "remember that the bins go out on Tuesday evening", user=user_anna)
    await say(hass, "actually the bins go out on Wednesday evening", user=user_anna)
    again = await say(
        hass, "the bins go out on Wednesday evening, not Tuesday", user=user_anna
    )
    assert speech(again) == ENGLISH.say("already_known")
    assert contents(store) == {"The bins go out on Wednesday evening."}


async def test_a_new_place_said_by_voice_replaces_the_old_one(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """The ladder's new place, without "now", supersedes; the dog's state
    and its place are two facts."""
    store = init_integration.runtime_data.store
    await say(hass, "remember that the ladder is in the cellar")
    moved = await say(hass, "remember that the ladder is in the garage")
    assert speech(moved) == ENGLISH.say(
        "updated", content="The ladder is in the garage", was="the cellar"
    )
    where = await say(hass, "where is the ladder")
    assert speech(where) == "The ladder is in the garage."

    await say(hass, "remember that the dog is hungry")
    await say(hass, "remember that the dog is in the garden")
    assert contents(store) == {
        "The ladder is in the garage.",
        "The dog is hungry.",
        "The dog is in the garden.",
    }


async def test_a_german_correction_of_a_value_and_a_place(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
) -> None:
    """ "Das WLAN-Passwort ist charlie" after "… alpha" and "die Leiter ist
    in der Garage" after "… im Keller", said to the German built-in agent."""
    hass.config.language = "de"
    await setup_entry(hass, mock_config_entry)
    store = mock_config_entry.runtime_data.store
    await say(hass, "Merk dir, dass das WLAN-Passwort alpha ist", language="de")
    corrected = await say(
        hass, "Merk dir, dass das WLAN-Passwort charlie ist", language="de"
    )
    assert speech(corrected) == GERMAN.say(
        "updated", content="Das WLAN-Passwort ist charlie", was="alpha"
    )
    await say(hass, "Merk dir, dass die Leiter im Keller ist", language="de")
    moved = await say(
        hass, "Merk dir, dass die Leiter in der Garage ist", language="de"
    )
    assert speech(moved) == GERMAN.say(
        "updated", content="Die Leiter ist in der Garage", was="im Keller"
    )
    assert contents(store) == {
        "Das WLAN-Passwort ist charlie.",
        "Die Leiter ist in der Garage.",
    }
    recall = await say(hass, "Was weißt du über das WLAN-Passwort", language="de")
    assert speech(recall) == "Das WLAN-Passwort ist charlie."
    where = await say(hass, "Wo ist die Leiter?", language="de")
    assert speech(where) == "Die Leiter ist in der Garage."


async def test_a_german_eigentlich_with_its_verb_next_corrects(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
) -> None:
    """ "eigentlich geht der Müll am Mittwochabend raus" and "eigentlich ist
    das WLAN-Passwort Mond" got "Kein Bereich mit dem Namen …" (review
    s21): corrections, subject first; "merk dir, eigentlich …" is told as
    said, and a command stays no correction."""
    hass.config.language = "de"
    await setup_entry(hass, mock_config_entry)
    store = mock_config_entry.runtime_data.store
    await say(hass, "Merk dir, dass der Müll am Dienstagabend rausgeht", language="de")
    await say(hass, "Merk dir, dass das WLAN-Passwort Sonne ist", language="de")
    bins = await say(
        hass, "eigentlich geht der Müll am Mittwochabend raus", language="de"
    )
    assert speech(bins) == GERMAN.say(
        "updated",
        content="Der Müll geht am Mittwochabend raus",
        was="am Dienstagabend raus",
    ), speech(bins)
    wifi = await say(hass, "eigentlich ist das WLAN-Passwort Mond", language="de")
    assert speech(wifi) == GERMAN.say(
        "updated", content="Das WLAN-Passwort ist Mond", was="Sonne"
    ), speech(wifi)
    assert contents(store) == {
        "Der Müll geht am Mittwochabend raus.",
        "Das WLAN-Passwort ist Mond.",
    }
    order = await say(hass, "eigentlich schalte das Licht ein", language="de")
    assert not speech(order).startswith("Aktualisiert"), speech(order)
    await say(hass, "merk dir, eigentlich mag Ben lieber Tee", language="de")
    assert "Eigentlich mag Ben lieber Tee." in contents(store)


async def german_home_with_e5(
    hass: HomeAssistant, entry: MockConfigEntry, e5: MultilingualEmbedder
) -> MemoryStore:
    """Set the entry up as a German home gets it: language de, real e5."""
    hass.config.language = "de"
    with patch(
        "custom_components.home_memory.runtime.model_loading.load_multilingual_model",
        return_value=e5,
    ):
        await setup_entry(hass, entry)
    store: MemoryStore = entry.runtime_data.store
    return store


async def test_a_german_home_with_e5_corrects_a_place_and_a_negation(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
) -> None:
    """With the model a German home gets and a dozen other things in the
    bathroom (nearer to the new place than the old one), "die Schere ist im
    Bad" supersedes "… in der Küche", "… nicht mehr im Bad" that, and a
    negation of another place corrects nothing."""
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    assert store.embedder is e5
    await say(hass, "Merk dir, dass die Schere in der Küche ist", language="de")
    others = {f"{thing} ist im Bad." for thing in BATHROOM_DE}
    for other in sorted(others):
        await call(hass, "remember", {"content": other})
    assert contents(store) >= others
    moved = await say(hass, "Merk dir, dass die Schere im Bad ist", language="de")
    assert speech(moved) == GERMAN.say(
        "updated", content="Die Schere ist im Bad", was="in der Küche"
    )
    elsewhere = await say(
        hass, "Merk dir, dass die Schere nicht in der Garage liegt", language="de"
    )
    assert speech(elsewhere) == GERMAN.say("remembered")
    gone = await say(
        hass, "Merk dir, dass die Schere nicht mehr im Bad ist", language="de"
    )
    assert speech(gone) == GERMAN.say(
        "updated", content="Die Schere ist nicht mehr im Bad", was="im Bad"
    )
    assert contents(store) == {
        *others,
        "Die Schere ist nicht mehr im Bad.",
        "Die Schere liegt nicht in der Garage.",
    }
    where = await say(hass, "Wo ist die Schere?", language="de")
    assert "Küche" not in speech(where)


async def test_a_german_key_under_a_blue_pot_moves_to_the_garage(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
) -> None:
    """The new-user review's German home: "liegt unter dem blauen
    Blumentopf", then "ist jetzt in der Garage" supersedes it (the old place
    is the memory's history) and "wo ist der Ersatzschlüssel" says only the
    new one; "liegt jetzt auf dem Regal" moves it again."""
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    told = await say(
        hass,
        "merk dir, dass der Ersatzschlüssel unter dem blauen Blumentopf liegt",
        language="de",
    )
    assert speech(told) == GERMAN.say("remembered")
    assert contents(store) == {"Der Ersatzschlüssel liegt unter dem blauen Blumentopf."}
    moved = await say(
        hass,
        "merk dir, dass der Ersatzschlüssel jetzt in der Garage ist",
        language="de",
    )
    assert speech(moved) == GERMAN.say(
        "updated",
        content="Der Ersatzschlüssel ist jetzt in der Garage",
        was="unter dem blauen Blumentopf",
    )
    assert contents(store) == {"Der Ersatzschlüssel ist jetzt in der Garage."}
    where = await say(hass, "wo ist der Ersatzschlüssel", language="de")
    assert "Garage" in speech(where)
    assert "Blumentopf" not in speech(where)
    await say(
        hass,
        "merk dir, dass der Ersatzschlüssel jetzt auf dem Regal liegt",
        language="de",
    )
    [memory] = store.list_memories(SYSTEM, MemoryFilter()).items
    assert memory.content == "Der Ersatzschlüssel liegt jetzt auf dem Regal."
    got = await call(hass, "get", {"id": memory.id, "include_history": True})
    assert [h["content"] for h in got["history"]] == [
        "Der Ersatzschlüssel ist jetzt in der Garage.",
        "Der Ersatzschlüssel liegt unter dem blauen Blumentopf.",
    ]


async def test_a_german_appointment_moved_with_statt_keeps_its_verb(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """New-user review s17: "… am Freitag, den 20., statt am Donnerstag
    ist" was stored "… Zahnarzttermin am Freitag, den 20.." (the cut of the
    old value took the verb, the date's full stop doubled). The date's
    commas end no clause, the verb goes second and stays."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-02T09:00:00+00:00")  # Monday 2 November, 10:00
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    await say(
        hass,
        "Merk dir, dass mein Zahnarzttermin am Donnerstag, den 19., um 10 Uhr ist.",
        language="de",
    )
    assert contents(store) == {
        "Unser Zahnarzttermin ist am Donnerstag, den 19., um 10 Uhr."
    }
    freezer.move_to("2026-11-11T11:00:00+00:00")  # Wednesday 11 November
    moved = await say(
        hass,
        "Merk dir, dass mein Zahnarzttermin am Freitag, den 20., statt am "
        "Donnerstag ist.",
        language="de",
    )
    assert speech(moved).startswith(
        "Aktualisiert: Unser Zahnarzttermin ist am Freitag, den 20"
    ), speech(moved)
    # The day moved, the hour did not: kept (new-user review s17).
    assert contents(store) == {
        "Unser Zahnarzttermin ist am Freitag, den 20., um 10 Uhr."
    }


async def test_an_english_key_that_lies_under_a_blue_pot_moves(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """ "lies under the blue flower pot", then "is in the garage now": one
    memory, the new place."""
    store = init_integration.runtime_data.store
    await say(hass, "remember that the spare key lies under the blue flower pot")
    moved = await say(hass, "remember that the spare key is in the garage now")
    assert speech(moved) == ENGLISH.say(
        "updated",
        content="The spare key is in the garage now",
        was="under the blue flower pot",
    )
    assert contents(store) == {"The spare key is in the garage now."}


async def test_a_second_true_fact_of_one_subject_is_kept_beside_the_first(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
) -> None:
    """Found by the attacker review (real MiniLM similarities 0.69-0.89, above
    the correction floor): a second allergy, told by voice with "also" or by
    the remember action without it, the kids' bedtime on weekends and the
    spare house key each replaced the first fact. Now both stay and recall
    says both; a true correction still updates."""
    with patch(
        "custom_components.home_memory.runtime.model_loading.load_model",
        return_value=minilm,
    ):
        await setup_entry(hass, mock_config_entry)
    store = mock_config_entry.runtime_data.store
    assert store.embedder is minilm
    await say(hass, "remember that Emma is allergic to cats")
    also = await say(hass, "remember that Emma is also allergic to bee stings")
    assert speech(also) == ENGLISH.say("remembered")
    pairs = (
        ("Noah is allergic to peanuts.", "Noah is allergic to penicillin."),
        (
            "The kids go to bed at 8 pm on school nights.",
            "The kids go to bed at 10 pm on weekends.",
        ),
        (
            "We keep the spare car key in the blue box.",
            "We keep the spare house key in the blue box.",
        ),
    )
    for first, second in pairs:
        told = await call(hass, "remember", {"content": first})
        added = await call(hass, "remember", {"content": second})
        assert (told["action"], added["action"]) == ("created", "created"), second
    assert contents(store) == {
        "Emma is allergic to cats.",
        "Emma is also allergic to bee stings.",
        *(text for pair in pairs for text in pair),
    }
    recall = await say(hass, "what do you remember about Noah")
    assert "peanuts" in speech(recall)
    assert "penicillin" in speech(recall)
    await say(hass, "remember that the wifi password is alpha")
    corrected = await say(hass, "remember that the wifi password is charlie")
    assert speech(corrected) == ENGLISH.say(
        "updated", content="The wifi password is charlie", was="alpha"
    )


async def english_home_with_minilm(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> MemoryStore:
    """An English home with the real MiniLM, on Saturday 28 November 2026,
    18:00 in Berlin."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-28T17:00:00+00:00")
    with patch(
        "custom_components.home_memory.runtime.model_loading.load_model",
        return_value=minilm,
    ):
        await setup_entry(hass, entry)
    store: MemoryStore = entry.runtime_data.store
    return store


async def home_speaking(
    hass: HomeAssistant, entry: MockConfigEntry, language: str
) -> MemoryStore:
    """A home set up in `language` (the stub model); its store."""
    hass.config.language = language
    await setup_entry(hass, entry)
    store: MemoryStore = entry.runtime_data.store
    return store


async def assert_updated(
    hass: HomeAssistant, said: str, content: str, was: str
) -> None:
    """`said` to the built-in agent is answered as the correction it is."""
    answer = speech(await say(hass, said))
    assert answer == ENGLISH.say("updated", content=content, was=was), answer


def day(memory: Memory) -> str:
    """The local day a memory's event time starts on."""
    return memory.happened_at.astimezone(ZoneInfo("Europe/Berlin")).date().isoformat()


async def test_corrections_in_everyday_words_replace_the_old_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """New-user review: "… on Wednesday instead of Tuesday", "… moved to
    Friday", "… next Thursday instead", "… is now on Thursday",
    "rescheduled to", "postponed until" were new memories beside the old
    ones (one "… instead of On Tuesday 1 December", dated Tuesday). Each
    updates its memory, stored without the old value's words and dated to
    the new day; what is asked says only the new day."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    told = (
        (
            "the plumber is coming on Tuesday at 8 to fix the dripping kitchen tap",
            "the plumber is coming on Wednesday instead of Tuesday",
            "The plumber is coming on Wednesday 2 December",
            "2026-12-02",
        ),
        (
            "Anna has a dentist appointment next Thursday at 10 am",
            "the dentist appointment moved to Friday",
            # The day moved, the hour did not (new-user review s17).
            "The dentist appointment moved to Friday 4 December at 10 am",
            "2026-12-04",
        ),
        (
            "Ben has a job interview next Tuesday",
            "Ben has a job interview next Thursday instead",
            "Ben has a job interview on Thursday 3 December",
            "2026-12-03",
        ),
        (
            "the electrician is coming on Monday",
            "the electrician is now on Thursday",
            "The electrician is now on Thursday 3 December",
            "2026-12-03",
        ),
        (
            "the chimney sweep comes on Wednesday 2 December",
            "the chimney sweep is now coming on Friday 4 December",
            "The chimney sweep is now coming on Friday 4 December",
            "2026-12-04",
        ),
        (
            "the parents evening will be on Tuesday",
            "the parents evening was rescheduled to Thursday",
            "The parents evening was rescheduled to Thursday 3 December",
            "2026-12-03",
        ),
        (
            "the car service will be next Wednesday",
            "the car service has been postponed until Friday",
            "The car service has been postponed until Friday 4 December",
            "2026-12-04",
        ),
    )
    for first, second, stored, new_day in told:
        assert speech(await say(hass, f"remember that {first}")) == ENGLISH.say(
            "remembered"
        )
        corrected = speech(await say(hass, f"remember that {second}"))
        assert corrected.startswith(f"Updated: {stored} (was: "), corrected
        [memory] = [m for m in active(store) if m.content.rstrip(".") == stored]
        assert day(memory) == new_day
    assert {text.rstrip(".") for text in contents(store)} == {
        stored for _, _, stored, _ in told
    }
    plumber = speech(await say(hass, "when is the plumber coming"))
    assert "Wednesday 2 December" in plumber, plumber
    assert "Tuesday" not in plumber


async def test_a_correction_of_a_plan_is_dated_as_a_new_memory_is(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """New-user review: "the piano tuner comes on Wednesday at 5 pm" after
    "… tomorrow at 5 pm" was applied with a bare "Wednesday" and dated when
    it was said; it names the coming Wednesday, as the plan it corrects."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, "remember that the piano tuner comes tomorrow at 5 pm")
    await assert_updated(
        hass,
        "remember that the piano tuner comes on Wednesday at 5 pm",
        "The piano tuner comes on Wednesday 2 December at 5 pm",
        "on Sunday 29 November at 5 pm",
    )
    [memory] = active(store)
    assert day(memory) == "2026-12-02"
    # A habit told of a memory that is no plan stays a habit.
    await say(hass, "remember that the bins go out on Tuesday")
    await assert_updated(
        hass,
        "remember that the bins go out on Thursday",
        "The bins go out on Thursday",
        "on Tuesday",
    )


async def test_a_spoken_correction_updates_the_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """New-user review: "actually the plumber is coming on Wednesday, not
    Tuesday" got Home Assistant's "not aware of any area called Wednesday
    not Tuesday". It updates the plumber's memory as "remember that …"
    does; "correction: …" too; an order to the home is no correction."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, "remember that the plumber is coming on Tuesday at 8")
    await assert_updated(
        hass,
        "actually the plumber is coming on Wednesday, not Tuesday",
        "The plumber is coming on Wednesday 2 December",
        "on Tuesday 1 December at 8",
    )
    [memory] = active(store)
    assert day(memory) == "2026-12-02"
    await say(hass, "remember that the bins go out on Tuesday")
    await assert_updated(
        hass,
        "correction: the bins go out on Thursday",
        "The bins go out on Thursday",
        "on Tuesday",
    )
    order = await say(hass, "turn on the fan instead of the light")
    assert not speech(order).startswith("Updated"), speech(order)
    assert len(active(store)) == 2


async def test_a_correction_corrects_only_a_memory_that_holds_its_old_value(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Attacker review s16: "the car insurance is due in March instead of
    April", told for the household, overwrote Anna's private "my car
    insurance number is KX-778" and read the number aloud ("was: …"); Ben
    never heard the due date. A different thing of the same subject is a
    new memory for the household, said as told; a leading "actually"
    without an old value never reaches a private memory; her private due
    date, which says April, is corrected in private."""
    await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(
        hass,
        "remember privately that my car insurance number is KX-778",
        user=user_anna,
    )
    found = await call(hass, "search", {"query": "car insurance"}, user=user_anna)
    [number] = found["memories"]
    due = speech(
        await say(
            hass,
            "remember that the car insurance is due in March instead of April",
            user=user_anna,
        )
    )
    assert due == ENGLISH.say("remembered"), due
    bens = await call(hass, "search", {"query": "car insurance"}, user=user_ben)
    assert "The car insurance is due in March instead of April." in {
        m["content"] for m in bens["memories"]
    }
    actually = speech(
        await say(hass, "actually the car insurance is due in May", user=user_anna)
    )
    assert "KX-778" not in actually, actually
    kept = await call(hass, "get", {"id": number["id"]}, user=user_anna)
    assert kept["memory"]["content"] == number["content"]
    assert kept["memory"]["version"] == 1
    bens = await call(hass, "search", {"query": "car insurance"}, user=user_ben)
    assert not any("KX-778" in m["content"] for m in bens["memories"])
    # The same fact, its old value in it: corrected where it is, in private.
    await say(
        hass,
        "remember privately that my gym membership renews in April",
        user=user_anna,
    )
    renews = speech(
        await say(
            hass,
            "remember that the gym membership renews in June instead of April",
            user=user_anna,
        )
    )
    assert renews.startswith("Updated: "), renews
    assert "KX-778" not in renews
    bens = await call(hass, "search", {"query": "gym membership"}, user=user_ben)
    assert not any("gym" in m["content"] for m in bens["memories"])


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        (
            "we use the side door instead of the front door when it snows",
            "We use the side door instead of the front door when it snows.",
        ),
        (
            "Ben is allergic to penicillin, not amoxicillin",
            "Ben is allergic to penicillin, not amoxicillin.",
        ),
        (
            "the medicine must be taken with water, not with milk",
            "The medicine must be taken with water, not with milk.",
        ),
        (
            "the dog gets wet food instead of dry food since his surgery",
            "The dog gets wet food instead of dry food since his surgery.",
        ),
    ],
)
async def test_what_corrects_nothing_is_stored_as_said(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    said: str,
    stored: str,
) -> None:
    """Attacker review s16: "instead of …" and ", not …" were cut from every
    statement ("We use the side door.", "Ben is allergic to penicillin"):
    with no memory holding the old value they are part of what was said,
    by voice, by the action and by the LLM tool (one operation)."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    assert speech(await say(hass, f"remember that {said}")) == ENGLISH.say("remembered")
    assert contents(store) == {stored}
    told = await call(hass, "remember", {"content": stored})
    assert told["action"] == "reinforced"
    assert contents(store) == {stored}


async def test_a_stored_fact_told_again_with_an_old_value_keeps_it(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """ "Ben is allergic to penicillin, not amoxicillin" after "Ben is
    allergic to penicillin" is no repeat that drops "not amoxicillin"."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await call(hass, "remember", {"content": "Ben is allergic to penicillin"})
    await call(
        hass, "remember", {"content": "Ben is allergic to penicillin, not amoxicillin"}
    )
    assert any("amoxicillin" in text for text in contents(store)), contents(store)


async def test_a_german_correction_in_an_english_home_is_read_in_german(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Attacker review s16: in a Home Assistant set to English, a German
    conversation's "korrigiere: …" stayed in the stored text and "…
    verschoben" corrected nothing (the corrections were read in the
    household's language). The conversation's language reads them."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, "Merk dir, dass der Müll dienstags abgeholt wird", language="de")
    corrected = speech(
        await say(
            hass,
            "Merk dir: korrigiere: der Müll wird mittwochs abgeholt",
            language="de",
        )
    )
    assert corrected.startswith("Aktualisiert: Der Müll wird mittwochs abgeholt"), (
        corrected
    )
    await say(
        hass, "Merk dir, dass der Zahnarzttermin am Donnerstag um 10 ist", language="de"
    )
    moved = speech(
        await say(
            hass,
            "Merk dir, dass der Zahnarzttermin auf Freitag verschoben wurde",
            language="de",
        )
    )
    assert moved.startswith("Aktualisiert: Der Zahnarzttermin wurde auf Freitag"), moved
    assert contents(store) == {
        "Der Müll wird mittwochs abgeholt.",
        "Der Zahnarzttermin wurde auf Freitag, 4. Dezember verschoben.",
    }


async def test_a_correction_keeps_what_its_memory_was_about(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Attacker review s16: "the appointment moved to Friday" replaced "The
    dentist appointment is on Thursday 3 December at 10" and "dentist" was
    lost; "actually the bank is closed on Monday" was pinned to the last
    Monday. The memory says what moved, found by "dentist"; the bank's
    closing day stays a habit."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, "remember that the dentist appointment is next Thursday at 10")
    await assert_updated(
        hass,
        "remember that the appointment moved to Friday",
        "The dentist appointment moved to Friday 4 December",
        "is on Thursday 3 December at 10",
    )
    [memory] = active(store)
    assert day(memory) == "2026-12-04"
    found = await call(hass, "search", {"query": "dentist"})
    assert [m["id"] for m in found["memories"]] == [memory.id]
    await say(hass, "remember that the bank is closed on Tuesday")
    await assert_updated(
        hass,
        "actually the bank is closed on Monday",
        "The bank is closed on Monday",
        "on Tuesday",
    )


async def test_another_persons_correction_updates_the_household_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Ben's "Anna's yoga is on Wednesday instead of Monday" and "actually
    the plumber comes on Thursday, not Tuesday" were his own memories beside
    Anna's: "when is the plumber coming" said both days. Any member may
    update a household memory: Anna's is updated ("… moved to Friday" too),
    she stays its owner and its history says Ben changed it. Her private
    memory stays hers, neither changed nor read out."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)

    async def told(user: MockUser, said: str) -> str:
        return speech(await say(hass, said, user=user))

    await told(user_anna, "remember that my yoga is on Monday")
    yoga = await told(
        user_ben, "remember that Anna's yoga is on Wednesday instead of Monday"
    )
    assert yoga.startswith("Updated: Anna's yoga is on Wednesday (was: "), yoga
    await told(user_anna, "remember that the plumber is coming on Tuesday at 8")
    plumber = await told(
        user_ben, "actually the plumber is coming on Thursday, not Tuesday"
    )
    assert plumber.startswith(
        "Updated: The plumber is coming on Thursday 3 December (was: "
    ), plumber
    assert {m.content: m.owner for m in active(store)} == {
        "Anna's yoga is on Wednesday.": user_anna.id,
        "The plumber is coming on Thursday 3 December.": user_anna.id,
    }
    when = await told(user_ben, "when is the plumber coming")
    assert "Thursday 3 December" in when, when
    assert "Tuesday" not in when, when
    [memory] = [m for m in active(store) if "plumber" in m.content]
    got = await call(
        hass, "get", {"id": memory.id, "include_history": True}, user=user_anna
    )
    [before] = got["history"]
    assert before["content"] == "The plumber is coming on Tuesday 1 December at 8."
    assert before["replaced_by"] == user_ben.id
    # Anna's private memory is never Ben's to correct, nor read out.
    await told(user_anna, "remember privately that my gift for Ben is in the attic")
    hidden = await told(
        user_ben, "remember that Anna's gift for Ben is in the garage, not the attic"
    )
    assert not hidden.startswith("Updated"), hidden
    annas = Caller(user_id=user_anna.id)
    [gift] = store.list_memories(
        annas, MemoryFilter(visibility=Visibility.PRIVATE)
    ).items
    assert (gift.content, gift.version) == ("My gift for Ben is in the attic.", 1)
    moved = await told(user_ben, "the plumber's visit moved to Friday")
    assert moved.startswith("Updated: The plumber's visit moved to Friday 4 Dec"), moved
    assert len([m for m in active(store) if "plumber" in m.content]) == 1


async def test_two_german_statements_of_one_day_are_two_memories(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Final review s17: with the date now before the verb ("Am Dienstag,
    24. November war der Schornsteinfeger da."), the date read as the
    subject, and "…, dass wir heute am Schlachtensee spazieren waren"
    replaced the chimney sweep ("Aktualisiert: …"). A fronted time is no
    subject: three things of one day are three memories."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-24T11:00:00+00:00")  # Tuesday 24 November, noon
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    for said in (
        "Merk dir, dass heute der Schornsteinfeger da war.",
        "Merk dir, dass wir heute am Schlachtensee spazieren waren.",
        "Merk dir, dass heute der Klempner da war.",
    ):
        answer = speech(await say(hass, said, language="de"))
        assert not answer.startswith("Aktualisiert"), (said, answer)
    assert contents(store) == {
        "Am Dienstag, 24. November war der Schornsteinfeger da.",
        "Wir waren am Dienstag, 24. November am Schlachtensee spazieren.",
        "Am Dienstag, 24. November war der Klempner da.",
    }


async def test_two_german_chores_of_one_day_are_two_memories(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_ben: MockUser,
) -> None:
    """New-user review s18: "…, dass ich heute den Zaun gestrichen habe"
    after "… den tropfenden Wasserhahn im Bad repariert habe" was
    "Aktualisiert: …": two participles of one auxiliary are two deeds."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-12-01T17:00:00+00:00")  # Tuesday 1 December, 18:00
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    for said in (
        "Merk dir, dass ich heute den tropfenden Wasserhahn im Bad repariert habe.",
        "Merk dir, dass ich heute den Zaun gestrichen habe.",
    ):
        answer = speech(await say(hass, said, language="de", user=user_ben))
        assert not answer.startswith("Aktualisiert"), (said, answer)
    assert len(contents(store)) == 2, contents(store)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("in die Stadt ging", "einkaufen ging"),
        ("in die Stadt ging", "einkaufen ging, weil der Kühlschrank leer war"),
        ("in die Stadt gegangen bin", "einkaufen gegangen bin"),
    ],
)
async def test_two_german_deeds_of_yesterday_are_two_memories(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_ben: MockUser,
    first: str,
    second: str,
) -> None:
    """Review s21 F2: Ben's "…, dass ich gestern einkaufen ging" after "…
    in die Stadt ging" was "Aktualisiert: … (vorher: in die Stadt)" and the
    town was lost; nothing in it says it corrects."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-27T18:30:00+00:00")  # Friday 27 November, 19:30
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    for said in (first, second):
        told = f"merk dir, dass ich gestern {said}"
        answer = speech(await say(hass, told, language="de", user=user_ben))
        assert not answer.startswith("Aktualisiert"), (told, answer)
    kept = contents(store)
    assert len(kept) == 2, kept
    assert any("Stadt" in text for text in kept), kept
    assert any("einkaufen" in text for text in kept), kept


@pytest.mark.parametrize(
    ("first", "second", "kept"),
    [
        (
            "Merk dir, dass wir heute den Adventskranz gebunden haben",
            "Merk dir, dass wir letzten Sonntag auf dem Weihnachtsmarkt waren",
            {
                "Wir haben am Sonntag, 29. November den Adventskranz gebunden.",
                "Wir waren am Sonntag, 29. November auf dem Weihnachtsmarkt.",
            },
        ),
        (
            "Merk dir, dass Ben heute krank war",
            "Merk dir, dass Ben letzten Sonntag beim Fußball war",
            {
                "Ben war am Sonntag, 29. November krank.",
                "Ben war am Sonntag, 29. November beim Fußball.",
            },
        ),
        (
            "Merk dir, dass Ben heute Fieber hatte",
            "Merk dir, dass Ben letzten Sonntag Halsschmerzen hatte",
            {
                "Ben hatte am Sonntag, 29. November Fieber.",
                "Ben hatte am Sonntag, 29. November Halsschmerzen.",
            },
        ),
    ],
)
async def test_two_things_of_one_german_sunday_told_days_apart_are_two(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    first: str,
    second: str,
    kept: set[str],
) -> None:
    """HIGH defect: the wreath bound on Sunday 29 November, then on
    Wednesday "… letzten Sonntag auf dem Weihnachtsmarkt waren" was
    "Aktualisiert: … (vorher: … den Adventskranz gebunden)": the wreath
    was lost. What else was done or was so that day is another memory."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-29T15:00:00+00:00")  # Sunday 29 November, 16:00
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    assert speech(await say(hass, first, language="de")) == GERMAN.say("remembered")
    freezer.move_to("2026-12-02T15:00:00+00:00")  # Wednesday 2 December
    answer = speech(await say(hass, second, language="de"))
    assert answer == GERMAN.say("remembered"), answer
    assert contents(store) == kept


@pytest.mark.parametrize(
    ("said", "now"),
    [
        (
            "Merk dir, dass wir letzten Sonntag auf dem Weihnachtsmarkt in Köln waren",
            "Wir waren am Sonntag, 29. November auf dem Weihnachtsmarkt in Köln.",
        ),
        (
            "Merk dir, nein, eigentlich waren wir letzten Sonntag im Zoo",
            "Nein, eigentlich waren wir am Sonntag, 29. November im Zoo.",
        ),
    ],
)
async def test_an_outing_of_one_german_sunday_is_still_corrected(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    said: str,
    now: str,
) -> None:
    """Told better (a place added) or said to change ("nein, eigentlich"),
    the same Sunday's outing is corrected, not doubled."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-29T15:00:00+00:00")
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    market = "Merk dir, dass wir heute auf dem Weihnachtsmarkt waren"
    await say(hass, market, language="de")
    freezer.move_to("2026-12-02T15:00:00+00:00")
    answer = speech(await say(hass, said, language="de"))
    assert answer.startswith("Aktualisiert:"), answer
    assert contents(store) == {now}


@pytest.mark.parametrize(
    ("first", "second", "kept"),
    [
        (
            "remember that we were at the zoo today",
            "remember that we were at the Christmas market last Sunday",
            {
                "We were at the zoo on Sunday 29 November.",
                "We were at the Christmas market on Sunday 29 November.",
            },
        ),
        (
            "remember that we made the advent wreath today",
            "remember that we went to the Christmas market last Sunday",
            {
                "We made the advent wreath on Sunday 29 November.",
                "We went to the Christmas market on Sunday 29 November.",
            },
        ),
    ],
)
async def test_two_things_of_one_sunday_told_days_apart_are_two_with_e5(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    first: str,
    second: str,
    kept: set[str],
) -> None:
    """The same in English, with the model that read the zoo and the
    market as one (0.77; MiniLM 0.62, under the floor)."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-29T15:00:00+00:00")
    hass.config.language = "en"
    with patch(
        "custom_components.home_memory.runtime.model_loading.load_model",
        return_value=e5,
    ):
        await setup_entry(hass, mock_config_entry)
    store: MemoryStore = mock_config_entry.runtime_data.store
    assert store.embedder is e5
    await say(hass, first)
    freezer.move_to("2026-12-02T15:00:00+00:00")
    answer = speech(await say(hass, second))
    assert answer == ENGLISH.say("remembered"), answer
    assert contents(store) == kept


async def test_another_persons_correction_names_the_old_value_by_one(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Ben's "… under the green flower pot instead of the red one" was a
    second memory beside Anna's red flower pot (new-user review s18): "the
    red one" names her old value."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(
        hass, "remember that the spare key is under the red flower pot", user=user_anna
    )
    said = speech(
        await say(
            hass,
            "remember that the spare key is under the green flower pot instead "
            "of the red one",
            user=user_ben,
        )
    )
    assert said.startswith("Updated: The spare key is under the green flower pot"), said
    assert [m.content for m in active(store) if "spare key" in m.content] == [
        "The spare key is under the green flower pot."
    ]


async def test_a_german_correction_after_the_verb_corrects(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Final review s18: "…, dass der Ersatzschlüssel unter dem grünen
    Blumentopf liegt statt unter dem roten" read "roten" as the verb, was
    stored "Der Ersatzschlüssel roten unter dem grünen Blumentopf liegt
    statt unter dem." beside Anna's and corrected nothing."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-12-01T17:00:00+00:00")
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    await say(
        hass,
        "merk dir, dass der Ersatzschlüssel unter dem roten Blumentopf liegt.",
        language="de",
        user=user_anna,
    )
    for teller, said in (
        (user_ben, "grünen Blumentopf liegt statt unter dem roten."),
        (user_anna, "blauen Blumentopf liegt statt unter dem grünen."),
    ):
        answer = speech(
            await say(
                hass,
                f"merk dir, dass der Ersatzschlüssel unter dem {said}",
                language="de",
                user=teller,
            )
        )
        assert answer.startswith("Aktualisiert: Der Ersatzschlüssel liegt"), answer
    assert contents(store) == {"Der Ersatzschlüssel liegt unter dem blauen Blumentopf."}


async def test_a_german_code_before_statt_in_a_dass_clause_corrects(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_ben: MockUser,
) -> None:
    """Review s21 F6: "…, dass mein Fahrradschloss-Code 7788 statt 5566 ist"
    was stored beside the old code as "Bens Fahrradschloss-Code 7788 ist
    statt 5566.": the number before "statt" was read as the code's name."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-12-01T17:00:00+00:00")
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    await say(
        hass,
        "merk dir, dass mein Fahrradschloss-Code 5566 ist",
        language="de",
        user=user_ben,
    )
    assert contents(store) == {"Bens Fahrradschloss-Code ist 5566."}
    answer = speech(
        await say(
            hass,
            "merk dir, dass mein Fahrradschloss-Code 7788 statt 5566 ist",
            language="de",
            user=user_ben,
        )
    )
    assert answer == GERMAN.say(
        "updated", content="Bens Fahrradschloss-Code ist 7788", was="5566"
    )
    assert contents(store) == {"Bens Fahrradschloss-Code ist 7788."}


async def test_a_correction_of_the_pot_keeps_where_the_pot_stands(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
) -> None:
    """Month review s19 F7: "… in the green flower pot instead of the blue
    one" after "… in the blue flower pot by the garage" answered "(was: the
    blue flower pot by the garage)" and stored "… in the green flower pot":
    "by the garage" was lost though nothing said it changed. Only the named
    value changes; a new place of its own still replaces the whole."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(
        hass,
        "remember that the spare key is in the blue flower pot by the garage",
        user=user_anna,
    )
    said = await say(
        hass,
        "remember that the spare key is in the green flower pot instead of the "
        "blue one",
        user=user_anna,
    )
    assert speech(said) == ENGLISH.say(
        "updated",
        content="The spare key is in the green flower pot by the garage",
        was="the blue flower pot",
    )
    assert contents(store) == {
        "The spare key is in the green flower pot by the garage."
    }
    where = await say(hass, "where is the spare key", user=user_anna)
    assert speech(where) == "The spare key is in the green flower pot by the garage."
    moved = await say(
        hass,
        "remember that the spare key is in the shed now instead of the flower pot",
        user=user_anna,
    )
    assert speech(moved).startswith("Updated: The spare key is in the shed now ("), (
        speech(moved)
    )
    assert contents(store) == {"The spare key is in the shed now."}


async def test_a_german_correction_of_the_pot_keeps_where_the_pot_stands(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
    user_anna: MockUser,
) -> None:
    """Month review s19 F7, German: "… im grünen Blumentopf statt im
    blauen" after "… im blauen Blumentopf an der Garage" keeps "an der
    Garage"."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-09T17:45:00+00:00")
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    await say(
        hass,
        "Merk dir, dass der Ersatzschlüssel im blauen Blumentopf an der Garage liegt",
        language="de",
        user=user_anna,
    )
    assert contents(store) == {
        "Der Ersatzschlüssel liegt im blauen Blumentopf an der Garage."
    }
    said = await say(
        hass,
        "Merk dir, dass der Ersatzschlüssel im grünen Blumentopf liegt statt im blauen",
        language="de",
        user=user_anna,
    )
    assert speech(said) == GERMAN.say(
        "updated",
        content="Der Ersatzschlüssel liegt im grünen Blumentopf an der Garage",
        was="im blauen Blumentopf",
    )
    assert contents(store) == {
        "Der Ersatzschlüssel liegt im grünen Blumentopf an der Garage."
    }
    where = await say(hass, "Wo liegt der Ersatzschlüssel?", language="de")
    assert "grünen Blumentopf an der Garage" in speech(where), speech(where)


async def test_a_time_said_not_to_be_is_not_the_corrected_date(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Review s27: "Nein, eigentlich kommt der Tierarzt übermorgen, nicht
    morgen" kept "nicht am Dienstag, 1. Dezember" and was dated to it, the
    day the teller said "nicht". It replaces "… morgen", dated übermorgen."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-30T10:00:00+00:00")
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    for told, corrected in (
        ("der Tierarzt morgen kommt", "Nein, eigentlich kommt der Tierarzt"),
        ("der Maler morgen kommt", "Eigentlich kommt der Maler"),
    ):
        await say(hass, f"Merk dir, dass {told}", language="de")
        answer = await say(hass, f"{corrected} übermorgen, nicht morgen", language="de")
        assert speech(answer).startswith("Aktualisiert"), speech(answer)
    assert sorted((m.content, day(m)) for m in active(store)) == [
        ("Der Maler kommt am Mittwoch, 2. Dezember.", "2026-12-02"),
        ("Der Tierarzt kommt am Mittwoch, 2. Dezember.", "2026-12-02"),
    ]


async def test_the_day_after_tomorrow_not_tomorrow_corrects_tomorrow(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Review s27: the English one as the German, dated the day after."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, "remember that the vet is coming tomorrow")
    await assert_updated(
        hass,
        "actually the vet is coming the day after tomorrow, not tomorrow",
        "The vet is coming on Monday 30 November",
        "on Sunday 29 November",
    )
    [memory] = active(store)
    assert memory.content == "The vet is coming on Monday 30 November."
    assert day(memory) == "2026-11-30"


@pytest.mark.parametrize(
    ("language", "told", "said"),
    [
        (
            "en",
            "remember that the window cleaner is coming on Friday",
            "no, actually the window cleaner is coming on Wednesday "
            + "and then " * 1200
            + "not Friday",
        ),
        (
            "de",
            "Merk dir, dass der Fensterputzer am Freitag kommt",
            "Nein, eigentlich kommt der Fensterputzer am Mittwoch "
            + "und dann " * 1200
            + "nicht am Freitag",
        ),
    ],
    ids=["en", "de"],
)
async def test_a_correction_too_long_to_keep_whole_changes_nothing(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    language: str,
    told: str,
    said: str,
) -> None:
    """Review s27: a 10 kB correction was read on its first 1,200
    characters and stored cut mid-word. It is refused as an over-long
    "remember that …" is, and the memory stays as it was."""
    store = await home_speaking(hass, mock_config_entry, language)
    await say(hass, told, language=language)
    before = contents(store)
    answer = await say(hass, said, language=language)
    words = load_sentence_files().wording(language)
    assert speech(answer) == words.say("content_too_long", limit=MAX_CONTENT_CHARS)
    assert contents(store) == before


async def test_a_remember_command_after_actually_is_left_out(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Review s27: "no, actually remember that the window cleaner is coming
    on Saturday" stored "Remember that the window cleaner …"; the command
    is left out as a plain "remember that …" leaves it."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, "remember that the window cleaner is coming on Friday")
    await assert_updated(
        hass,
        "no, actually remember that the window cleaner is coming on Saturday",
        "The window cleaner is coming on Saturday 28 November",
        "on Friday 4 December",
    )
    assert contents(store) == {"The window cleaner is coming on Saturday 28 November."}


async def test_a_german_merk_dir_after_eigentlich_is_left_out(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
) -> None:
    """Review s27: "Nein, eigentlich merk dir, dass …" was not understood;
    it corrects, told as "merk dir, dass …" tells it (verb second)."""
    hass.config.language = "de"
    await setup_entry(hass, mock_config_entry)
    store = mock_config_entry.runtime_data.store
    await say(hass, "Merk dir, dass das WLAN-Passwort Sonne ist", language="de")
    answer = await say(
        hass,
        "Nein, eigentlich merk dir, dass das WLAN-Passwort Mond ist",
        language="de",
    )
    assert speech(answer) == GERMAN.say(
        "updated", content="Das WLAN-Passwort ist Mond", was="Sonne"
    ), speech(answer)
    assert contents(store) == {"Das WLAN-Passwort ist Mond."}


@pytest.mark.parametrize(
    ("told", "said", "content", "was", "on"),
    [
        (
            "remember that the piano lesson is tomorrow",
            "no, actually the piano lesson is on Saturday, not tomorrow",
            "The piano lesson is on Saturday 28 November",
            "on Sunday 29 November",
            "2026-11-28",
        ),
        (
            "remember that the piano lesson is tomorrow",
            "no, actually the piano lesson is today, not tomorrow",
            "The piano lesson is on Saturday 28 November",
            "on Sunday 29 November",
            "2026-11-28",
        ),
        (
            "remember that the piano lesson is tomorrow",
            "no, actually the piano lesson is on Wednesday, not tomorrow",
            "The piano lesson is on Wednesday 2 December",
            "on Sunday 29 November",
            "2026-12-02",
        ),
    ],
    ids=["today-by-weekday", "today", "another-weekday"],
)
async def test_today_said_by_its_weekday_instead_of_tomorrow_corrects(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    told: str,
    said: str,
    content: str,
    was: str,
    on: str,
) -> None:
    """Review s27 H1: on a Saturday, "no, actually the piano lesson is on
    Saturday, not tomorrow" stored a second memory beside "… on Sunday 29
    November" (and a private one's correction was stored for everyone).
    It corrects it, dated today."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, told)
    await assert_updated(hass, said, content, was)
    [memory] = active(store)
    assert memory.content == f"{content}."
    assert day(memory) == on


@pytest.mark.parametrize(
    ("language", "said", "stored"),
    [
        (
            "en",
            "remember that remember that the door code is 55",
            "The door code is 55.",
        ),
        (
            "en",
            "no, actually remember that remember that the wifi password is hunter2",
            "The wifi password is hunter2.",
        ),
        (
            "de",
            "Merk dir, dass merk dir, dass der WLAN-Schlüssel geheim ist",
            "Der WLAN-Schlüssel ist geheim.",
        ),
    ],
    ids=["en", "en-correction", "de"],
)
async def test_a_remember_command_said_twice_is_left_out(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    language: str,
    said: str,
    stored: str,
) -> None:
    """Review s27: "remember that remember that the door code is 55" stored
    "Remember that the door code is 55."; the command is read again."""
    store = await home_speaking(hass, mock_config_entry, language)
    await say(hass, said, language=language)
    assert contents(store) == {stored}


@pytest.mark.parametrize(
    ("language", "told", "asked"),
    [
        (
            "en",
            "remember that the gate code is 9191",
            "no, actually what is the gate code",
        ),
        (
            "de",
            "Merk dir, dass der Torcode 9191 ist",
            "Nein, eigentlich, was ist der Torcode",
        ),
    ],
    ids=["en", "de"],
)
async def test_a_question_after_actually_is_asked_not_stored(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    language: str,
    told: str,
    asked: str,
) -> None:
    """Review s27b M5: "no, actually what is the gate code" stored "What is
    the gate code." as a memory, which later answers beside the code. It is
    the question it asks, answered, and nothing is stored."""
    store = await home_speaking(hass, mock_config_entry, language)
    await say(hass, told, language=language)
    before = contents(store)
    answer = await say(hass, asked, language=language)
    assert "9191" in speech(answer), speech(answer)
    assert contents(store) == before


async def test_a_long_correction_updates_and_is_answered_by_its_beginning(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Review s27 M4: a correction of a thousand characters and more was
    a second memory beside the sailboat's barn (MiniLM's vector of the
    whole is near no short memory), and an 8,000-character one's answer
    read it out whole. It updates the memory, and the answer says its
    beginning, cut with "…"."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, "remember that the sailboat is stored in the barn")
    told = (
        "the sailboat is stored in the loft"
        + (
            " beside the old green wheelbarrow, under the blue tarpaulin we bought"
            " at the hardware store last spring, next to the box of garden tools"
        )
        * 20
    )
    answer = speech(await say(hass, f"no, actually {told}"))
    assert answer.startswith("Updated: The sailboat is stored in the loft beside")
    assert "\u2026 (was: " in answer
    assert len(answer) < 300
    (memory,) = active(store)
    assert memory.content.startswith("The sailboat is stored in the loft beside")
    assert len(memory.content) > 2000


async def test_a_day_said_not_to_be_never_dates_the_correction(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Review s27b M4: "… is not coming tomorrow but on Friday" was dated
    tomorrow, and "… not tomorrow, not Wednesday, not Thursday" was dated
    tomorrow, days the teller said are not the day. The first is dated
    Friday; the second names no day of its own and is dated to none."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, "remember that the painter is coming tomorrow")
    await say(hass, "no, actually the painter is not coming tomorrow but on Friday")
    [painter] = active(store)
    assert day(painter) == "2026-12-04", painter.content
    await say(hass, "remember that the cleaner is coming on Monday")
    answer = await say(
        hass,
        "no, actually the cleaner is coming not tomorrow, not Wednesday, not Monday",
    )
    assert speech(answer).startswith("Updated"), speech(answer)
    [cleaner] = [m for m in active(store) if "cleaner" in m.content]
    # Dated to its telling, as a statement that names no day is.
    assert day(cleaner) == "2026-11-28", cleaner.content
    assert "tomorrow" not in cleaner.content


async def test_a_german_day_said_not_to_be_never_dates_the_correction(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Review s27b M4, German: "… nicht morgen, nicht am Mittwoch, nicht am
    Donnerstag" was dated tomorrow; it names no day of its own. "… morgen
    nicht, sondern am Freitag" is dated Friday."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-30T10:00:00+00:00")
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    await say(hass, "Merk dir, dass der Kurier am Donnerstag kommt", language="de")
    answer = await say(
        hass,
        "Nein, eigentlich kommt der Kurier nicht morgen, nicht am Mittwoch, "
        "nicht am Donnerstag",
        language="de",
    )
    assert speech(answer).startswith("Aktualisiert"), speech(answer)
    [courier] = active(store)
    # Dated to its telling, as a statement that names no day is.
    assert day(courier) == "2026-11-30", courier.content
    assert "morgen" not in courier.content
    await say(
        hass,
        "Nein, eigentlich kommt der Kurier morgen nicht, sondern am Freitag",
        language="de",
    )
    [courier] = active(store)
    assert day(courier) == "2026-12-04", courier.content


@pytest.mark.parametrize(
    ("told", "said", "content", "on"),
    [
        (
            "remember that the school trip is tomorrow",
            "no, actually the school trip is on Thursday and not tomorrow",
            "The school trip is on Thursday 3 December.",
            "2026-12-03",
        ),
        (
            "remember that the courier is coming tomorrow",
            (
                "no, actually the courier is coming on Thursday, not tomorrow, "
                "not Wednesday"
            ),
            "The courier is coming on Thursday 3 December.",
            "2026-12-03",
        ),
    ],
    ids=["and-not", "not-twice"],
)
async def test_every_day_ruled_out_is_left_out_of_the_correction(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    told: str,
    said: str,
    content: str,
    on: str,
) -> None:
    """Review s27b LOW: "… and not tomorrow" and "…, not tomorrow, not
    Wednesday" kept "and not on Sunday 29 November" and both "not" parts in
    the memory they replaced; it says only its day."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, told)
    answer = await say(hass, said)
    assert speech(answer).startswith("Updated"), speech(answer)
    [memory] = active(store)
    assert memory.content == content
    assert day(memory) == on


async def test_a_day_ruled_out_with_no_other_is_kept_in_the_correction(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Review s27b LOW: "no, actually the plumber is coming, not tomorrow"
    replaced the memory with "The plumber is coming.", its "not tomorrow"
    lost. It says the day ruled out, which dates nothing."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, "remember that the plumber is coming tomorrow")
    answer = await say(hass, "no, actually the plumber is coming, not tomorrow")
    assert speech(answer).startswith("Updated"), speech(answer)
    [memory] = active(store)
    assert memory.content == "The plumber is coming, but not on Sunday 29 November."
    assert day(memory) == "2026-11-28"


async def test_a_german_day_ruled_out_with_no_other_is_kept_in_the_correction(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Review s27b LOW: "Nein, eigentlich kommt der Maler, nicht morgen" was
    stored "Der Maler, kommt nicht am Dienstag, 1. Dezember." (a comma
    before its verb)."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-30T10:00:00+00:00")
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    await say(hass, "Merk dir, dass der Maler morgen kommt", language="de")
    answer = await say(
        hass, "Nein, eigentlich kommt der Maler, nicht morgen", language="de"
    )
    assert speech(answer).startswith("Aktualisiert"), speech(answer)
    [memory] = active(store)
    assert memory.content == "Der Maler kommt, aber nicht am Dienstag, 1. Dezember."
    assert day(memory) == "2026-11-30"


@pytest.mark.parametrize(
    ("told", "said", "content", "on"),
    [
        (
            "remember that the book club meets tomorrow",
            "no, actually the book club meets on Wednesday, not tomorrow",
            "The book club meets on Wednesday 2 December.",
            "2026-12-02",
        ),
        (
            "remember that the tennis match is on Thursday",
            "no no, the tennis match is on Saturday, not Thursday",
            # One event's day, the coming one: today, a Saturday (review
            # s37 #5: told as a habit's words, with no day).
            "The tennis match is on Saturday 28 November.",
            "2026-11-28",
        ),
        (
            "remember that the nanny is coming on Wednesday",
            "no, actually not on Wednesday, the nanny is coming on Friday",
            "The nanny is coming on Friday 4 December.",
            "2026-12-04",
        ),
    ],
    ids=["meets", "no-no", "not-first"],
)
async def test_a_correction_home_assistant_misread_updates_the_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
    told: str,
    said: str,
    content: str,
    on: str | None,
) -> None:
    """Review s27b M6: Home Assistant's own intent took these ("Sorry, I am
    not aware of any area called Wednesday not tomorrow") and the memory
    stayed as it was: our correction sentence did not match them ("meets"
    no verb it knew, "no no," kept, the old value said first)."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, told)
    answer = await say(hass, said)
    assert speech(answer).startswith("Updated"), speech(answer)
    [memory] = active(store)
    assert memory.content == content
    if on is not None:
        assert day(memory) == on


async def test_a_german_correction_with_its_old_day_first_updates_the_memory(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    e5: MultilingualEmbedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Review s27b M6: "Nein, eigentlich nicht morgen, die Putzfrau kommt am
    Freitag" got "Kein Bereich mit dem Namen Putzfrau kommt am Freitag
    vorhanden"; it corrects the memory."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    freezer.move_to("2026-11-30T10:00:00+00:00")
    store = await german_home_with_e5(hass, mock_config_entry, e5)
    await say(hass, "Merk dir, dass die Putzfrau morgen kommt", language="de")
    answer = await say(
        hass,
        "Nein, eigentlich nicht morgen, die Putzfrau kommt am Freitag",
        language="de",
    )
    assert speech(answer).startswith("Aktualisiert"), speech(answer)
    [memory] = active(store)
    assert memory.content == "Die Putzfrau kommt am Freitag, 4. Dezember."
    assert day(memory) == "2026-12-04"


async def test_a_weekday_said_instead_of_tomorrow_is_that_day(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    mock_config_entry: MockConfigEntry,
    minilm: Embedder,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Review s28 H1: "remember that the quiz night is on Thursday, not
    tomorrow" (a Saturday) was stored "… on Thursday, not on Sunday 29
    November." and dated when it was said, so no day's window held it. It
    is the coming Thursday."""
    store = await english_home_with_minilm(hass, mock_config_entry, minilm, freezer)
    await say(hass, "remember that the quiz night is on Thursday, not tomorrow")
    (memory,) = active(store)
    assert memory.content == (
        "The quiz night is on Thursday 3 December, not on Sunday 29 November."
    )
    assert day(memory) == "2026-12-03"
