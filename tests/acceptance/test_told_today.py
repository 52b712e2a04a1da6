""" "What have I told you today?" and "what did I / Anna say about …" in a
real Home Assistant: understood in English (re-test s40 D3: "Sorry, I
couldn't understand that"), the teller's own tellings, never another
person's private one (D2, review s39 #6). (The household is shared: the
snowshoes and the harmonica are this file's alone.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .conftest import wait_for_the_model

if TYPE_CHECKING:
    from .conftest import Household
    from .hass_instance import User

# Pages of "more" read after what Anna told today.
PAGES = 12


def _say(home: Household, user: User, text: str) -> str:
    """One built-in-agent turn as `user`; what it answered."""
    return home.hass.speech(home.hass.conversation_process(text, token=user.token))


def test_what_each_told_is_theirs(household: Household) -> None:
    """Anna's snowshoes are hers to hear of, Ben's straps his; Ben's
    private harmonica is never Anna's to hear of."""
    wait_for_the_model(household)
    anna, ben = household.anna, household.ben
    _say(household, anna, "remember that the snowshoes are in the boot room")
    _say(household, ben, "remember that the snowshoe straps are in the van")
    _say(household, ben, "remember that the harmonica is under my bed, just for me")
    mine = _say(household, anna, "What did I say about the snowshoes?")
    assert "boot room" in mine, mine
    assert "in the van" not in mine, mine
    annas = _say(household, ben, "What did Anna say about the snowshoes?")
    assert "boot room" in annas, annas
    assert "in the van" not in annas, annas
    # Told today, by when it was told; what the household told today is
    # more than a few pages: a topic with it finds it among them.
    told = _say(household, anna, "What did I tell you about the snowshoes today?")
    assert "boot room" in told, told
    assert "in the van" not in told, told
    today = [_say(household, anna, "What have I told you today?")]
    today += [_say(household, anna, "more") for _ in range(PAGES)]
    said = " ".join(today)
    assert "couldn't understand" not in today[0], today[0]
    assert "in the van" not in said, today
    assert "harmonica" not in said, today
