"""Short-term memory: conversation sessions, their token windows and past messages.

A session is one conversation with one speaker; its window holds the newest
messages within the speaker's token budget, older ones stay stored and
searchable. Blocking and thread-safe; call from the executor.

In more words: docs/engine.md, "`memory/conversation/sessions.py`".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
import secrets
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from ..embedding.profiles import profile_for
from ..search.retrieval import estimate_tokens
from ..text.validation import MAX_CONTENT_CHARS, readable

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    import sqlite3

    import numpy.typing as npt

    from ..store import MemoryStore

ADMIN_TOKEN_BUDGET: Final = 100_000
USER_TOKEN_BUDGET: Final = 4_000
# The newest messages never leave the window, however long they are.
ALWAYS_IN_WINDOW: Final = 2
SESSION_IDLE_EXPIRY_SECONDS: Final = 24 * 3600
# Past messages above this cosine similarity, at most this many.
PAST_MESSAGE_MIN_SIMILARITY: Final = 0.3
PAST_MESSAGES_MAX: Final = 5
# A memory's words this long or longer tell that a message quotes it.
QUOTE_MIN_CHARS: Final = 12
# How many of a speaker's newest messages are compared with the utterance:
# bounds the work of one turn (5,000 x 384 floats ≈ 7.5 MB read).
PAST_MESSAGE_CANDIDATES: Final = 5_000
# Unembedded messages embedded per call of embed_missing.
EMBED_BATCH: Final = 64


class SessionRole(StrEnum):
    """Which token budget a session's window gets."""

    ADMIN = "admin"
    USER = "user"

    @property
    def token_budget(self) -> int:
        """Tokens the session's window may hold."""
        return ADMIN_TOKEN_BUDGET if self is SessionRole.ADMIN else USER_TOKEN_BUDGET


class MessageRole(StrEnum):
    """Who said a message (system prompts and tool results are never stored)."""

    USER = "user"
    ASSISTANT = "assistant"


class SessionState(StrEnum):
    """A session is active until a day without activity archives it."""

    ACTIVE = "active"
    ARCHIVED = "archived"


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """A message to store: who said it, what, and when (unix seconds)."""

    role: MessageRole
    content: str
    at: float


@dataclass(frozen=True, slots=True)
class Session:
    """One conversation of one speaker."""

    id: str
    conversation_id: str
    owner: str | None
    device_id: str | None
    agent_id: str | None
    role: SessionRole
    started_at: float
    last_active_at: float
    state: SessionState
    turns: int
    ended_at: float | None
    # When its proposals were stored (None: not extracted yet), and how often
    # extraction was started.
    extracted_at: float | None = None
    extraction_attempts: int = 0


@dataclass(frozen=True, slots=True)
class StoredMessage:
    """A stored message of a session."""

    rowid: int
    session_id: str
    at: float
    role: MessageRole
    content: str
    tokens: int
    in_window: bool


@dataclass(frozen=True, slots=True)
class PastMessage:
    """A message of an earlier conversation, close to what is said now."""

    conversation_id: str
    at: float
    role: MessageRole
    content: str
    similarity: float


_SESSION_COLUMNS: Final = (
    "id, conversation_id, owner, device_id, agent_id, role, started_at, "
    "last_active_at, state, turns, ended_at, extracted_at, extraction_attempts"
)


def _folded(text: str) -> str:
    """Case and spacing set aside, to tell whether one text quotes another."""
    return " ".join(text.casefold().split())


def _session(row: Sequence[object]) -> Session:
    return Session(
        id=str(row[0]),
        conversation_id=str(row[1]),
        owner=None if row[2] is None else str(row[2]),
        device_id=None if row[3] is None else str(row[3]),
        agent_id=None if row[4] is None else str(row[4]),
        role=SessionRole(str(row[5])),
        started_at=float(row[6]),  # type: ignore[arg-type]
        last_active_at=float(row[7]),  # type: ignore[arg-type]
        state=SessionState(str(row[8])),
        turns=int(row[9]),  # type: ignore[call-overload]
        ended_at=None if row[10] is None else float(row[10]),  # type: ignore[arg-type]
        extracted_at=None if row[11] is None else float(row[11]),  # type: ignore[arg-type]
        extraction_attempts=int(row[12]),  # type: ignore[call-overload]
    )


