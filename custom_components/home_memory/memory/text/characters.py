"""Which characters are text: the one rule for what is stored and what is quoted.

A character that shows nothing, or steers how the text around it is shown,
can carry words nobody sees: Unicode tag characters (U+E0000-U+E007F) spell
out ASCII that language models read as instructions, and a run of variation
selectors can encode any bytes after one emoji. So a character is *hidden*
when

- its general category is Cc (controls; tab, newline and carriage return
  are text only in multiline fields), Cf (format: zero-width spaces and
  joiners, direction marks and controls, U+061C, U+180E, U+FFF9-U+FFFB, the
  soft hyphen, the byte order mark, the tag characters), Co (private use),
  Cs (surrogates), Cn (unassigned, and the noncharacters), Zl or Zp (the
  line and paragraph separators U+2028, U+2029);
- or it is a filler that is drawn blank although it is a letter or a mark
  (U+034F, U+115F, U+1160, U+17B4, U+17B5, U+3164, U+FFA0);
- or it is a variation selector that does not directly follow a character
  whose look it can choose: one selector chooses how the character before it
  looks ("❤️"), a second one chooses nothing, and after an ordinary letter
  or digit a run of them could spell bytes nobody sees. U+FE0E and U+FE0F
  (text or emoji look) may follow a symbol, a punctuation mark or a keycap
  base (0-9, #, *); U+FE00-U+FE0D a symbol or a letter of a script without
  letter case (CJK, Myanmar, ...); U+E0100-U+E01EF (ideographic variants) a CJK
  ideograph; U+180B-U+180D and U+180F a Mongolian letter;
- or it is U+200D ZERO WIDTH JOINER anywhere but between two emoji
  (a symbol, optionally with its skin tone or selector, before it, a
  symbol after it: "👩‍🚀").

Validation refuses text with a hidden character (validation.text_problem,
every surface and the engine's own writes); quoting (quoting.flatten) turns
each one into a space. Text stored before this rule is quoted by it too.
No Home Assistant imports.
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
    return unicodedata.category(char) in _HIDDEN_CATEGORIES


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
