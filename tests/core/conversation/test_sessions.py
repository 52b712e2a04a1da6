"""Short-term sessions: token windows per role, expiry, past messages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import (
    Caller,
    NewMemory,
    Visibility,
)
from custom_components.home_memory.memory.conversation.sessions import (
    ADMIN_TOKEN_BUDGET,
    SESSION_IDLE_EXPIRY_SECONDS,
    USER_TOKEN_BUDGET,
    ChatMessage,
    MessageRole,
    SessionRole,
    SessionState,
    SessionStore,
)
from custom_components.home_memory.memory.store import MemoryStore

if TYPE_CHECKING:
    from pathlib import Path

    from .conftest import HashingEmbedder, ManualClock

USER = MessageRole.USER
ASSISTANT = MessageRole.ASSISTANT


def turn(clock: ManualClock, user: str, reply: str) -> list[ChatMessage]:
    """One user message and the assistant's reply, at the clock's now."""
    return [ChatMessage(USER, user, clock()), ChatMessage(ASSISTANT, reply, clock())]


def words(count: int) -> str:
    """A text of about `count` x 1.25 tokens (four characters a token)."""
    return " ".join(["word"] * count)


def test_messages_are_stored_per_conversation_and_speaker(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Messages are kept in one session per conversation and speaker."""
    sessions = SessionStore(store)
    anna = sessions.record(
        conversation_id="c1",
        owner="anna",
        role=SessionRole.USER,
        messages=turn(clock, "The boiler is serviced in May", "Noted."),
        device_id="kitchen",
        agent_id="conversation.llm",
    )
    again = sessions.record(
        conversation_id="c1",
        owner="anna",
        role=SessionRole.USER,
        messages=turn(clock, "And the plumber is Jo", "Okay."),
    )
    # Someone else on the same conversation id gets a session of their own.
    household = sessions.record(
        conversation_id="c1",
        owner=None,
        role=SessionRole.USER,
        messages=turn(clock, "hello", "Hi."),
    )
    assert again.id == anna.id
    assert again.turns == 2
    assert again.device_id == "kitchen"
    assert again.agent_id == "conversation.llm"
    assert household.id != anna.id
    assert household.owner is None
    assert [m.content for m in sessions.messages(anna.id)] == [
        "The boiler is serviced in May",
        "Noted.",
        "And the plumber is Jo",
        "Okay.",
    ]
    assert [m.role for m in sessions.messages(anna.id)] == [USER, ASSISTANT] * 2
    # Blank messages are not stored and do not count as turns.
    blank = sessions.record(
        conversation_id="c1",
        owner="anna",
        role=SessionRole.USER,
        messages=[ChatMessage(USER, "   ", clock())],
    )
    assert blank.turns == 2


def test_user_window_keeps_4000_tokens_and_the_last_two(
    store: MemoryStore, clock: ManualClock
) -> None:
    """A user's window keeps 4,000 tokens of messages, and always the last two."""
    sessions = SessionStore(store)
    # Each message: 1,000 words of "word " = 4,999 chars ≈ 1,250 tokens.
    for _ in range(3):
        session = sessions.record(
            conversation_id="c",
            owner="ben",
            role=SessionRole.USER,
            messages=turn(clock, words(1000), words(1000)),
        )
    window = sessions.messages(session.id, window_only=True)
    everything = sessions.messages(session.id)
    assert len(everything) == 6
    assert sum(m.tokens for m in window) <= USER_TOKEN_BUDGET
    assert len(window) == 3
    assert [m.rowid for m in window] == [m.rowid for m in everything[-3:]]
    assert not any(m.in_window for m in everything[:3])

    # The last two messages stay in the window even beyond the budget.
    with store.transaction() as conn:
        SessionStore._trim_window(conn, session.id, budget=10)
    window = sessions.messages(session.id, window_only=True)
    assert [m.rowid for m in window] == [m.rowid for m in everything[-2:]]


