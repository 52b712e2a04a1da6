"""What the built-in agent's sentences keep, in a real Home Assistant.

A memory corrected or told again in a later conversation shows that
conversation, its turn and its time (websocket `home_memory/get`), the first
kept in its history; a question remembered keeps its "?" and its
conversation's thread; "more" after a "when" question says when, as the
answer before it did. (The household is shared: the snorkel, kayak paddle,
pressure washer, garden bench and crawl space are this file's alone.)
"""

from __future__ import annotations

from datetime import datetime
import re
from typing import TYPE_CHECKING, Any

from .conftest import wait_for_the_model

if TYPE_CHECKING:
    from .conftest import Household


def _turn(
    home: Household, text: str, conversation_id: str | None = None
) -> dict[str, Any]:
    """One built-in-agent turn as Anna; the conversation result."""
    return home.hass.conversation_process(
        text, token=home.anna.token, conversation_id=conversation_id
    )


def _said(result: dict[str, Any]) -> str:
    return str(result["response"]["speech"]["plain"]["speech"])


def _get(home: Household, words: str) -> dict[str, Any]:
    """`home_memory/get` of the one memory found by `words`, as Anna."""
    found = home.hass.ws_command(
        home.anna.token, "home_memory/search", query=words, limit=5
    )
    (memory,) = [m for m in found["memories"] if words in m["content"].casefold()]
    result: dict[str, Any] = home.hass.ws_command(
        home.anna.token, "home_memory/get", memory_id=memory["id"]
    )
    return result


def test_a_correction_shows_the_newer_conversation(household: Household) -> None:
    """Told in one conversation and corrected in another, the memory's page
    shows the second conversation's turn, when it happened is the correction's;
    its history keeps the first conversation."""
    wait_for_the_model(household)
    first = _turn(household, "remember that the kayak paddle is in the shed")
    later = _turn(household, "remember that the kayak paddle is now in the garage")
    assert _said(later).startswith("Updated:"), _said(later)
    got = _get(household, "kayak paddle")
    assert got["memory"]["content"] == "The kayak paddle is now in the garage."
    assert got["memory"]["source_ids"] == [later["conversation_id"]]
    assert got["memory"]["thread"] == later["conversation_id"]
    conversation = got["provenance"]["conversation"]
    assert conversation["conversation_id"] == later["conversation_id"]
    assert conversation["speaker_name"] == "Anna"
    turns = conversation["turns"]
    assert [(t["role"], t["text"]) for t in turns] == [
        ("user", "remember that the kayak paddle is now in the garage"),
        ("assistant", _said(later)),
    ]
    # When it happened: the moment the correction was said, not the first.
    said_at = datetime.fromisoformat(turns[0]["at"])
    assert datetime.fromisoformat(got["memory"]["happened_at"]) >= said_at
    (before,) = got["history"]
    assert before["content"] == "The kayak paddle is in the shed."
    assert before["source_ids"] == [first["conversation_id"]]
    assert datetime.fromisoformat(before["happened_at"]) < said_at


def test_told_again_shows_the_newer_conversation(household: Household) -> None:
    """Told in one conversation and again in another, the memory's page shows
    the second conversation's turn (its conversation id and speaker); the
    first conversation stays among its sources and in its history."""
    text = "remember that the pressure washer code is 1234 for the shed"
    first = _turn(household, text)
    later = _turn(household, text)
    assert first["conversation_id"] != later["conversation_id"]
    got = _get(household, "pressure washer")
    assert got["memory"]["source_ids"] == [
        later["conversation_id"],
        first["conversation_id"],
    ]
    conversation = got["provenance"]["conversation"]
    assert conversation["conversation_id"] == later["conversation_id"]
    assert conversation["speaker_name"] == "Anna"
    user_turns = [t["text"] for t in conversation["turns"] if t["role"] == "user"]
    assert user_turns == [text]
    (before,) = got["history"]
    assert before["source_ids"] == [first["conversation_id"]]


