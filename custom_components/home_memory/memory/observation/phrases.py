"""The words the home writes in, one JSON file per language (phrases.*.json).

Observed memories follow Home Assistant's language: the adapter passes
`hass.config.language` and the narrator and the faithfulness check read the
same tables, so what one writes the other can read back. A language without a
file falls back to English. Numbers, clock times and durations are built from
small tables in the files (docs/engine.md, "Observation": why not babel).
`phrases.keywords.json` holds the words that recognise beds, seats, outside doors and
bathrooms by name or area, in every language at once (a home's names need
not be in its interface language).
"""

from __future__ import annotations

from dataclasses import dataclass
import json
from pathlib import Path
import re
from typing import TYPE_CHECKING, Any, Final

from ..common.languages import base_language

if TYPE_CHECKING:
    import random

_FOLDER: Final = Path(__file__).parent
DEFAULT_LANGUAGE: Final = "en"
LANGUAGES: Final = ("en", "de")
# Clock times are told to the nearest five minutes.
CLOCK_STEP_MIN: Final = 5


def language_of(language: str | None) -> str:
    """The phrase file for a Home Assistant language ("de-CH" -> "de")."""
    base = base_language(language, DEFAULT_LANGUAGE)
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


@dataclass(frozen=True, slots=True)
class Phrases:
    """One language's tables, with the helpers that turn numbers into words."""

    language: str
    table: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        """A raw entry of the file."""
        return self.table[key]

    def pick(self, key: str, rng: random.Random) -> str:
        """One of the alternatives a file gives for `key` (a string or a list)."""
        value = self.table[key]
        return value if isinstance(value, str) else str(rng.choice(value))

    def scene(
        self, key: str, rng: random.Random, *, plural: bool = False, **values: str
    ) -> str:
        """A scene sentence ("{who} came home {time}"), filled in; `plural`:
        of several people, in the verb forms `scenes_plural` gives where the
        language has its own ("Anna und Ben kamen", not "kam")."""
        forms = self.table.get("scenes_plural", {}) if plural else {}
        value = forms.get(key, self.table["scenes"][key])
        template = value if isinstance(value, str) else str(rng.choice(value))
        return template.format(**values)

    def number(self, value: int) -> str:
        """0-99 in words; larger numbers as digits."""
        numbers: list[str] = self.table["numbers"]
        if value < len(numbers):
            return numbers[value]
        if value >= 100:
            return str(value)
        tens, ones = divmod(value, 10)
        tens_word = self.table["tens"][tens]
        if not ones:
            return str(tens_word)
        ones_word = self.table["compound_ones"].get(str(ones), numbers[ones])
        return str(self.table["compound"]).format(tens=tens_word, ones=ones_word)

    def hour(self, hour: int, *, alone: bool) -> str:
        """An hour as said: "midnight" or "noon" alone, else 1-12 in words."""
        hour %= 24
        if alone and (name := self.table["hour_names"].get(str(hour))):
            return str(name)
        twelve = (hour % 12) or 12
        return str(self.table["hour_numbers"].get(str(twelve), self.number(twelve)))

    def clock(self, hour: int, minute: int, second: int = 0) -> str:
        """A time to the nearest five minutes: "twenty past seven"."""
        step = CLOCK_STEP_MIN * 60
        total = step * round((hour * 3600 + minute * 60 + second) / step) // 60
        hour, minute = divmod(total, 60)
        template = str(self.table["clock"][str(minute)])
        return template.format(
            hour=self.hour(hour, alone=minute == 0),
            next=self.hour(hour + 1, alone=False),
        )

    def duration(self, seconds: float) -> str:  # noqa: PLR0911 - one per unit
        """A real length of time: "for about twenty minutes" (see `duration_bounds`)."""
        words = self.table["duration"]
        if seconds < 10:
            return str(words["moment"])
        if seconds < 60:
            return str(words["seconds"])
        minutes = round(seconds / 60)
        if minutes <= 1:
            return str(words["minute"])
        if minutes <= 10:
            return str(words["minutes"]).format(n=self.number(minutes))
        if seconds < 55 * 60:
            five = 5 * round(seconds / 300)
            return str(words["minutes"]).format(n=self.number(five))
        if seconds < 75 * 60:
            return str(words["hour"])
        if seconds < 105 * 60:
            return str(words["hour_and_half"])
        return str(words["hours"]).format(n=self.number(round(seconds / 3600)))

    def times(self, count: int) -> str:
        """How often: "once", "twice", "five times"."""
        words = self.table["times"]
        if str(count) in words:
            return str(words[str(count)])
        return str(words["n"]).format(n=self.number(count))

    def join(self, items: list[str]) -> str:
        """ "a", "a and b", "a, b, and c"."""
        if len(items) <= 1:
            return "".join(items)
        if len(items) == 2:
            return items[0] + str(self.table["and"]) + items[1]
        return (
            str(self.table["list_sep"]).join(items[:-1])
            + str(self.table["list_last"])
            + items[-1]
        )

    @property
    def first_person(self) -> re.Pattern[str]:
        """What shows a text is in the first person."""
        return re.compile(self.table["first_person"])


