"""Errors the engine raises, all of them; callers translate them for people.

Every one is a MemoryEngineError; those about a malformed answer or file are
also ValueErrors, as the code that validates such input expects.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence


class Problem(NamedTuple):
    """Why a value is refused: the reason's `code`, its `values` (numbers,
    choices) and the English `message` for logs.

    Surfaces say it in the household's language by the code (the
    translations' "common" problem_<code>, operations/reasons.py), never by the message.
    """

    code: str
    message: str
    values: Mapping[str, str] = MappingProxyType({})


class MemoryEngineError(Exception):
    """Base class of the engine's errors."""


class InvalidMemoryError(MemoryEngineError):
    """Input that cannot be stored; `field` names what is wrong.

    The message is English, for logs; `problem` names the reason as a code
    (a `Problem`'s: "too_long", "hidden", ... or "invalid") and `values` its
    numbers, so a surface says it in the household's language (the
    translations' problem_<code>, the sentences' `refused_<problem>` answers).
    """

    def __init__(
        self,
        field: str,
        message: str | Problem,
        *,
        problem: str = "invalid",
        values: Mapping[str, str] | None = None,
    ) -> None:
        if isinstance(message, Problem):
            problem, values, message = message.code, message.values, message.message
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.problem = problem
        self.values: Mapping[str, str] = values or {}

    @property
    def reason(self) -> Problem:
        """Why, as a surface says it: the code, its values, the message."""
        return Problem(self.problem, self.message, self.values)


class MemoryNotFoundError(MemoryEngineError):
    """No memory with that id is visible to the caller."""

    def __init__(self, memory_id: str) -> None:
        super().__init__(f"no memory {memory_id!r}")
        self.memory_id = memory_id


class MemoryChangedError(MemoryEngineError):
    """The memory no longer says what the caller saw (its version moved on)."""

    def __init__(self, memory_id: str) -> None:
        super().__init__(f"memory {memory_id!r} changed")
        self.memory_id = memory_id


class VisibilityChangeForbiddenError(MemoryEngineError):
    """Only a memory's owner may change who sees it."""

    def __init__(self, memory_id: str) -> None:
        super().__init__(f"only the owner may change who sees {memory_id!r}")
        self.memory_id = memory_id


class ListingExpiredError(MemoryEngineError):
    """The search a follow-up continues is gone: it lapsed, made room for
    the person's newer ones, or is another person's."""


class NothingToUndoError(MemoryEngineError):
    """The memory has no earlier version."""


class DatabaseCorruptError(MemoryEngineError):
    """The file is not a readable SQLite database of this engine."""


class ImportFileError(MemoryEngineError):
    """An import file has bad lines; nothing was imported.

    `errors` says each in English (for logs); `lines` names each as (line
    number, field, Problem), for a surface to say in its language.
    """

    def __init__(
        self,
        errors: list[str],
        lines: Sequence[tuple[int, str, Problem]] = (),
    ) -> None:
        super().__init__("; ".join(errors[:5]))
        self.errors = errors
        self.lines = tuple(lines)


class SchemaTooNewError(MemoryEngineError):
    """The file was written by a newer version of the engine."""


class StorageError(MemoryEngineError):
    """The database file failed underneath: locked, full, read-only, gone, closed.

    Raised from the sqlite3.Error or OSError that said so (`__cause__`), with
    its message: the engine's callers catch one error family, and one that
    must tell a read-only file from a busy one reads the SQLite error code
    there.
    """


class ModelError(MemoryEngineError):
    """The model folder is unusable; `file` names the missing or mismatching file.

    `file` is None when the problem is not one file (e.g. no backend available).
    """

    def __init__(self, message: str, *, file: str | None = None) -> None:
        """Keep the offending file name next to the message."""
        super().__init__(message)
        self.file = file


class GraphFormatError(MemoryEngineError, ValueError):
    """The bytes are not a protobuf message this reader understands."""


class StaleEventsError(MemoryEngineError):
    """Some events of a segment are gone: another writer consumed them first."""


class InvalidProposalsError(MemoryEngineError, ValueError):
    """The model's answer does not have the shape of proposals."""


class ProposalNotFoundError(MemoryEngineError):
    """No pending proposal with this id that the caller may decide on."""

    def __init__(self, proposal_id: str) -> None:
        """Name the proposal (never its text)."""
        super().__init__(f"no pending proposal {proposal_id!r}")
        self.proposal_id = proposal_id


class InvalidDecisionError(MemoryEngineError, ValueError):
    """The AI Task's answer is not a usable consolidation decision."""
