"""What a memory sentence says when it fails, in the conversation's language.

The one mapping of the sentences (`error_speech`); the LLM tools say theirs
through `errors.explain` too (tools.error_result).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..operations import reasons
from ..operations.errors import ConflictError, OperationError
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


def error_speech(
    err: OperationError | ToolError, words: Wording, hass: HomeAssistant | None = None
) -> str:
    """What is said when a sentence fails (the one mapping of the sentences).

    Said to a person, in the conversation's language: the sentence files'
    answers, never the words an LLM is told (review s37: the loser of two
    corrections at once heard "Ask the user again"). The engine's refusal of
    a memory is said by its reason's answer (`refused_<reason>`, else
    `refused_other` with the reason in words); a change that lost a race by
    `error_conflict`; anything else by the action's message.
    """
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
        # No owner for a private memory: said as a private memory without a
        # known speaker is (the engine's or the request's).
        private = err.translation_key == "private_needs_owner"
        code = (
            "private_needs_user"
            if private
            else explain(err, prompt_words(words.language), hass).code
        )
        worded = reasons.worded(hass, err, words.language)
        action = reasons.message(hass, err.translation_key, worded, words.language)
        message = words.say("error_failed") if action is None else action
    if code == "private_needs_user":
        return words.say("private_needs_user")
    if code in _SPOKEN_ERRORS:
        return words.say(f"error_{code}")
    return words.say("error_other", message=message)