def _read(name: str) -> Any:
    return json.loads((_FOLDER / name).read_text(encoding="utf-8"))


# Every table, read once when the module is imported (Home Assistant imports
# an integration off the event loop): narrating, checking and searching never
# touch a file, so they may run on the event loop (issue: a blocking read_text
# on the loop at the first observed memory, new-user review s16).
_PHRASES: Final = {
    code: Phrases(code, _read(f"phrases.{code}.json")) for code in LANGUAGES
}
_KEYWORDS: Final = {
    key: tuple(words) for key, words in _read("phrases.keywords.json").items()
}


def phrases(language: str | None = DEFAULT_LANGUAGE) -> Phrases:
    """The tables of a language (read when the module was imported)."""
    return _PHRASES[language_of(language)]


def lead_ins(language: str | None = DEFAULT_LANGUAGE) -> tuple[str, ...]:
    """The words a narration's later sentences open with ("Before that, ",
    "Davor: "): said alone, a sentence has nothing before it to refer to.
    `language`'s first, then every other language's: an English home's
    narration may be read in a German conversation."""
    first = language_of(language)
    codes = (first, *(code for code in LANGUAGES if code != first))
    return tuple(
        said
        for code in codes
        for key in ("also", "also_same_time", "also_before")
        for said in phrases(code)[key]
        if str(said).strip()
    )


def without_opening(text: str, language: str | None = DEFAULT_LANGUAGE) -> str:
    """`text` without the day its narration opens with ("It was Tuesday
    morning, and I saw that Anna woke up …" -> "I saw that Anna woke up
    …"): an answer that says the day first would say it twice (review
    s30b L2). Every language's openings are tried, `language`'s first: an
    English home's narration may be read in a German conversation. Any
    other text as it is."""
    first = language_of(language)
    codes = (first, *(code for code in LANGUAGES if code != first))
    for opening in (shape for code in codes for shape in _OPENINGS[code]):
        if (found := opening.match(text)) is not None and found["rest"].strip():
            told = found["rest"]
            return told[:1].upper() + told[1:]
    return text


def _openings(language: str) -> tuple[re.Pattern[str], ...]:
    """A narration's openings ("It was {day}, and {lead}{clause}"), each
    as a pattern whose `rest` is the lead and the clause."""
    table = phrases(language)
    leads = "|".join(re.escape(str(lead)) for lead in table["leads"])
    patterns = []
    for opening in table["openings"]:
        head = str(opening).partition("{lead}{clause}")[0]
        day = re.escape(head).replace(re.escape("{day}"), r"[^.:;!?]+?")
        patterns.append(re.compile(f"{day}(?P<rest>(?:{leads}).+)", re.DOTALL))
    return tuple(patterns)


_OPENINGS: Final = {code: _openings(code) for code in LANGUAGES}


def keywords() -> dict[str, tuple[str, ...]]:
    """Words that recognise beds, seats, outside doors and bathrooms."""
    return _KEYWORDS


def names_one_of(kind: str, *texts: str | None) -> bool:
    """Whether any of the texts (a name, an area) contains a word of `kind`."""
    words = keywords()[kind]
    for text in texts:
        if not text:
            continue
        folded = text.casefold()
        tokens = set(re.findall(r"[\w-]+", folded))
        for word in words:
            if (" " in word and word in folded) or word in tokens:
                return True
            # German compounds: "Haustür", "Badezimmer", "Schlafzimmerbett".
            if len(word) >= 4 and any(
                token.startswith(word) or token.endswith(word) for token in tokens
            ):
                return True
    return False
