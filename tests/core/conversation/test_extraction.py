"""Extraction proposals: validation, storage, confirmation and privacy."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from custom_components.home_memory.memory.common.errors import (
    InvalidProposalsError,
    ProposalNotFoundError,
)
from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    Caller,
    MemoryFilter,
    MemoryKind,
    Source,
    Visibility,
)
from custom_components.home_memory.memory.conversation.extraction import (
    MAX_CONVERSATION_CHARS,
    MAX_PROPOSALS,
    PROPOSAL_TTL_SECONDS,
    ProposalDraft,
    ProposalStatus,
    ProposalStore,
    conversation_text,
    extraction_instructions,
    parse_proposals,
)
from custom_components.home_memory.memory.conversation.sessions import (
    MessageRole,
    StoredMessage,
)

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import MemoryStore

    from .conftest import ManualClock

ANNA = Caller(user_id="anna")
BEN = Caller(user_id="ben")


def item(**overrides: Any) -> dict[str, Any]:
    """One valid extracted memory as the AI answers it, with overrides."""
    return {
        "summary": "Lena visits in June",
        "content": "Anna's sister Lena visits every June.",
        "type": "event",
        "keywords": ["Lena", "June", "visit"],
    } | overrides


def drafts(*summaries: str) -> list[ProposalDraft]:
    """One fact draft per summary."""
    return [
        ProposalDraft(s, f"{s} (in full).", MemoryKind.FACT, ("k",)) for s in summaries
    ]


def test_valid_answers_become_drafts() -> None:
    """A valid AI answer becomes drafts with a normalised kind and keywords."""
    parsed = parse_proposals(
        {"memories": [item(), item(type=" Preference ", keywords=[" a ", "a", ""])]}
    )
    assert parsed[0] == ProposalDraft(
        "Lena visits in June",
        "Anna's sister Lena visits every June.",
        MemoryKind.EVENT,
        ("Lena", "June", "visit"),
    )
    assert parsed[1].kind is MemoryKind.PREFERENCE
    assert parsed[1].keywords == ("a",)
    assert parse_proposals({"memories": []}) == []
    assert parse_proposals({}) == []


@pytest.mark.parametrize(
    "answer",
    [
        "NONE",
        ["not", "an", "object"],
        {"memories": "a list please"},
        {"memories": [item()] * (MAX_PROPOSALS + 1)},
        {"memories": ["text"]},
        {"memories": [item(type="observation")]},
        {"memories": [item(type=3)]},
        {"memories": [item(summary="")]},
        {"memories": [item(content=None)]},
        {"memories": [item(content="a\x00b")]},
        {"memories": [item(summary="x" * 501)]},
        {"memories": [item(keywords="Lena")]},
        {"memories": [item(keywords=[1, 2])]},
    ],
)
def test_invalid_answers_are_refused(answer: object) -> None:
    """A malformed AI answer is refused as InvalidProposalsError."""
    with pytest.raises(InvalidProposalsError):
        parse_proposals(answer)


def test_conversation_text_and_instructions() -> None:
    """The conversation is quoted by role and clipped to its newest lines."""
    messages = [
        StoredMessage(1, "s", 1.0, MessageRole.USER, "My sister is Lena", 5, True),
        StoredMessage(2, "s", 2.0, MessageRole.ASSISTANT, "Nice.", 2, True),
    ]
    text = conversation_text(messages)
    assert text == 'User: "My sister is Lena"\nAssistant: "Nice."'
    instructions = extraction_instructions(text)
    assert instructions.endswith("Conversation:\n" + text)
    assert "preference" in instructions
    long = [
        StoredMessage(
            i, "s", float(i), MessageRole.USER, f"{i} " + "x" * 999, 250, True
        )
        for i in range(100)
    ]
    clipped = conversation_text(long)
    assert len(clipped) <= MAX_CONVERSATION_CHARS + 100
    # The newest lines are the ones kept.
    assert clipped.endswith('User: "99 ' + "x" * 999 + '"')


def test_confirmed_proposals_become_extracted_memories_atomically(
    store: MemoryStore,
) -> None:
    """A confirmed proposal becomes an extracted memory linked to it."""
    proposals = ProposalStore(store)
    added = proposals.add(
        drafts("The bins go out on Tuesday", "Jo is the plumber"),
        owner="anna",
        session_id="s1",
        conversation_id="conv-1",
    )
    assert [p.status for p in added] == [ProposalStatus.PENDING] * 2
    assert all(p.visibility is Visibility.PRIVATE for p in added)
    assert proposals.pending_count() == 2

    [(confirmed, result)] = proposals.confirm([added[1].id], ANNA)
    memory = result.memory
    assert confirmed.status is ProposalStatus.CONFIRMED
    assert confirmed.memory_id == memory.id
    assert confirmed.decided_by == "anna"
    assert memory.source is Source.EXTRACTED
    assert memory.owner == "anna"
    assert memory.visibility is Visibility.PRIVATE
    assert memory.summary == "Jo is the plumber"
    assert memory.tags == ("k",)
    assert memory.source_ids == ("conv-1",)
    assert memory.thread == "conv-1"
    assert [p.id for p in proposals.pending(ANNA)] == [added[0].id]
    # Deciding twice is refused.
    with pytest.raises(ProposalNotFoundError):
        proposals.confirm([added[1].id], ANNA)


def test_a_failing_confirmation_stores_nothing(store: MemoryStore) -> None:
    """A proposal decided by another writer mid-confirm stores no memory."""
    proposals = ProposalStore(store)
    [proposal] = proposals.add(
        drafts("Keys are in the drawer"),
        owner=None,
        session_id=None,
        conversation_id=None,
    )
    # Another writer decides the proposal while the memory is being written.
    original = store.create_many

    def racing(*args: Any, **kwargs: Any) -> Any:
        with store.transaction() as conn:
            conn.execute("UPDATE proposals SET status = 'rejected'")
        return original(*args, **kwargs)

    store.create_many = racing  # type: ignore[method-assign]
    proposals._decidable = lambda ids, caller: [proposal]  # type: ignore[method-assign]
    with pytest.raises(ProposalNotFoundError):
        proposals.confirm([proposal.id], SYSTEM)
    assert store.list_memories(SYSTEM, MemoryFilter()).items == []


def test_rejecting_and_privacy(store: MemoryStore) -> None:
    """Only the owner (or the household) sees and decides a proposal."""
    proposals = ProposalStore(store)
    [anna_proposal] = proposals.add(
        drafts("Anna's secret"), owner="anna", session_id=None, conversation_id=None
    )
    [household] = proposals.add(
        drafts("The wifi is slow upstairs"),
        owner=None,
        session_id=None,
        conversation_id=None,
    )
    assert household.visibility is Visibility.HOUSEHOLD
    # Ben sees only the household's; the household only its own.
    assert [p.id for p in proposals.pending(BEN)] == [household.id]
    assert [p.id for p in proposals.pending(Caller(None))] == [household.id]
    assert [p.id for p in proposals.pending(ANNA)] == [anna_proposal.id, household.id]
    assert [p.id for p in proposals.pending_of("anna")] == [anna_proposal.id]
    assert [p.id for p in proposals.pending_of(None)] == [household.id]
    for attempt in (proposals.reject, proposals.confirm):
        with pytest.raises(ProposalNotFoundError):
            attempt([anna_proposal.id], BEN)
    with pytest.raises(ProposalNotFoundError):
        proposals.reject(["unknown"], ANNA)
    [rejected] = proposals.reject([anna_proposal.id], ANNA)
    assert rejected.status is ProposalStatus.REJECTED
    assert proposals.pending_count() == 1
    assert store.list_memories(ANNA, MemoryFilter()).items == []


def test_pending_proposals_expire(store: MemoryStore, clock: ManualClock) -> None:
    """Pending proposals expire after their time to live, not before."""
    proposals = ProposalStore(store)
    proposals.add(drafts("a"), owner=None, session_id=None, conversation_id=None)
    clock.advance(seconds=PROPOSAL_TTL_SECONDS - 1)
    assert proposals.expire() == 0
    clock.advance(seconds=1)
    assert proposals.expire() == 1
    assert proposals.pending() == []
