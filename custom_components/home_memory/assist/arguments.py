"""The argument rules of the LLM tools and the sentences' slots.

Home Assistant neither validates tool arguments nor applies defaults
(docs/home-assistant.md, "Tool arguments are not validated"), so each tool
validates its own, strictly: wrong types, empty or oversized text and NUL
characters are refused before anything runs. Sentences validate their
wildcard slots with the same rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import probatio as vol

from ..memory.common.errors import Problem
from ..memory.common.values import MemoryKind, Visibility
from ..memory.store import MAX_CONTENT_CHARS, MAX_LABEL_CHARS
from ..operations.schemas import MOMENT, Refused, checked_number, checked_text

if TYPE_CHECKING:
    from collections.abc import Callable

MAX_QUERY_CHARS: Final = 1_000
MAX_TAGS: Final = 10
MAX_TOKEN_CHARS: Final = 64
MAX_EXPIRY_DAYS: Final = 3650
# Kinds a person can ask to remember (observations come from the house).
SPOKEN_KINDS: Final = tuple(
    kind.value for kind in MemoryKind if kind is not MemoryKind.OBSERVATION
)


def text(max_chars: int, *, multiline: bool = False) -> vol.All[str]:
    """Text as every surface checks it (operations/schemas.py).

    No NUL, control characters or lone surrogates, bounded length, not empty
    after trimming. `str` and Length stay for the JSON schema that LLM
    providers are given.
    """
    return vol.All(
        str,
        checked_text(max_chars, multiline=multiline),
        vol.Length(min=1, max=max_chars),
    )


def integer(minimum: int, maximum: int) -> vol.All[int]:
    """A whole number in range; JSON true (an int to Python) is refused first."""
    return vol.All(
        checked_number(minimum, maximum, integer=True),
        int,
        vol.Range(min=minimum, max=maximum),
    )


def exactly_one(*keys: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Refuse arguments that give none or several of `keys`."""

    def check(value: dict[str, Any]) -> dict[str, Any]:
        if sum(key in value for key in keys) != 1:
            listed = ", ".join(keys)
            raise Refused(
                Problem(
                    "exactly_one", f"give exactly one of {listed}", {"keys": listed}
                )
            )
        return value

    return check


QUERY = text(MAX_QUERY_CHARS, multiline=True)
CONTENT = text(MAX_CONTENT_CHARS, multiline=True)
# Length first: a list of millions of tags is refused without checking each.
TAGS = vol.All(vol.Length(max=MAX_TAGS), [text(MAX_LABEL_CHARS)])
IMPORTANCE = vol.All(checked_number(0, 1), vol.Any(int, float), vol.Range(min=0, max=1))
KIND = vol.In(list(SPOKEN_KINDS))
VISIBILITY = vol.In([visibility.value for visibility in Visibility])
EXPIRES_IN_DAYS = integer(1, MAX_EXPIRY_DAYS)
MEMORY_ID = text(MAX_LABEL_CHARS)
TOKEN = text(MAX_TOKEN_CHARS)

# An ISO date or date and time (a recall's window).
MOMENT_TEXT: Final = vol.All(str, MOMENT)
# When something happened: ISO, or time words the operation reads.
WHEN_TEXT: Final = text(64)
