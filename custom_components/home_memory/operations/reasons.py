"""Why a request was refused, in the household's language, from one source.

A `Problem` (memory/common/errors.py) names a refusal's reason by a code;
its words are the translations' "common" problem_<code> (hassfest takes no
top-level section of our own), the one source every surface says a reason
from: an action's and the panel's translated error (`invalid_field`,
`invalid_memory`) and an LLM tool's error result (review s37). A field is
named as the called action's form names it, else by the translations'
common field_<field> (the engine's own), else as all actions' forms do.

The words are Home Assistant's cached translations (loaded with the
integration for its language, and for the sentences' languages by
`async_load_languages` at setup): read on the event loop, no I/O.
"""

from __future__ import annotations

from contextlib import suppress
from functools import partial
import re
from typing import TYPE_CHECKING, Final

from homeassistant.core import HomeAssistant, async_get_hass_or_none, callback
from homeassistant.helpers.translation import (
    async_get_cached_translations,
    async_get_translations,
)

from ..const import DOMAIN, TRANSLATIONS_COMMON
from ..memory.common.errors import Problem
from . import when

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping

    from .errors import OperationError

# A reason's words: the translations' "common" problem_<code>.
PROBLEM_PREFIX: Final = f"component.{DOMAIN}.{TRANSLATIONS_COMMON}.problem_"
# The field of a reason about an import file's line as a whole.
WHOLE_LINE: Final = "line"
# What is said of a reason the translations do not name: its English
# message as the detail ("ist ungültig (invalid boolean value maybe)"), or,
# without one, only that it is not valid.
_ANY_PROBLEM: Final = "invalid"
_ANY_PROBLEM_BECAUSE: Final = "invalid_because"
# A reason's values that are numbers (memory/text/validation.py writes them
# "0.05"), said with the language's decimal separator (translations' common
# decimal_separator: German writes 0,05).
_NUMBERS: Final = frozenset({"minimum", "maximum", "limit"})
_DECIMAL: Final = re.compile(r"-?\d+\.\d+")
_SEPARATOR: Final = f"component.{DOMAIN}.{TRANSLATIONS_COMMON}.decimal_separator"


def _language(hass: HomeAssistant, language: str | None) -> str:
    return language or hass.config.language


def _filled(template: str, values: Mapping[str, str]) -> str:
    with suppress(KeyError, IndexError, ValueError):
        return template.format(**values)
    return template


@callback
def reason(
    hass: HomeAssistant | None, problem: Problem, language: str | None = None
) -> str:
    """`problem` said in `language` (None: Home Assistant's), e.g. "darf nicht
    leer sein"; its English message where no Home Assistant runs.

    A reason without words of its own (an engine's or a validator's not
    named in the translations) keeps its English message as the detail:
    "is not valid" alone said nothing of what to fix (review s38).
    """
    if hass is None:
        return problem.message
    strings = async_get_cached_translations(
        hass, _language(hass, language), TRANSLATIONS_COMMON, DOMAIN
    )
    values = _numbers_in(problem.values, strings.get(_SEPARATOR) or ".")
    template = (
        strings.get(PROBLEM_PREFIX + problem.code)
        if problem.code != _ANY_PROBLEM
        else None
    )
    if not template and problem.message:
        template = strings.get(PROBLEM_PREFIX + _ANY_PROBLEM_BECAUSE)
        values = {"detail": problem.message}
    elif not template:
        template = strings.get(PROBLEM_PREFIX + _ANY_PROBLEM)
    if not template:  # translations not loaded (yet): the English message
        return problem.message
    return _filled(template, values)


def _numbers_in(values: Mapping[str, str], separator: str) -> Mapping[str, str]:
    """`values` with their decimal numbers written with `separator`."""
    if separator == ".":
        return values
    return {
        name: value.replace(".", separator)
        if name in _NUMBERS and _DECIMAL.fullmatch(value)
        else value
        for name, value in values.items()
    }


