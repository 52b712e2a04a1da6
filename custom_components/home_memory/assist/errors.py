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
from .prompts import ENGLISH, PromptWords


class ToolError(Exception):
    """Ends a tool call or a sentence with an error the model or person can act on."""

    def __init__(self, code: str, message: str) -> None:
        """Carry the result's code and message."""
        super().__init__(message)
        self.code = code
        self.message = message


# Keys whose `error` placeholder is the engine's reason for refusing a memory.
_ENGINE_REFUSED: Final = frozenset({"invalid_memory", "private_needs_owner"})

# translation key -> the code the model is told; the message is the key's in
# prompts.<language>.json ("errors").
_EXPLAINED: Final[dict[str, str]] = {
    "not_loaded": "memory_unavailable",
    "memory_not_found": "not_found",
    "no_match": "not_found",
    "nothing_recent": "nothing_recent",
    "nothing_named": "invalid_arguments",
    "nothing_to_change": "invalid_arguments",
    "redated_ahead": "invalid_arguments",
    "redated_behind": "invalid_arguments",
    "visibility_owner_only": "not_owner",
    "private_words_not_owner": "not_owner",
    "private_needs_owner": "private_needs_user",
    "read_only_user": "read_only_user",
    "invalid_token": "invalid_token",
    "proposal_not_found": "already_decided",
    "no_such_number": "no_such_number",
    "engine_error": "memory_error",
}


# What is said for a key not listed above, by the kind of error ("by_kind").
_BY_KIND: Final[tuple[tuple[type[OperationError], str], ...]] = (
    (NotFoundError, "not_found"),
    (InvalidRequestError, "invalid"),
    (ForbiddenError, "forbidden"),
    (ConflictError, "conflict"),
    (UnavailableError, "unavailable"),
    (EngineFailureError, "engine_failure"),
)


def explain(err: OperationError, words: PromptWords = ENGLISH) -> ToolError:
    """The code and sentence Assist gives for an operation error, in `words`'
    language."""
    if isinstance(err, EngineFailureError):
        LOGGER.warning("Memory could not do that: %s", err.placeholders["error"])
    if err.translation_key in _ENGINE_REFUSED and "error" in err.placeholders:
        # The engine refused the memory: its reason is the message.
        return ToolError("invalid_arguments", err.placeholders["error"])
    if (code := _EXPLAINED.get(err.translation_key)) is not None:
        return ToolError(
            code, words.say("errors", err.translation_key, **err.placeholders)
        )
    key = next(key for kind, key in _BY_KIND if isinstance(err, kind))
    return ToolError(err.translation_key, str(words.table["errors"]["by_kind"][key]))
