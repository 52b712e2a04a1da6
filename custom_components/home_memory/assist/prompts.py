"""What the memory tells an LLM agent, in Home Assistant's language.

Every word an agent's model gets from Home Memory (the instructions in its
system prompt, the headers and lines of the per-turn background, the tools'
descriptions, result messages and error messages) is in
`prompts.<language>.json` beside this module, read once at import (Home
Assistant imports an integration off the event loop), so prompts are built
anywhere, the event loop included. The language is Home Assistant's
(`hass.config.language`; "de-CH" takes "de"); a language without a file gets
English. Tool and argument names stay as they are: the model calls them so.
Why files of our own and not Home Assistant's translations: docs/languages.md.
"""

from __future__ import annotations

from dataclasses import dataclass
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from ..memory.text.quoting import DATA_OPEN

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

_FOLDER: Final = Path(__file__).parent
FALLBACK_LANGUAGE: Final = "en"


@dataclass(frozen=True, slots=True)
class PromptWords:
    """One language's words for an agent's model."""

    language: str
    table: dict[str, Any]

    def say(self, section: str, key: str, **values: object) -> str:
        """The text `key` of `section` with its {names} filled in (values are
        never parsed: a memory's text may hold braces)."""
        return str(self.table[section][key]).format_map(values)

    def tool(self, tool: str) -> dict[str, str]:
        """A tool's description ("description") and its arguments' by name."""
        return dict(self.table["tools"][tool])

    @property
    def assist_prompt(self) -> str:
        """The instructions for agents with the Assist API."""
        return self._with_background("assist")

    @property
    def api_prompt(self) -> str:
        """The instructions for agents with the Home Memory API selected."""
        return self._with_background("api")

    def _with_background(self, key: str) -> str:
        use = self.table["prompt"]["use_background"]
        return self.say("prompt", key, use_background=use)


_WORDS: Final[dict[str, PromptWords]] = {
    path.name.split(".")[1]: PromptWords(
        path.name.split(".")[1], json.loads(path.read_text("utf-8"))
    )
    for path in sorted(_FOLDER.glob("prompts.*.json"))
}
ENGLISH: Final = _WORDS[FALLBACK_LANGUAGE]


def prompt_words(language: str | None) -> PromptWords:
    """The words for a Home Assistant language ("de-CH" takes "de"; else English)."""
    tag = (language or FALLBACK_LANGUAGE).replace("_", "-").casefold()
    for candidate in (tag, tag.split("-", 1)[0]):
        if candidate in _WORDS:
            return _WORDS[candidate]
    return ENGLISH


def household_words(hass: HomeAssistant) -> PromptWords:
    """The words for the household: Home Assistant's configured language."""
    return prompt_words(hass.config.language)


# The English texts under their old names (tests and docs refer to them).
ASSIST_PROMPT: Final = ENGLISH.assist_prompt
API_PROMPT: Final = ENGLISH.api_prompt
UNAVAILABLE_PROMPT: Final = ENGLISH.say("prompt", "unavailable")

# How the question about pending proposals opens, in every language.
PROPOSAL_QUESTION_OPENINGS: Final = tuple(
    words.say("background", "proposal_opening") for words in _WORDS.values()
)


def carries_memory(prompt: str) -> bool:
    """True when `prompt` quotes memory: background, past messages or proposals.

    Every memory and past message is quoted between the data delimiters, each
    on a line of its own (memory/text/quoting.py `data_block`; the instructions
    name them only within a sentence); a proposal question opens the same way
    each time (in any language: Home Assistant's may have changed). Such a
    prompt is right only for the turn it was built for.
    """
    return f"\n{DATA_OPEN}\n" in prompt or any(
        opening in prompt for opening in PROPOSAL_QUESTION_OPENINGS
    )
