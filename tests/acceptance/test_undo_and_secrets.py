"""Review s21, in a real Home Assistant: a secret said in everyday words stays
its teller's, and who forgot a memory by mistake brings it back by voice.

Over /api/conversation/process only, as Anna (admin) and Ben (no admin).
"""

from __future__ import annotations

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
