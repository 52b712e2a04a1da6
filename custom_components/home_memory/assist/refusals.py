"""What a memory sentence says when it does not do what was asked, and
that it did not.

A refusal is an error response, as Home Assistant's own intents give one
(`IntentResponse.async_set_error`): its `response_type` is `error`, its
code says why (`error_code`), and its speech is the sentence files' answer
in the conversation's language (review s40 D5: "That was told as done, so
it cannot be tomorrow" came back as `action_done`). An answer to a question
that finds nothing ("I don't remember anything about that") is an answer,
not a refusal.

`error_speech` is the one mapping of an operation's error to speech;
`RefusedError` (errors.py) is a refusal a handler says itself ("There is
nothing waiting for a yes").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from homeassistant.helpers.intent import IntentResponseErrorCode

from ..operations import reasons
from ..operations.errors import ConflictError, NotFoundError, OperationError
from .errors import ToolError, explain
from .prompts import prompt_words

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from .sentence_files import Wording

# Error codes with an answer of their own in the sentence files.
_SPOKEN_ERRORS: Final = frozenset(
    {
        "memory_unavailable",
        "read_only_user",
        "not_found",
        "nothing_recent",
        "invalid_token",
        "private_needs_user",
        "not_owner",
    }
)

# A refusal's reason (Problem.code) -> the answer that says it
# (`refused_<answer>`), where it is not its own.
_REFUSED_AS: Final = {
    "not_text": "unreadable",
    "nul": "unreadable",
    "not_unicode": "unreadable",
    "hidden": "unreadable",
    "no_words": "empty",
}

# Tool codes that say nothing was found to act on (as NotFoundError does).
_NOTHING_FOUND: Final = frozenset({"not_found", "nothing_recent"})


def error_code(err: OperationError | ToolError) -> IntentResponseErrorCode:
    """The error response's code for a failed operation: what it names is
    not there (no memory matches, none was talked about) is no valid
    target, as Home Assistant's intents say of a name no entity has; any
    other refusal or failure is a failure to handle."""
    if isinstance(err, NotFoundError) or (
        isinstance(err, ToolError) and err.code in _NOTHING_FOUND
    ):
        return IntentResponseErrorCode.NO_VALID_TARGETS
    return IntentResponseErrorCode.FAILED_TO_HANDLE


def error_speech(
    err: OperationError | ToolError, words: Wording, hass: HomeAssistant | None = None
) -> str:
    """What is said when a sentence fails (the one mapping of the sentences).

    Said to a person, in the conversation's language: the sentence files'
    answers, never the words an LLM is told (review s37: the loser of two
    corrections at once heard "Ask the user again"). The engine's refusal of
    a memory is said by its reason's answer (`refused_<reason>`, else
    `refused_other` with the reason in words); a change that lost a race by
    `error_conflict`; a refusal with a sentence of its own by it
    (`error_<translation_key>`: a time refused); anything else by the
    action's message.
    """
    # A refusal with a sentence of its own (error_<translation_key>): its values.
    own: dict[str, str] | None = None
    if isinstance(err, ToolError):
        code, message = err.code, err.message
    elif err.translation_key == "invalid_memory" and err.problem is not None:
        problem = err.problem
        key = f"refused_{_REFUSED_AS.get(problem.code, problem.code)}"
        if key in words.responses:
            return words.say(key, **problem.values)
        said = reasons.reason(hass, problem, words.language)
        return words.say("refused_other", message=said)
    elif isinstance(err, ConflictError):
        return words.say("error_conflict")
    else:
        worded = reasons.worded(hass, err, words.language)
        # No owner for a private memory: said as a private memory without a
        # known speaker is (the engine's or the request's).
        private = err.translation_key == "private_needs_owner"
        code = (
            "private_needs_user"
            if private
            else explain(err, prompt_words(words.language), hass).code
        )
        if f"error_{err.translation_key}" in words.responses:
            # A refusal with a sentence of its own: said as one, not the
            # action's message that opens with its field's name ("Happened:
            # this was told as done …"; live review s40 LOW-5).
            code, own = err.translation_key, worded
        action = reasons.message(hass, err.translation_key, worded, words.language)
        message = words.say("error_failed") if action is None else action
    if code == "private_needs_user":
        return words.say("private_needs_user")
    if own is not None or code in _SPOKEN_ERRORS:
        return words.say(f"error_{code}", **(own or {}))
    return words.say("error_other", message=message)
