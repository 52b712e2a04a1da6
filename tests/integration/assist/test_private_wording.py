"""Ways of saying "privately" through the built-in agent.

"Remember, just between us, that …", "merk dir ganz privat, dass …", "nur für
mich: merk dir, dass …" keep the memory to the speaker, without the marker
words; a statement that only mentions "us" stays the household's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import (
    Caller,
    MemoryFilter,
    Visibility,
)

from .test_questions import ENGLISH, GERMAN, ask, speech

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")


PRIVATE = Visibility.PRIVATE
HOUSEHOLD = Visibility.HOUSEHOLD


@pytest.mark.parametrize(
    ("said", "language", "stored", "visibility"),
    [
        (
            "Remember, just between us, that the present is in the wardrobe",
            "en",
            "The present is in the wardrobe.",
            PRIVATE,
        ),
        (
            "between you and me, remember that the cake is in the oven",
            "en",
            "The cake is in the oven.",
            PRIVATE,
        ),
        (
            "remember that the bike is in the shed, keep it between us",
            "en",
            "The bike is in the shed.",
            PRIVATE,
        ),
        (
            "remember that the ring is in the drawer, just between you and me",
            "en",
            "The ring is in the drawer.",
            PRIVATE,
        ),
        (
            "Merk dir ganz privat, dass der Tresorcode 4711 ist",
            "de",
            "Der Tresorcode ist 4711.",
            PRIVATE,
        ),
        (
            "Nur für mich: merk dir, dass der Tresorcode 4711 ist",
            "de",
            "Der Tresorcode ist 4711.",
            PRIVATE,
        ),
        (
            "Unter uns gesagt, merk dir, dass die Kette im Schrank ist",
            "de",
            "Die Kette ist im Schrank.",
            PRIVATE,
        ),
        (
            "merk dir, dass die Uhr im Bad hängt, aber nur unter uns",
            "de",
            "Die Uhr hängt im Bad.",
            PRIVATE,
        ),
        # Secrets and surprises (review s21 F1: stored for the household).
        (
            "remember that the mug is in the shed, don't mention it to Ben",
            "en",
            "The mug is in the shed.",
            PRIVATE,
        ),
        (
            "remember this secret: the candle is in the attic",
            "en",
            "The candle is in the attic.",
            PRIVATE,
        ),
        (
            "remember that the wallet is in the drawer, but it's a surprise",
            "en",
            "The wallet is in the drawer.",
            PRIVATE,
        ),
        (
            "merk dir, dass der Schal im Schrank liegt, das ist ein Geheimnis",
            "de",
            "Der Schal liegt im Schrank.",
            PRIVATE,
        ),
        (
            "merk dir, dass die Lampe im Keller steht, psst",
            "de",
            "Die Lampe steht im Keller.",
            PRIVATE,
        ),
        (
            "merk dir, dass das Spiel im Regal liegt, Ben darf es nicht wissen",
            "de",
            "Das Spiel liegt im Regal.",
            PRIVATE,
        ),
        # Said last, with or without a comma: private, without the words.
        (
            "remember that my locker code is 1111, but keep it private",
            "en",
            "My locker code is 1111.",
            PRIVATE,
        ),
        (
            "remember that my locker code is 1111 just for me",
            "en",
            "My locker code is 1111.",
            PRIVATE,
        ),
        (
            "remember that my locker code is 1111 and don't tell Ben",
            "en",
            "My locker code is 1111.",
            PRIVATE,
        ),
        (
            "remember that the party is in the garden, keep it a secret",
            "en",
            "The party is in the garden.",
            PRIVATE,
        ),
        (
            "merk dir, dass mein Spindcode 1111 ist, aber nur für mich",
            "de",
            "Mein Spindcode ist 1111.",
            PRIVATE,
        ),
        (
            "merke dir dass mein Spindcode 1111 ist und sag es Ben nicht",
            "de",
            "Mein Spindcode ist 1111.",
            PRIVATE,
        ),
        (
            "merk dir, dass der Tresorcode 4711 ist, behalte es für dich",
            "de",
            "Der Tresorcode ist 4711.",
            PRIVATE,
        ),
        # Tags set off by a comma, dash or bracket, polite words after them:
        # private, and what set them off goes with them (review s16).
        (
            "remember that my gym locker is 18 - private",
            "en",
            "My gym locker is 18.",
            PRIVATE,
        ),
        (
            "remember that my gym locker is 19, privately",
            "en",
            "My gym locker is 19.",
            PRIVATE,
        ),
        (
            "remember that my gym locker is 20, it's private",
            "en",
            "My gym locker is 20.",
            PRIVATE,
        ),
        (
            "remember that my gym locker is 24 and keep it private please",
            "en",
            "My gym locker is 24.",
            PRIVATE,
        ),
        (
            "remember that my gym locker is 25, this is private",
            "en",
            "My gym locker is 25.",
            PRIVATE,
        ),
        (
            "remember that my gym locker is 26, just for me please",
            "en",
            "My gym locker is 26.",
            PRIVATE,
        ),
        (
            "remember that my gym locker is 27 (private)",
            "en",
            "My gym locker is 27.",
            PRIVATE,
        ),
        (
            "remember that my gym locker is 32, keep it secret from Ben",
            "en",
            "My gym locker is 32.",
            PRIVATE,
        ),
        (
            "remember that my gym locker is 33, but that's between us",
            "en",
            "My gym locker is 33.",
            PRIVATE,
        ),
        (
            "remember that my gym locker is 34 -- just for me",
            "en",
            "My gym locker is 34.",
            PRIVATE,
        ),
        (
            "remember that my gym locker is 35, confidential",
            "en",
            "My gym locker is 35.",
            PRIVATE,
        ),
        (
            "remember that my gym locker is 36, nobody needs to know",
            "en",
            "My gym locker is 36.",
            PRIVATE,
        ),
        (
            "merk dir, dass mein Spind 47 ist, privat",
            "de",
            "Mein Spind ist 47.",
            PRIVATE,
        ),
        (
            "merk dir, dass mein Spind 44 ist \u2013 das bleibt unter uns",
            "de",
            "Mein Spind ist 44.",
            PRIVATE,
        ),
        (
            "merk dir, dass mein Spind 48 ist, aber sag es nicht Ben",
            "de",
            "Mein Spind ist 48.",
            PRIVATE,
        ),
        (
            "merk dir, dass mein Spind 49 ist, nur für mich bitte",
            "de",
            "Mein Spind ist 49.",
            PRIVATE,
        ),
        (
            "merk dir, dass mein Spind 50 ist (vertraulich)",
            "de",
            "Mein Spind ist 50.",
            PRIVATE,
        ),
        (
            "merk dir, dass mein Spind 52 ist, das muss keiner wissen",
            "de",
            "Mein Spind ist 52.",
            PRIVATE,
        ),
        (
            "merk dir, dass mein Spind 46 ist \u2013 privat",
            "de",
            "Mein Spind ist 46.",
            PRIVATE,
        ),
        (
            "remember that my gym locker is 37 \u2014 private",
            "en",
            "My gym locker is 37.",
            PRIVATE,
        ),
        # Kept from someone, but nothing to cut off: private, as said.
        (
            "remember that the surprise party is a secret from Mia",
            "en",
            "The surprise party is a secret from Mia.",
            PRIVATE,
        ),
        # Not set off, these words are what is remembered.
        ("remember that the road to the lake is private", "en", None, HOUSEHOLD),
        ("remember that Ben's diary is top secret", "en", None, HOUSEHOLD),
        ("remember that private parking is behind the house", "en", None, HOUSEHOLD),
        ("remember that the cake is just for me please", "en", None, HOUSEHOLD),
        (
            "remember that the kids should be honest and don't tell lies",
            "en",
            None,
            HOUSEHOLD,
        ),
        ("merk dir, dass der Weg zum See privat ist", "de", None, HOUSEHOLD),
        # How a deed was done, and a private thing: what is remembered, for
        # the household (live review s44: "… held privately" was private).
        ("remember that the party was held privately", "en", None, HOUSEHOLD),
        ("remember that Ben sold his old car privately", "en", None, HOUSEHOLD),
        ("remember that we hosted the dinner privately", "en", None, HOUSEHOLD),
        ("remember that Anna met the lawyer in private", "en", None, HOUSEHOLD),
        ("remember that the school is run privately", "en", None, HOUSEHOLD),
        ("remember the private road is closed on Sundays", "en", None, HOUSEHOLD),
        ("remember that we keep the private road clear", "en", None, HOUSEHOLD),
        ("remember that we store the private files in the loft", "en", None, HOUSEHOLD),
        ("merk dir, dass die Party privat stattfand", "de", None, HOUSEHOLD),
        ("merk dir, dass die Feier privat war", "de", None, HOUSEHOLD),
        ("merk dir, dass das Haus privat verkauft wurde", "de", None, HOUSEHOLD),
        # Said after a place, no deed to describe: a wish, kept private.
        (
            "remember that the presents are hidden in the attic privately",
            "en",
            None,
            PRIVATE,
        ),
        ("remember that the spare key is under the mat privately", "en", None, PRIVATE),
        (
            "remember that the party is in the garden, keep that private please",
            "en",
            "The party is in the garden.",
            PRIVATE,
        ),
        # What is remembered may end in such words: "… is just for me".
        ("remember that the last piece of cake is just for me", "en", None, HOUSEHOLD),
        ("remember that I don't tell lies", "en", None, HOUSEHOLD),
        ("merk dir, das letzte Stück Kuchen ist nur für mich", "de", None, HOUSEHOLD),
        # "us" in what is remembered is no private aside.
        ("remember that the present for us is in the wardrobe", "en", None, HOUSEHOLD),
        (
            "remember that between us and the neighbours is a fence",
            "en",
            None,
            HOUSEHOLD,
        ),
        ("remember that the fence is between us", "en", None, HOUSEHOLD),
        ("merk dir, dass unter uns die Müllers wohnen", "de", None, HOUSEHOLD),
        (
            "merk dir, dass der Zaun zwischen uns und den Nachbarn steht",
            "de",
            None,
            HOUSEHOLD,
        ),
    ],
)
async def test_private_wording_keeps_the_memory_to_the_speaker(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    said: str,
    language: str,
    stored: str | None,
    visibility: Visibility,
) -> None:
    """Said privately: Anna's own memory, its text without the marker words;
    said of "us" without a private aside: the household's."""
    store = init_integration.runtime_data.store
    words = ENGLISH if language == "en" else GERMAN
    answer = await ask(hass, said, language, user=user_anna)
    private = visibility is PRIVATE
    assert speech(answer) == words.say(
        "remembered_private" if private else "remembered"
    )
    [memory] = store.list_memories(Caller(user_id=user_anna.id), MemoryFilter()).items
    assert memory.visibility is visibility
    if stored is not None:
        assert memory.content == stored
    household = store.list_memories(Caller(None), MemoryFilter()).items
    assert len(household) == (0 if private else 1)


@pytest.mark.parametrize(
    ("asked", "language"),
    [
        ("Is the road private?", "en"),
        ("Was the party held privately?", "en"),
        ("Ist die Straße privat?", "de"),
        ("Fand die Party privat statt?", "de"),
    ],
)
async def test_a_question_with_a_private_word_stores_nothing(
    hass: HomeAssistant,
    agent_entry: MockConfigEntry,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    asked: str,
    language: str,
) -> None:
    """A question that says "private" asks; it keeps nothing, for anyone
    (live review s44)."""
    store = init_integration.runtime_data.store
    await ask(hass, asked, language, user=user_anna)
    assert store.list_memories(Caller(user_id=user_anna.id), MemoryFilter()).total == 0