def test_admin_window_holds_100000_tokens(
    store: MemoryStore, clock: ManualClock
) -> None:
    """An admin's window keeps up to 100,000 tokens of messages."""
    sessions = SessionStore(store)
    for _ in range(20):
        session = sessions.record(
            conversation_id="c",
            owner="admin",
            role=SessionRole.ADMIN,
            messages=turn(clock, words(1000), words(1000)),
        )
    # 40 messages x 1,250 tokens = 50,000: all in an admin's window.
    assert len(sessions.messages(session.id, window_only=True)) == 40
    for _ in range(25):
        session = sessions.record(
            conversation_id="c",
            owner="admin",
            role=SessionRole.ADMIN,
            messages=turn(clock, words(1000), words(1000)),
        )
    window = sessions.messages(session.id, window_only=True)
    assert sum(m.tokens for m in window) <= ADMIN_TOKEN_BUDGET
    assert len(window) == ADMIN_TOKEN_BUDGET // 1250
    assert len(sessions.messages(session.id)) == 90


def test_sessions_idle_24_hours_are_archived(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Sessions idle for 24 hours are archived; recent ones stay open."""
    sessions = SessionStore(store)
    old = sessions.record(
        conversation_id="old",
        owner=None,
        role=SessionRole.USER,
        messages=turn(clock, "hi", "hello"),
    )
    clock.advance(seconds=SESSION_IDLE_EXPIRY_SECONDS - 60)
    recent = sessions.record(
        conversation_id="recent",
        owner=None,
        role=SessionRole.USER,
        messages=turn(clock, "hi", "hello"),
    )
    assert sessions.expire_idle() == 0
    clock.advance(seconds=60)
    assert sessions.expire_idle() == 1
    archived = sessions.get(old.id)
    assert archived is not None
    assert archived.state is SessionState.ARCHIVED
    assert archived.ended_at == old.last_active_at
    # Archived messages stay stored.
    assert len(sessions.messages(old.id)) == 2
    still = sessions.get(recent.id)
    assert still is not None
    assert still.state is SessionState.ACTIVE
    # A new turn on an archived conversation opens a new session.
    reopened = sessions.record(
        conversation_id="old",
        owner=None,
        role=SessionRole.USER,
        messages=turn(clock, "back again", "welcome"),
    )
    assert reopened.id != old.id


def test_ending_a_session_starts_a_new_one_for_later_turns(
    store: MemoryStore, clock: ManualClock
) -> None:
    """After a session is ended, later turns start a new session."""
    sessions = SessionStore(store)
    first = sessions.record(
        conversation_id="c",
        owner=None,
        role=SessionRole.USER,
        messages=turn(clock, "a", "b"),
    )
    assert sessions.open_sessions("c") == [first]
    ended = sessions.end(first.id)
    assert ended is not None
    assert ended.ended_at == clock()
    assert sessions.end("missing") is None
    assert sessions.open_sessions("c") == []
    later = sessions.record(
        conversation_id="c",
        owner=None,
        role=SessionRole.USER,
        messages=turn(clock, "c", "d"),
    )
    assert later.id != first.id


def test_idle_open_sessions(store: MemoryStore, clock: ManualClock) -> None:
    """Open sessions idle for the given time are listed as idle."""
    sessions = SessionStore(store)
    session = sessions.record(
        conversation_id="c",
        owner=None,
        role=SessionRole.USER,
        messages=turn(clock, "a", "b"),
    )
    assert sessions.idle_open_sessions(600) == []
    clock.advance(seconds=600)
    assert [s.id for s in sessions.idle_open_sessions(600)] == [session.id]


def test_relevant_past_messages_stay_with_their_speaker(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Past messages are found for their own speaker only."""
    sessions = SessionStore(store)
    sessions.record(
        conversation_id="anna-1",
        owner="anna",
        role=SessionRole.USER,
        messages=turn(
            clock, "My sister Lena visits in June", "Lovely, June with Lena."
        ),
    )
    sessions.record(
        conversation_id="ben-1",
        owner="ben",
        role=SessionRole.USER,
        messages=turn(clock, "Lena visits in June is a secret", "Okay."),
    )
    sessions.record(
        conversation_id="house-1",
        owner=None,
        role=SessionRole.USER,
        messages=turn(clock, "turn on the porch light", "Done."),
    )
    found = sessions.relevant_messages("when does Lena visit in June", "anna")
    assert found
    assert {m.conversation_id for m in found} == {"anna-1"}
    assert found[0].content == "My sister Lena visits in June"
    assert all(m.similarity >= 0.3 for m in found)
    # Ben's and the household's scope never see Anna's messages.
    assert {
        m.conversation_id
        for m in sessions.relevant_messages("when does Lena visit in June", "ben")
    } == {"ben-1"}
    assert sessions.relevant_messages("when does Lena visit in June", None) == []
    # The current conversation is left out; unrelated text finds nothing.
    assert (
        sessions.relevant_messages(
            "when does Lena visit in June", "anna", exclude_conversation="anna-1"
        )
        == []
    )
    assert sessions.relevant_messages("xylophone quartz", "anna") == []


def test_at_most_five_past_messages_newest_first_on_ties(
    store: MemoryStore, clock: ManualClock
) -> None:
    """At most five past messages are returned, newest first on equal scores."""
    sessions = SessionStore(store)
    for number in range(8):
        clock.advance(seconds=10)
        sessions.record(
            conversation_id=f"c{number}",
            owner="anna",
            role=SessionRole.USER,
            messages=[ChatMessage(USER, "the garden gate code", clock())],
        )
    found = sessions.relevant_messages("garden gate code", "anna")
    assert len(found) == 5
    assert [m.conversation_id for m in found] == ["c7", "c6", "c5", "c4", "c3"]


def test_messages_stored_before_the_model_are_embedded_later(
    tmp_path: Path, clock: ManualClock, hashing_embedder: HashingEmbedder
) -> None:
    """Messages stored without a model are embedded once it is there."""
    store = MemoryStore(tmp_path / "m.db", clock=clock)
    try:
        sessions = SessionStore(store)
        sessions.record(
            conversation_id="c",
            owner="anna",
            role=SessionRole.USER,
            messages=turn(clock, "The bike lock code is 4411", "Noted."),
        )
        assert sessions.relevant_messages("bike lock code", "anna") == []
        assert sessions.embed_missing() == 0
        store.set_embedder(hashing_embedder)
        assert sessions.embed_missing() == 2
        assert sessions.embed_missing() == 0
        found = sessions.relevant_messages("bike lock code", "anna")
        assert found[0].content == "The bike lock code is 4411"
    finally:
        store.close()


def test_ending_and_extraction_are_once_only(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Of two enders only one gets the session; extracted_at commits with proposals."""
    from custom_components.home_memory.memory.common.values import MemoryKind
    from custom_components.home_memory.memory.conversation.extraction import (
        ProposalDraft,
        ProposalStore,
    )

    sessions = SessionStore(store)
    proposals = ProposalStore(store)
    session = sessions.record(
        conversation_id="c1",
        owner="anna",
        role=SessionRole.USER,
        messages=[m for n in range(4) for m in turn(clock, f"fact {n}", "Okay.")],
    )
    ended = sessions.end(session.id)
    assert ended is not None
    assert ended.extracted_at is None
    # Already ended (or unknown): nothing to extract for this caller.
    assert sessions.end(session.id) is None
    assert sessions.end("unknown") is None

    # Ended, not extracted: retried, a bounded number of times.
    assert [s.id for s in sessions.unextracted(4, 2)] == [session.id]
    assert sessions.start_extraction(session.id, 2)
    assert sessions.start_extraction(session.id, 2)
    # A caller that read the count before these attempts cannot add a third.
    assert not sessions.start_extraction(session.id, 2)
    assert sessions.unextracted(4, 2) == []
    assert [s.id for s in sessions.unextracted(4, 3)] == [session.id]
    assert sessions.unextracted(5, 3) == []

    draft = ProposalDraft(
        "Jo is the plumber", "Jo is the plumber.", MemoryKind.FACT, ()
    )
    added = proposals.add(
        [draft], owner="anna", session_id=session.id, conversation_id="c1"
    )
    assert len(added) == 1
    extracted = sessions.get(session.id)
    assert extracted is not None
    assert extracted.extracted_at == clock()
    assert sessions.unextracted(4, 3) == []
    assert not sessions.start_extraction(session.id, 3)
    # A second extraction of the same session stores nothing.
    assert (
        proposals.add(
            [draft], owner="anna", session_id=session.id, conversation_id="c1"
        )
        == []
    )
    assert len(proposals.pending()) == 1


def test_a_lone_surrogate_is_stored_as_a_replacement_character(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Text SQLite would refuse (a lone surrogate) is kept, readable, not raised."""
    sessions = SessionStore(store)
    session = sessions.record(
        conversation_id="c1",
        owner=None,
        role=SessionRole.USER,
        messages=turn(clock, "the code is a\ud800b", "Noted \udfff."),
    )
    assert [m.content for m in sessions.messages(session.id)] == [
        "the code is a\ufffdb",
        "Noted \ufffd.",
    ]


def test_past_messages_quoting_a_memory_can_be_dropped(
    store: MemoryStore, clock: ManualClock
) -> None:
    """A message that quotes a memory's words (case and spacing aside, its full
    stop or not) is dropped everywhere, or everywhere but its owner's sessions;
    other messages stay, and words too short to tell a quote drop nothing."""
    sessions = SessionStore(store)
    for conversation, owner in (("anna-1", "anna"), ("ben-1", "ben"), ("h-1", None)):
        sessions.record(
            conversation_id=conversation,
            owner=owner,
            role=SessionRole.USER,
            messages=turn(
                clock,
                "what is the garage door code?",
                "I remember 2 things. 1: The garage  door code is 9753. 2: Tea.",
            ),
        )

    def left() -> set[tuple[str, str]]:
        with store.read() as conn:
            return {
                (str(conversation), str(content))
                for conversation, content in conn.execute(
                    "SELECT s.conversation_id, m.content FROM session_messages m "
                    "JOIN sessions s ON s.id = m.session_id"
                )
            }

    everything = left()
    assert sessions.drop_quotes(["Code.", "Tea"]) == 0
    assert (
        sessions.drop_quotes(["THE GARAGE DOOR CODE IS 9753."], keep_owner="anna") == 2
    )
    assert left() == everything - {
        ("ben-1", "I remember 2 things. 1: The garage  door code is 9753. 2: Tea."),
        ("h-1", "I remember 2 things. 1: The garage  door code is 9753. 2: Tea."),
    }
    assert sessions.drop_quotes(["the garage door code is 9753"]) == 1
    assert {conversation for conversation, _ in left()} == {"anna-1", "ben-1", "h-1"}
    assert all("9753" not in content for _, content in left())


def test_a_departed_owner_s_private_data_is_erased_and_nothing_else(
    store: MemoryStore, clock: ManualClock
) -> None:
    """`erase_owners`: every private memory of the owner (every tier) and
    their sessions go; their household memories, another person's private
    ones and sessions stay."""
    alice, bob, house = Caller(user_id="alice"), Caller(user_id="bob"), Caller()

    def private(content: str, owner: str) -> NewMemory:
        return NewMemory(content=content, owner=owner, visibility=Visibility.PRIVATE)

    kept = store.create(private("My diary code is 1999", "bob"), bob).memory
    store.create(private("My diary code is 1999", "alice"), alice)
    gone = store.create(private("My old PIN was 1234", "alice"), alice).memory
    store.soft_delete(alice, ids=[gone.id])
    told = store.create(NewMemory(content="The garage door squeaks"), alice).memory
    sessions = SessionStore(store)
    for owner in ("alice", "bob"):
        sessions.record(
            conversation_id=f"c-{owner}",
            owner=owner,
            role=SessionRole.USER,
            messages=turn(clock, "The boiler is serviced in May", "Noted."),
        )
    assert store.private_owners() == {"alice": 2, "bob": 1}

    assert store.erase_owners(["alice"]) == 2

    assert store.private_owners() == {"bob": 1}
    assert store.get(kept.id, bob).content == "My diary code is 1999"
    assert store.get(told.id, house).content == "The garage door squeaks"
    assert sessions.open_sessions("c-alice") == []
    assert len(sessions.open_sessions("c-bob")) == 1
    assert store.erase_owners([]) == 0