@callback
def field_name(
    hass: HomeAssistant | None,
    field: str,
    language: str | None = None,
    *,
    action: str | None = None,
) -> str:
    """`field` named in `language` ("Inhalt" for content): as `action`'s form
    names it ("ids" is "Memory IDs" in forget, "Proposal IDs" in
    confirm_proposals); else as the translations' common field_<field>
    names it (a field of the engine's or several actions'); else as the
    actions' forms all name it; else the field itself (the panel's own)."""
    if hass is None:
        return field
    language = _language(hass, language)
    services = async_get_cached_translations(hass, language, "services", DOMAIN)
    prefix = f"component.{DOMAIN}.services."
    suffix = f".fields.{field}.name"
    if action is not None and (named := services.get(prefix + action + suffix)):
        return named
    common = async_get_cached_translations(hass, language, TRANSLATIONS_COMMON, DOMAIN)
    if named := common.get(f"component.{DOMAIN}.{TRANSLATIONS_COMMON}.field_{field}"):
        return named
    names = {name for key, name in services.items() if key.endswith(suffix)}
    return names.pop() if len(names) == 1 else field


@callback
def worded(
    hass: HomeAssistant | None,
    err: OperationError,
    language: str | None = None,
    *,
    name_fields: bool = True,
    action: str | None = None,
) -> dict[str, str]:
    """The placeholders of `err` with its reason (and field) in words, and
    a time it says by date said in `language` (review s40 D4: a German
    home heard "… nicht in the week of Monday 7 December sein").

    `name_fields`: the field as a form names it (`action`'s, when an
    action was called); else as given (an LLM tool's argument, which the
    model calls by its name).
    """
    values = dict(err.placeholders)
    if err.window is not None and hass is not None:
        values["time"] = when.said_by_date(hass, err.window, _language(hass, language))
    named = (
        partial(field_name, hass, language=language, action=action)
        if name_fields
        else None
    )
    if err.lines:
        values["errors"] = "; ".join(
            _in_line(hass, number, field, problem, language, named)
            for number, field, problem in err.lines
        )
    if err.problem is not None:
        values["error"] = reason(hass, err.problem, language)
        if named is not None and "field" in values:
            values["field"] = named(values["field"])
    return values


def _in_line(
    hass: HomeAssistant | None,
    number: int,
    field: str,
    problem: Problem,
    language: str | None,
    named: Callable[[str], str] | None,
) -> str:
    """One bad line of a file: "Zeile 3: Inhalt fehlt", "Zeile 4 ist kein
    gültiges JSON" (the line as a whole)."""
    if field == WHOLE_LINE:
        whole = Problem(
            "line_is",
            f"line {number} {problem.message}",
            {"number": str(number), "error": reason(hass, problem, language)},
        )
        return reason(hass, whole, language)
    line = Problem(
        "in_line",
        f"line {number}: {field}: {problem.message}",
        {
            "number": str(number),
            "field": field if named is None else named(field),
            "error": reason(hass, problem, language),
        },
    )
    return reason(hass, line, language)


@callback
def message(
    hass: HomeAssistant | None,
    key: str,
    placeholders: Mapping[str, str],
    language: str | None = None,
) -> str | None:
    """The translated message of exception `key` (strings.json
    "exceptions") in `language`, filled; None when there is none."""
    if hass is None:
        return None
    strings = async_get_cached_translations(
        hass, _language(hass, language), "exceptions", DOMAIN
    )
    template = strings.get(f"component.{DOMAIN}.exceptions.{key}.message")
    if not template:
        return None
    return _filled(template, placeholders)


async def async_load_languages(hass: HomeAssistant, languages: Iterable[str]) -> None:
    """Load the translations of `languages` (the sentences'), as Home
    Assistant loads only its own language's: a sentence's refusal is said
    in its language, and `reason` and `message` read only what is cached
    (review s38: a German sentence in an English home was German only
    after a German frontend had asked for the words)."""
    for language in languages:
        await async_get_translations(hass, language, TRANSLATIONS_COMMON, [DOMAIN])


@callback
def current_hass() -> HomeAssistant | None:
    """The running Home Assistant, for a check that is not handed it (an
    action's schema, run by Home Assistant on the event loop)."""
    return async_get_hass_or_none()