def test_a_remembered_question_keeps_its_mark_and_thread(
    household: Household,
) -> None:
    """ "remember should we repaint the garden bench?" keeps the "?" (the
    question rule reads it) and gets the conversation's thread, as a memory
    an LLM's tool writes does; "can you remember …?" asks, its "?" is not
    the memory's."""
    asked = _turn(household, "remember should we repaint the garden bench?")
    got = _get(household, "garden bench")
    assert got["memory"]["content"] == "Should we repaint the garden bench?"
    assert got["memory"]["thread"] == asked["conversation_id"]
    _turn(household, "can you remember that the garden bench needs new screws?")
    screws = _get(household, "new screws")
    assert screws["memory"]["content"] == "The garden bench needs new screws."


_ITEM = re.compile(r"(\d+): ([^:.]+): ")
# A listing's items, whole: "2: Today, around ten: Mia's snorkel is blue."
_LISTED = re.compile(r"(\d+): (.*?)(?= \d+: | And (?:one|\d+) more\.|$)")


def test_more_after_a_when_question_stays_dated(household: Household) -> None:
    """ "When …" lists each memory with when it was; "more" goes on so."""
    for fact in (
        "remember that the snorkel mask has a crack",
        "remember that Mia's snorkel is blue",
        "remember that the snorkel fins are in the loft",
        "remember that the spare snorkel tube is in the beach bag",
    ):
        _turn(household, fact)
    answer = _said(_turn(household, "when did I mention the snorkel"))
    assert "more" in answer
    dated = _ITEM.findall(answer)
    assert [number for number, _ in dated] == ["1", "2", "3"]
    more = _said(_turn(household, "more"))
    assert [number for number, _ in _ITEM.findall(more)] == ["4"], more
    # Review s25: "number two" after the listing was "nothing to choose
    # from"; it is the second, said as listed, and "more"'s fourth after it.
    listed = dict(_LISTED.findall(f"{answer} {more}"))
    assert _said(_turn(household, "number two")) == listed["2"], listed
    assert _said(_turn(household, "the fourth one")) == listed["4"], listed


def test_a_declined_forget_leaves_nothing_to_pick(household: Household) -> None:
    """ "No" after a forget's "A few memories match. 1: … 3: …" declines its
    choices: "number three" has nothing to choose from and nothing is
    forgotten (review s27: it asked "Do you want me to forget: '…'?")."""
    wait_for_the_model(household)
    for fact in (
        "remember that the crawl space has the old lamp",
        "remember that the crawl space has the winter tyres",
        "remember that the crawl space has the photo albums",
    ):
        _turn(household, fact)
    listed = _said(_turn(household, "forget the crawl space"))
    assert listed.startswith("A few memories match."), listed
    assert " 3: " in listed, listed
    assert _said(_turn(household, "no")) == "Okay."
    picked = _said(_turn(household, "number three"))
    assert picked == "There is nothing to choose from.", picked
    found = household.hass.ws_command(
        household.anna.token, "home_memory/search", query="crawl space", limit=5
    )
    kept = [m for m in found["memories"] if "crawl space" in m["content"]]
    assert len(kept) == 3, kept


def test_a_second_true_fact_is_kept_beside_the_first(household: Household) -> None:
    """A second allergy, told by voice with "also" or by the remember action
    over REST without it, is a new memory: the first one stays and recall
    says both (attacker review: each replaced the first as a correction)."""
    wait_for_the_model(household)
    _turn(household, "remember that Ziggy is allergic to cats")
    also = _turn(household, "remember that Ziggy is also allergic to bee stings")
    assert _said(also) == "Okay, I'll remember that.", _said(also)
    for text in (
        "Quentin is allergic to peanuts.",
        "Quentin is allergic to penicillin.",
    ):
        body = household.hass.call_service(
            "home_memory", "remember", {"content": text}, token=household.anna.token
        ).ok()
        assert body["service_response"]["action"] == "created", body
    for name, things in (
        ("Ziggy", ("cats", "bee stings")),
        ("Quentin", ("peanuts", "penicillin")),
    ):
        recall = _said(_turn(household, f"what do you remember about {name}"))
        assert all(thing in recall for thing in things), recall
