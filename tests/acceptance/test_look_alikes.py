"""A memory that only looks like the answer is not said as one, in a real
Home Assistant through the built-in agent (final review s18 items 3 and 6,
attacker review s18b L7).

Ben's "shed padlock code" answered "what is my mailbox code"; "what does
Anna like" listed her allergy; "do we need bread" answered with what
needs doing to the pergola. (The household is shared: the shed padlock, the
mailbox, Oskar and the pergola are this file's alone.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from .conftest import wait_for_the_model

if TYPE_CHECKING:
    from .conftest import Household
    from .hass_instance import User

NOTHING = "I don't know; I don't remember anything about that."


def _say(home: Household, user: User, text: str) -> str:
    """One built-in-agent turn; what it answered."""
    return home.hass.speech(home.hass.conversation_process(text, token=user.token))


def test_another_code_is_not_the_code_asked_for(household: Household) -> None:
    """Ben's shed padlock code answers for the shed padlock, not for his
    mailbox code, which nobody told."""
    wait_for_the_model(household)
    _say(household, household.ben, "remember that my shed padlock code is 6142.")
    assert "6142" in _say(household, household.ben, "what is the shed padlock code")
    assert _say(household, household.ben, "what is my mailbox code") == NOTHING
    assert _say(household, household.ben, "what is the mailbox code") == NOTHING


def test_what_someone_likes_is_not_all_about_them(household: Household) -> None:
    """Ben's "what does Anna like": the liquorice she loves, not her
    allergy to wasps (the shared household may hold more of her likings)."""
    wait_for_the_model(household)
    _say(household, household.anna, "remember that I love salty liquorice.")
    _say(household, household.anna, "remember that I am allergic to wasps.")
    answer = _say(household, household.ben, "what does Anna like")
    assert "wasps" not in answer, answer
    found = household.hass.ws_command(
        household.ben.token, "home_memory/search", query="what does Anna like"
    )
    texts = [memory["content"] for memory in found["memories"]]
    assert "Anna loves salty liquorice." in texts, texts
    assert not [text for text in texts if "wasps" in text], texts
    allergic = household.hass.ws_command(
        household.ben.token, "home_memory/search", query="what is Anna allergic to"
    )
    assert "Anna is allergic to wasps." in [
        memory["content"] for memory in allergic["memories"]
    ], allergic


def test_a_shared_verb_alone_is_no_answer(household: Household) -> None:
    """ "Do we need bread" is not answered with the pergola that needs
    painting; "do we need to paint the pergola" is."""
    wait_for_the_model(household)
    _say(household, household.anna, "remember that the pergola needs painting.")
    assert _say(household, household.ben, "do we need bread") == NOTHING
    answer = _say(household, household.ben, "do we need to paint the pergola")
    assert "pergola" in answer, answer


def test_a_fact_told_today_is_not_what_happened(household: Household) -> None:
    """ "What happened today" listed an allergy and locker codes told today
    beside what was done (final review s18 item 6): a fact told today that
    tells of nothing done is left out where something was done."""
    wait_for_the_model(household)
    _say(household, household.anna, "remember that the attic hatch code is 5150.")
    _say(household, household.anna, "remember that Ben repotted the lemon tree.")
    answer = _say(household, household.anna, "what happened today")
    assert "5150" not in answer, answer
    found = household.hass.ws_command(
        household.anna.token,
        "home_memory/search",
        query="what happened today",
        limit=50,
    )
    texts = [memory["content"] for memory in found["memories"]]
    assert "Ben repotted the lemon tree." in texts, texts
    assert not [text for text in texts if "5150" in text], texts


@pytest.mark.parametrize(
    "asked", ["welches Datum ist heute in der Küche", "welcher Tag ist heute im Flur"]
)
def test_a_german_date_beside_a_place_is_not_memorys(
    household: Household, asked: str
) -> None:
    """German as English: "welches Datum ist heute in der Küche" was
    answered from memory (final review s18 item 4); it is Home Assistant's
    (whose German date sentences take no place)."""
    wait_for_the_model(household)
    _say(household, household.anna, "merk dir, dass die Hängematte im Schuppen ist.")
    result = household.hass.conversation_process(
        asked, token=household.anna.token, language="de"
    )
    answer = household.hass.speech(result)
    assert not answer.startswith(("Ich erinnere mich", "Das weiß ich nicht")), answer
    assert "Hängematte" not in answer, answer


def test_where_a_thing_is_is_not_the_thing(household: Household) -> None:
    """ "When did the larder light go on" was answered with the larder's
    paint (final review s19 item 3: "the hallway light" / "Ben wants to
    paint the hallway"); what colour Ottoline wants there still is (not Ben:
    the shared household's other files tell what Ben wants to paint)."""
    wait_for_the_model(household)
    _say(
        household,
        household.anna,
        "remember that Ottoline wants to paint the larder in saffron yellow.",
    )
    assert _say(household, household.ben, "when did the larder light go on") == NOTHING
    answer = _say(
        household, household.anna, "what colour does Ottoline want for the larder"
    )
    assert "saffron yellow" in answer, answer
