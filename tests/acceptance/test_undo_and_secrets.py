"""Review s21, in a real Home Assistant: a secret said in everyday words stays
its teller's, and who forgot a memory by mistake brings it back by voice.

Over /api/conversation/process only, as Anna (admin) and Ben (no admin).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .conftest import Household

REMEMBERED = "Okay, I'll remember that."
REMEMBERED_PRIVATE = "Okay, I'll remember that, just for you."


def _say(
    home: Household, text: str, token: str, conversation_id: str | None = None
) -> dict[str, Any]:
    return home.hass.conversation_process(
        text, token=token, conversation_id=conversation_id
    )


def _speech(result: dict[str, Any]) -> str:
    return str(result["response"]["speech"]["plain"]["speech"])


def test_a_secret_said_in_everyday_words_is_not_told_to_ben(
    household: Household,
) -> None:
    """ "…, don't mention it to Ben" and "…, but it's a surprise" were
    stored for the household and read to Ben word for word."""
    anna, ben = household.anna.token, household.ben.token
    for told in (
        "remember that the tandem bell is in the loft, don't mention it to Ben",
        "remember that the kite is behind the boiler, but it's a surprise",
    ):
        assert _speech(_say(household, told, anna)) == REMEMBERED_PRIVATE
    for asked in ("where is the tandem bell", "where is the kite"):
        heard = _speech(_say(household, asked, ben))
        assert "loft" not in heard, heard
        assert "boiler" not in heard, heard
    # Anna hears her own, without the secrecy words.
    bell = _speech(_say(household, "where is the tandem bell", anna))
    assert "loft" in bell, bell
    assert "mention" not in bell, bell


def test_who_forgot_a_memory_brings_it_back_by_voice(household: Household) -> None:
    """Ben (no admin) forgets his household memory, then says "undo that"."""
    ben = household.ben.token
    assert _speech(
        _say(household, "remember that the pond pump code is 8642", ben)
    ) == (REMEMBERED)
    asked = _say(household, "forget the pond pump code", ben)
    assert "8642" in _speech(asked), _speech(asked)
    conversation = asked["conversation_id"]
    done = _say(household, "yes", ben, conversation)
    assert _speech(done) == "Okay, I've forgotten that."
    assert "8642" not in _speech(_say(household, "what is the pond pump code", ben))
    back = _say(household, "undo that", ben, conversation)
    assert "8642" in _speech(back), _speech(back)
    assert "8642" in _speech(_say(household, "what is the pond pump code", ben))


def test_forget_it_after_two_were_read_asks_which(household: Household) -> None:
    """Memories read out, then "forget it" (review s31 L2: silence): it asks
    which, and the number said then "yes" forgets that one. (The shared
    household may list other locks too; the kayak's number is read.)"""
    ben = household.ben.token
    conversation, kayak = _two_listed(
        household,
        (
            "the kayak padlock combination is 1357",
            "the canoe padlock combination is 2468",
        ),
        "what do you remember about the padlock combinations",
    )
    which = _speech(_say(household, "forget it", ben, conversation))
    assert which.startswith("Which of the "), which
    assert which.endswith(" should I forget? Say its number."), which
    asked = _speech(_say(household, f"number {kayak}", ben, conversation))
    assert "1357" in asked, asked
    assert "2468" not in asked, asked
    done = _say(household, "yes", ben, conversation)
    assert _speech(done) == "Okay, I've forgotten that."
    left = _speech(_say(household, "what are the padlock combinations", ben))
    assert "2468" in left, left
    assert "1357" not in left, left


def test_never_mind_around_forget_it_is_silent(household: Household) -> None:
    """ "never mind, forget it" with nothing talked about says nothing, as
    "forget it" does (review s31 L1: "Sorry, I couldn't understand that")."""
    assert _speech(_say(household, "never mind, forget it", household.ben.token)) == ""


def test_another_persons_turn_leaves_bens_listing(household: Household) -> None:
    """Ben hears his two memories read out; Anna's "number one" and "forget
    it" in his conversation choose nothing of his, and his own "forget it"
    then still asks which (review s32 L3: another person's turn emptied the
    listing). (The shared household may list other codes too.)"""
    ben, anna = household.ben.token, household.anna.token
    conversation, trainer = _two_listed(
        household,
        ("the cross trainer lock code is 4826", "the treadmill lock code is 5937"),
        "what do you remember about the machine lock codes",
    )
    for said in ("number one", "forget it"):
        hers = _speech(_say(household, said, anna, conversation))
        assert "4826" not in hers, hers
        assert "5937" not in hers, hers
    which = _speech(_say(household, "forget it", ben, conversation))
    assert which.startswith("Which of the "), which
    asked = _speech(_say(household, f"number {trainer}", ben, conversation))
    assert "4826" in asked, asked


def _two_listed(
    household: Household, told: tuple[str, str], asked: str
) -> tuple[str, str]:
    """Ben tells two memories ending in their codes and hears them listed
    by `asked`: the conversation, and the number the first was read at
    (the shared household may list others too)."""
    ben = household.ben.token
    for fact in told:
        assert _speech(_say(household, f"remember that {fact}", ben)) == REMEMBERED
    listed = _say(household, asked, ben)
    listing = _speech(listed)
    first = re.search(rf"(\d+): [^:]*{told[0].split()[-1]}", listing)
    assert first is not None, listing
    assert told[1].split()[-1] in listing, listing
    return str(listed["conversation_id"]), first.group(1)