def _message(r: Sequence[Any]) -> StoredMessage:
    """A message row: rowid, session_id, at, role, content, tokens, in_window."""
    return StoredMessage(
        rowid=int(r[0]),
        session_id=str(r[1]),
        at=float(r[2]),
        role=MessageRole(str(r[3])),
        content=str(r[4]),
        tokens=int(r[5]),
        in_window=bool(r[6]),
    )


class SessionStore:
    """Sessions and their messages, in the memory store's file."""

    def __init__(
        self, store: MemoryStore, *, clock: Callable[[], float] | None = None
    ) -> None:
        """Use `store`'s connections and embedder; `clock` overrides its clock."""
        self._store = store
        self._now = clock or store.now

    # -- writing --------------------------------------------------------------

    def record(
        self,
        *,
        conversation_id: str,
        owner: str | None,
        role: SessionRole,
        messages: Sequence[ChatMessage],
        device_id: str | None = None,
        agent_id: str | None = None,
    ) -> Session:
        """Add messages to the speaker's open session of this conversation.

        Opens a session if there is none (or the last one has ended). Each
        user message counts as one turn. The window is trimmed to the role's
        budget in the same transaction.
        """
        # What people and models said is kept even when it holds a lone
        # surrogate (SQLite and the tokenizer refuse those): it becomes U+FFFD.
        cleaned = [
            ChatMessage(m.role, readable(m.content.strip()[:MAX_CONTENT_CHARS]), m.at)
            for m in messages
            if m.content.strip()
        ]
        vectors, model = self._vectors([m.content for m in cleaned])
        now = self._now()
        with self._store.transaction() as conn:
            row = conn.execute(
                f"SELECT {_SESSION_COLUMNS} FROM sessions "
                "WHERE conversation_id = ? AND owner IS ? AND state = 'active' "
                "AND ended_at IS NULL ORDER BY started_at DESC LIMIT 1",
                (conversation_id, owner),
            ).fetchone()
            if row is None:
                session_id = secrets.token_hex(12)
                conn.execute(
                    "INSERT INTO sessions (id, conversation_id, owner, device_id, "
                    "agent_id, role, started_at, last_active_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        session_id,
                        conversation_id,
                        owner,
                        device_id,
                        agent_id,
                        str(role),
                        min((m.at for m in cleaned), default=now),
                        now,
                    ),
                )
            else:
                session_id = str(row[0])
            for position, message in enumerate(cleaned):
                vector = None if vectors is None else vectors[position]
                conn.execute(
                    "INSERT INTO session_messages (session_id, at, role, content, "
                    "tokens, vector, vector_model) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        session_id,
                        message.at,
                        str(message.role),
                        message.content,
                        estimate_tokens(message.content),
                        None if vector is None else vector.astype("<f4").tobytes(),
                        None if vector is None else model,
                    ),
                )
            turns = sum(1 for m in cleaned if m.role is MessageRole.USER)
            conn.execute(
                "UPDATE sessions SET last_active_at = ?, turns = turns + ?, role = ?, "
                "device_id = coalesce(?, device_id), agent_id = coalesce(?, agent_id) "
                "WHERE id = ?",
                (now, turns, str(role), device_id, agent_id, session_id),
            )
            self._trim_window(conn, session_id, role.token_budget)
            result = conn.execute(
                f"SELECT {_SESSION_COLUMNS} FROM sessions WHERE id = ?",
                (session_id,),
            ).fetchone()
        return _session(result)

    @staticmethod
    def _trim_window(conn: sqlite3.Connection, session_id: str, budget: int) -> None:
        rows = conn.execute(
            "SELECT rowid, tokens FROM session_messages "
            "WHERE session_id = ? AND in_window = 1 ORDER BY at, rowid",
            (session_id,),
        ).fetchall()
        total = sum(int(tokens) for _, tokens in rows)
        leaving: list[int] = []
        for rowid, tokens in rows[: max(0, len(rows) - ALWAYS_IN_WINDOW)]:
            if total <= budget:
                break
            leaving.append(int(rowid))
            total -= int(tokens)
        if leaving:
            conn.execute(
                "UPDATE session_messages SET in_window = 0 "
                f"WHERE rowid IN ({','.join('?' * len(leaving))})",
                leaving,
            )

    def end(self, session_id: str) -> Session | None:
        """Mark the session's conversation as over; the ended session.

        None when the session is unknown or had ended already: of two callers
        ending the same session, only one gets it (and extracts it).
        """
        with self._store.transaction() as conn:
            changed = conn.execute(
                "UPDATE sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL",
                (self._now(), session_id),
            ).rowcount
            if changed != 1:
                return None
            row = conn.execute(
                f"SELECT {_SESSION_COLUMNS} FROM sessions WHERE id = ?",
                (session_id,),
            ).fetchone()
        return None if row is None else _session(row)

    def start_extraction(self, session_id: str, max_attempts: int) -> bool:
        """Count an extraction attempt.

        False if the session is extracted already or has had `max_attempts`:
        checked in the same UPDATE, so two callers that both read an older
        count never go past the limit.
        """
        with self._store.transaction() as conn:
            return (
                conn.execute(
                    "UPDATE sessions SET extraction_attempts = extraction_attempts + 1 "
                    "WHERE id = ? AND extracted_at IS NULL AND extraction_attempts < ?",
                    (session_id, max_attempts),
                ).rowcount
                == 1
            )

    @staticmethod
    def mark_extracted(conn: sqlite3.Connection, session_id: str, at: float) -> bool:
        """In the caller's transaction: the session is extracted now.

        False if it had been extracted already (an unknown session id is no
        obstacle: there is nothing to mark).
        """
        row = conn.execute(
            "SELECT extracted_at FROM sessions WHERE id = ?", (session_id,)
        ).fetchone()
        if row is not None and row[0] is not None:
            return False
        conn.execute(
            "UPDATE sessions SET extracted_at = ? WHERE id = ?", (at, session_id)
        )
        return True

    def unextracted(self, min_turns: int, max_attempts: int) -> list[Session]:
        """Ended sessions of `min_turns` or more never extracted, oldest first.

        Those tried `max_attempts` times already are left alone.
        """
        with self._store.read() as conn:
            rows = conn.execute(
                f"SELECT {_SESSION_COLUMNS} FROM sessions "
                "WHERE ended_at IS NOT NULL AND extracted_at IS NULL "
                "AND turns >= ? AND extraction_attempts < ? ORDER BY ended_at",
                (min_turns, max_attempts),
            ).fetchall()
        return [_session(row) for row in rows]

    def drop_quotes(
        self, texts: Sequence[str], *, keep_owner: str | None = None
    ) -> int:
        """Delete past messages that quote one of `texts` (a memory's words).

        A forgotten memory must not come back as "said in an earlier
        conversation"; a memory made private not in another person's. With
        `keep_owner`, that user's own sessions keep theirs. Texts shorter than
        `QUOTE_MIN_CHARS` are too common to tell a quote. Returns how many.
        """
        quotes = {
            folded
            for text in texts
            if len(folded := _folded(text).rstrip(".!?")) >= QUOTE_MIN_CHARS
        }
        if not quotes:
            return 0
        with self._store.read() as conn:
            rows = conn.execute(
                "SELECT m.rowid, m.content FROM session_messages m "
                "JOIN sessions s ON s.id = m.session_id WHERE s.owner IS NOT ? "
                "OR ? IS NULL",
                (keep_owner, keep_owner),
            ).fetchall()
        doomed = [
            (int(rowid),)
            for rowid, content in rows
            if any(quote in _folded(str(content)) for quote in quotes)
        ]
        if doomed:
            with self._store.transaction() as conn:
                conn.executemany("DELETE FROM session_messages WHERE rowid = ?", doomed)
        return len(doomed)

    def expire_idle(self, idle_seconds: float = SESSION_IDLE_EXPIRY_SECONDS) -> int:
        """Archive sessions without activity for `idle_seconds`; how many."""
        cutoff = self._now() - idle_seconds
        with self._store.transaction() as conn:
            return conn.execute(
                "UPDATE sessions SET state = 'archived', "
                "ended_at = coalesce(ended_at, last_active_at) "
                "WHERE state = 'active' AND last_active_at <= ?",
                (cutoff,),
            ).rowcount

    def embed_missing(
        self, limit: int = EMBED_BATCH, *, stale_models: bool = False
    ) -> int:
        """Embed up to `limit` messages stored before the model was ready.

        With `stale_models`, also those embedded by another model (a full scan:
        for the nightly run, not for every turn).
        """
        embedder = self._store.embedder
        if embedder is None:
            return 0
        with self._store.read() as conn:
            if stale_models:
                rows = conn.execute(
                    "SELECT rowid, content FROM session_messages "
                    "WHERE vector IS NULL OR vector_model IS NOT ? LIMIT ?",
                    (embedder.model_id, limit),
                ).fetchall()
            else:
                rows = conn.execute(
                    "SELECT rowid, content FROM session_messages "
                    "WHERE vector IS NULL LIMIT ?",
                    (limit,),
                ).fetchall()
        if not rows:
            return 0
        vectors = embedder.embed([str(content) for _, content in rows])
        with self._store.transaction() as conn:
            conn.executemany(
                "UPDATE session_messages SET vector = ?, vector_model = ? "
                "WHERE rowid = ?",
                [
                    (vectors[i].astype("<f4").tobytes(), embedder.model_id, rowid)
                    for i, (rowid, _) in enumerate(rows)
                ],
            )
        return len(rows)

    def _vectors(
        self, texts: Sequence[str]
    ) -> tuple[npt.NDArray[np.float32] | None, str | None]:
        embedder = self._store.embedder
        if embedder is None or not texts:
            return None, None
        return embedder.embed(list(texts)), embedder.model_id

    # -- reading --------------------------------------------------------------

    def get(self, session_id: str) -> Session | None:
        """The session with this id, or None."""
        with self._store.read() as conn:
            row = conn.execute(
                f"SELECT {_SESSION_COLUMNS} FROM sessions WHERE id = ?",
                (session_id,),
            ).fetchone()
        return None if row is None else _session(row)

    def open_sessions(self, conversation_id: str) -> list[Session]:
        """Sessions of this conversation that have not ended yet."""
        with self._store.read() as conn:
            rows = conn.execute(
                f"SELECT {_SESSION_COLUMNS} FROM sessions "
                "WHERE conversation_id = ? AND ended_at IS NULL ORDER BY started_at",
                (conversation_id,),
            ).fetchall()
        return [_session(row) for row in rows]

    def idle_open_sessions(self, idle_seconds: float) -> list[Session]:
        """Sessions not ended although idle for `idle_seconds` (after a restart)."""
        cutoff = self._now() - idle_seconds
        with self._store.read() as conn:
            rows = conn.execute(
                f"SELECT {_SESSION_COLUMNS} FROM sessions "
                "WHERE ended_at IS NULL AND last_active_at <= ? "
                "ORDER BY last_active_at",
                (cutoff,),
            ).fetchall()
        return [_session(row) for row in rows]

    def messages(
        self, session_id: str, *, window_only: bool = False
    ) -> list[StoredMessage]:
        """The session's messages, oldest first (only the window's if asked)."""
        with self._store.read() as conn:
            rows = conn.execute(
                "SELECT rowid, session_id, at, role, content, tokens, in_window "
                "FROM session_messages WHERE session_id = ? "
                + ("AND in_window = 1 " if window_only else "")
                + "ORDER BY at, rowid",
                (session_id,),
            ).fetchall()
        return [_message(r) for r in rows]

    def conversation_messages(
        self, conversation_id: str, owner: str | None, *, limit: int = 200
    ) -> list[StoredMessage]:
        """A conversation's messages that `owner` may read, oldest first.

        Those of `owner`'s own sessions and of sessions without a known
        speaker; another person's turns stay theirs, even when what they said
        became a household memory. At most the newest `limit`.
        """
        with self._store.read() as conn:
            rows = conn.execute(
                "SELECT m.rowid, m.session_id, m.at, m.role, m.content, m.tokens, "
                "m.in_window FROM session_messages m JOIN sessions s "
                "ON s.id = m.session_id WHERE s.conversation_id = ? "
                "AND (s.owner IS NULL OR s.owner = ?) "
                "ORDER BY m.at DESC, m.rowid DESC LIMIT ?",
                (conversation_id, owner, limit),
            ).fetchall()
        return [_message(r) for r in reversed(rows)]

    def relevant_messages(
        self,
        text: str,
        owner: str | None,
        *,
        exclude_conversation: str | None = None,
        limit: int = PAST_MESSAGES_MAX,
        min_similarity: float = PAST_MESSAGE_MIN_SIMILARITY,
        keep: Callable[[PastMessage], bool] | None = None,
    ) -> list[PastMessage]:
        """Past messages of this speaker close to `text`, best first.

        Only the speaker's own sessions are searched: a user's, or the
        household's when `owner` is None; never another person's. The current
        conversation is left out (the agent has it already), and so are the
        same words said in it again. A message passes the floor on the shared
        scale and, where the model profile has one, within its
        `search_margin` of the best message (a model that puts every text of
        a question's shape close to it: embedding/profiles.py). `keep`
        decides which messages may be told at all (the caller's rule, e.g.
        no questions). Equal scores go to the more recent message. Empty
        without an embedder (no semantics).
        """
        embedder = self._store.embedder
        if embedder is None or not text.strip():
            return []
        query = embedder.embed_query(text)
        with self._store.read() as conn:
            rows = conn.execute(
                "SELECT s.conversation_id, m.at, m.role, m.content, m.vector "
                "FROM session_messages m JOIN sessions s ON s.id = m.session_id "
                "WHERE s.owner IS ? AND s.conversation_id IS NOT ? "
                "AND m.vector_model = ? ORDER BY m.rowid DESC LIMIT ?",
                (
                    owner,
                    exclude_conversation,
                    embedder.model_id,
                    PAST_MESSAGE_CANDIDATES,
                ),
            ).fetchall()
            current = (
                set()
                if exclude_conversation is None
                else {
                    _folded(str(row[0]))
                    for row in conn.execute(
                        "SELECT m.content FROM session_messages m "
                        "JOIN sessions s ON s.id = m.session_id "
                        "WHERE s.owner IS ? AND s.conversation_id = ?",
                        (owner, exclude_conversation),
                    )
                }
            )
        if not rows:
            return []
        matrix = np.frombuffer(b"".join(r[4] for r in rows), dtype="<f4").reshape(
            len(rows), -1
        )
        # On the shared scale of the model profiles (embedding/profiles.py).
        profile = profile_for(embedder.model_id)
        scores = profile.search(matrix @ query.astype(np.float32))
        ranked = sorted(
            (i for i in range(len(rows)) if scores[i] >= min_similarity),
            key=lambda i: (-round(float(scores[i]), 4), -float(rows[i][1])),
        )
        chosen: list[PastMessage] = []
        best: float | None = None
        for i in ranked:
            message = PastMessage(
                conversation_id=str(rows[i][0]),
                at=float(rows[i][1]),
                role=MessageRole(str(rows[i][2])),
                content=str(rows[i][3]),
                similarity=float(scores[i]),
            )
            if _folded(message.content) in current or (
                keep is not None and not keep(message)
            ):
                continue
            best = message.similarity if best is None else best
            margin = profile.search_margin
            if len(chosen) >= limit or (
                margin is not None and message.similarity < best - margin
            ):
                break
            chosen.append(message)
        return chosen
