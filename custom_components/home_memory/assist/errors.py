"""What Assist says when an operation fails: a code and a sentence.

`explain` is the one reading of an OperationError for Assist: the LLM tools
turn it into an error result (`tools.error_result`), the sentences into
speech (`refusals.error_speech`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from homeassistant.helpers.intent import IntentResponseErrorCode

from ..const import LOGGER
from ..operations import reasons
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

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant


class ToolError(Exception):
    """Ends a tool call or a sentence with an error the model or person can act on."""

    def __init__(self, code: str, message: str) -> None:
        """Carry the result's code and message."""
        super().__init__(message)
        self.code = code
        self.message = message


class RefusedError(Exception):
    """A request a sentence does not do: `speech` says why, `code` is the
    error response's (nothing to act on: `no_valid_targets`)."""

    def __init__(
        self,
        speech: str,
        code: IntentResponseErrorCode = IntentResponseErrorCode.FAILED_TO_HANDLE,
    ) -> None:
        """Carry what is said and the response's error code."""
        super().__init__(speech)
        self.speech = speech
        self.code = code


# translation key -> the code the model is told (any other key is its own
# code). The message is the key's in prompts.<language>.json ("errors")
# where the model needs its own instruction; else the action's
# (strings.json "exceptions", operations/reasons.py), said alike.
_EXPLAINED: Final[dict[str, str]] = {
    "invalid_memory": "invalid_arguments",
    "invalid_field": "invalid_arguments",
    "not_loaded": "memory_unavailable",
    "memory_not_found": "not_found",
    "no_match": "not_found",
    "nothing_recent": "nothing_recent",
    "nothing_named": "invalid_arguments",
    "nothing_to_change": "invalid_arguments",
    "redated_ahead": "invalid_arguments",
    "impossible_date": "invalid_arguments",
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


# What is said for a key with no message of its own, by the kind of error
# ("by_kind").
_BY_KIND: Final[tuple[tuple[type[OperationError], str], ...]] = (
    (NotFoundError, "not_found"),
    (InvalidRequestError, "invalid"),
    (ForbiddenError, "forbidden"),
    (ConflictError, "conflict"),
    (UnavailableError, "unavailable"),
    (EngineFailureError, "engine_failure"),
)

# Kinds whose action message says exactly what is wrong with the request
# (which field and why, which id): the model is told it as the action does.
_SAID_AS_ACTION: Final = (InvalidRequestError, NotFoundError)


def explain(
    err: OperationError,
    words: PromptWords = ENGLISH,
    hass: HomeAssistant | None = None,
) -> ToolError:
    """The code and sentence Assist gives for an operation error, in `words`'
    language: the model's own instruction where prompts.<language>.json
    has one, else what the action says of it (in Home Assistant's language,
    the one `words` are chosen by: tools speak in it), else by its kind."""
    if isinstance(err, EngineFailureError):
        LOGGER.warning("Memory could not do that: %s", err.placeholders["error"])
    key = err.translation_key
    code = _EXPLAINED.get(key, key)
    if key == "private_needs_owner" and err.problem is not None:
        # The engine refused: the memory (not the caller) has no owner.
        return ToolError("invalid_arguments", reasons.reason(hass, err.problem))
    if key in words.table["errors"]:
        # Its time by date in the words' language, as the model is told it.
        worded = reasons.worded(hass, err, words.language, name_fields=False)
        return ToolError(code, words.say("errors", key, **worded))
    if isinstance(err, _SAID_AS_ACTION):
        # An LLM tool's argument keeps its name: the model calls it so.
        worded = reasons.worded(hass, err, name_fields=False)
        if (said := reasons.message(hass, key, worded)) is not None:
            return ToolError(code, said)
    kind = next(key for kind, key in _BY_KIND if isinstance(err, kind))
    return ToolError(code, str(words.table["errors"]["by_kind"][kind]))
