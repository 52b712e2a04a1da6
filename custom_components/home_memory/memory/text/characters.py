"""Which characters are text: the one rule for what is stored and what is quoted.

A character that shows nothing, or steers how the text around it is shown,
can carry words nobody sees (tag characters, runs of variation selectors).
Validation refuses text holding such a *hidden* character; quoting turns each
one into a space. The rule, character by character: docs/engine.md, "Hidden
characters". No Home Assistant imports.
"""

from __future__ import annotations

import re
from typing import Final
import unicodedata

_HIDDEN_CATEGORIES: Final = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
# Letters and marks that are drawn as nothing (Hangul fillers, the combining
# grapheme joiner, Khmer's inherent vowels).
BLANK_FILLERS: Final = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0")
LINE_BREAKS: Final = frozenset("\t\n\r")
# Keycap bases: "1️⃣" is a digit, U+FE0F and U+20E3.
_KEYCAPS: Final = frozenset("0123456789#*")
ZERO_WIDTH_JOINER: Final = "\u200d"
# Inside a word they are spelling: ZERO WIDTH NON-JOINER (Persian, Indic
# scripts) and the soft hyphen ("Donau\u00addampf\u00adschiff").
_WITHIN_WORD: Final = frozenset("\u200c\u00ad")
# LRM, RLM, ALM: a lone one beside a Hebrew or Arabic letter places the
# punctuation around it; a run of them carries nothing a reader needs.
_DIRECTION_MARKS: Final = frozenset("\u200e\u200f\u061c")
# Categories a variation selector may follow: what is drawn.
_VISIBLE_CATEGORIES: Final = frozenset(
    {"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No"}
    | {"Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So"}
)
# Plain ASCII needs no lookups: only its controls are hidden.
_ASCII_CONTROL: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_ASCII_CONTROL_ONE_LINE: Final = re.compile("[\x00-\x1f\x7f]")


def is_variation_selector(char: str) -> bool:
    """U+FE00-U+FE0F, U+E0100-U+E01EF and the Mongolian ones."""
    code = ord(char)
    return (
        0xFE00 <= code <= 0xFE0F
        or 0xE0100 <= code <= 0xE01EF
        or 0x180B <= code <= 0x180D
        or code == 0x180F
    )


def _drawn(char: str) -> bool:
    """A character that shows something (not blank, not itself a selector)."""
    return (
        unicodedata.category(char) in _VISIBLE_CATEGORIES
        and char not in BLANK_FILLERS
        and not is_variation_selector(char)
    )


def _selects(selector: str, base: str) -> bool:
    """Whether `selector` may choose the look of `base` (the rule above)."""
    if not _drawn(base):
        return False
    code, category = ord(selector), unicodedata.category(base)
    if code in (0xFE0E, 0xFE0F):
        return category in {"So", "Sk", "Sm"} or category[0] == "P" or base in _KEYCAPS
    if 0xFE00 <= code <= 0xFE0D:
        return category in {"So", "Sm", "Lo"}
    if 0xE0100 <= code <= 0xE01EF:
        return unicodedata.name(base, "").startswith("CJK ")
    return 0x1820 <= ord(base) <= 0x18AA  # Mongolian letters


def _joins_emoji(text: str, at: int) -> bool:
    """The joiner at `at` stands between two emoji ("👩‍🚀", "❤️‍🔥")."""
    before = at - 1
    if before >= 0 and is_variation_selector(text[before]):
        before -= 1
    if before >= 0 and unicodedata.category(text[before]) == "Sk":
        before -= 1  # a skin tone modifier after the emoji
    return (
        before >= 0
        and at + 1 < len(text)
        and unicodedata.category(text[before]) == "So"
        and unicodedata.category(text[at + 1]) == "So"
    )


def hidden_at(text: str, at: int, *, multiline: bool = False) -> bool:
    """Whether `text[at]` is hidden by the rule above."""
    char = text[at]
    if char in LINE_BREAKS:
        return not multiline
    if char in BLANK_FILLERS:
        return True
    if is_variation_selector(char):
        return at == 0 or not _selects(char, text[at - 1])
    if char == ZERO_WIDTH_JOINER:
        return not _joins_emoji(text, at)
    if char in _WITHIN_WORD or char in _DIRECTION_MARKS:
        return not _writes(text, at)
    return unicodedata.category(char) in _HIDDEN_CATEGORIES


def _writes(text: str, at: int) -> bool:
    """A non-joiner or soft hyphen inside a word, or a lone direction mark
    beside a right-to-left letter: writing, not hiding."""
    around = [text[n] for n in (at - 1, at + 1) if 0 <= n < len(text)]
    if text[at] in _WITHIN_WORD:
        return len(around) == 2 and all(_in_word(c) for c in around)
    return not any(c in _DIRECTION_MARKS for c in around) and any(
        unicodedata.bidirectional(c) in {"R", "AL"} and _drawn(c) for c in around
    )


def _in_word(char: str) -> bool:
    """A letter or a mark that is drawn: what a word is spelled with."""
    return unicodedata.category(char)[0] in "LM" and _drawn(char)


def has_hidden(text: str, *, multiline: bool = False) -> bool:
    """Whether `text` holds a hidden character (multiline: tab and breaks are text)."""
    if text.isascii():
        pattern = _ASCII_CONTROL if multiline else _ASCII_CONTROL_ONE_LINE
        return pattern.search(text) is not None
    return any(hidden_at(text, at, multiline=multiline) for at in range(len(text)))


def without_hidden(text: str, replacement: str = " ") -> str:
    """`text` with every hidden character (line breaks too) as `replacement`."""
    if text.isascii():
        return _ASCII_CONTROL_ONE_LINE.sub(replacement, text)
    return "".join(
        replacement if hidden_at(text, at) else char for at, char in enumerate(text)
    )


def visible_text(text: str) -> str:
    """`text` on one line with its hidden characters as spaces, runs of space
    as one: for text the engine writes from names it did not choose (an
    entity named with an icon or a stray joiner), which validation would
    otherwise refuse."""
    return " ".join(without_hidden(text).split())


def without_invisible(text: str) -> str:
    """`text` without the characters drawn as nothing that text may hold
    (a soft hyphen or non-joiner inside a word, a direction mark, a joiner,
    a variation selector): words read as they show ("priva\u00adtely" is
    "privately": live review s42, its private words were not read)."""
    if text.isascii():
        return text
    return "".join(
        char
        for char in text
        if unicodedata.category(char) != "Cf" and not is_variation_selector(char)
    )
