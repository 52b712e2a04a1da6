"""What Assist says when an operation fails: a code and a sentence.

`explain` is the one reading of an OperationError for Assist: the LLM tools
turn it into an error result (`tools.error_result`), the sentences into
speech (`intents.error_speech`).
"""

from __future__ import annotations

from typing import Final

from ..const import LOGGER
from ..operations.errors import (
    ConflictError,
    EngineFailureError,
    ForbiddenError,
    InvalidRequestError,
    NotFoundError,
    OperationError,
    UnavailableError,
)


class ToolError(Exception):
    """Ends a tool call or a sentence with an error the model or person can act on."""

    def __init__(self, code: str, message: str) -> None:
        """Carry the result's code and message."""
        super().__init__(message)
        self.code = code
        self.message = message


# Keys whose `error` placeholder is the engine's reason for refusing a memory.
_ENGINE_REFUSED: Final = frozenset({"invalid_memory", "private_needs_owner"})

# translation key -> (code, message): what the model is told.
_EXPLAINED: Final[dict[str, tuple[str, str]]] = {
    "not_loaded": ("memory_unavailable", "Memory is not available right now."),
    "memory_not_found": ("not_found", "There is no such memory."),
    "no_match": ("not_found", "No memory matches that description."),
    "nothing_recent": (
        "nothing_recent",
        (
            "No memory was created or mentioned in this conversation yet; "
            "ask the user which memory they mean."
        ),
    ),
    "nothing_named": ("invalid_arguments", "Give an id, a query, or that=true."),
    "nothing_to_change": ("invalid_arguments", "Nothing to change was given."),
    "visibility_owner_only": (
        "not_owner",
        "Only the person this memory belongs to can change who sees it.",
    ),
    "private_needs_owner": (
        "private_needs_user",
        "A private memory needs a known user; this request has none.",
    ),
    "read_only_user": (
        "read_only_user",
        "This user may look up memories but not change them.",
    ),
    "invalid_token": (
        "invalid_token",
        (
            "That confirmation is unknown or has expired; nothing was forgotten. "
            "Ask the user again."
        ),
    ),
    "proposal_not_found": (
        "already_decided",
        "Those were decided meanwhile; nothing changed.",
    ),
    "no_such_number": (
        "no_such_number",
        "There is no suggestion number {number}; there are {count}.",
    ),
    "engine_error": (
        "memory_error",
        "Memory could not be reached; try again later.",
    ),
}


# What is said for a key not listed above, by the kind of error.
_BY_KIND: Final[tuple[tuple[type[OperationError], str], ...]] = (
    (NotFoundError, "There is no such memory."),
    (InvalidRequestError, "That cannot be done as asked; nothing was changed."),
    (ForbiddenError, "This user may not do that."),
    (ConflictError, "That changed meanwhile; nothing was done. Ask the user again."),
    (UnavailableError, "Memory is not available right now."),
    (EngineFailureError, "Memory could not be reached; try again later."),
)


def explain(err: OperationError) -> ToolError:
    """The code and sentence Assist gives for an operation error."""
    if isinstance(err, EngineFailureError):
        LOGGER.warning("Memory could not do that: %s", err.placeholders["error"])
    if err.translation_key in _ENGINE_REFUSED and "error" in err.placeholders:
        # The engine refused the memory: its reason is the message.
        return ToolError("invalid_arguments", err.placeholders["error"])
    if (explained := _EXPLAINED.get(err.translation_key)) is not None:
        code, message = explained
        return ToolError(code, message.format(**err.placeholders))
    message = next(text for kind, text in _BY_KIND if isinstance(err, kind))
    return ToolError(err.translation_key, message)
