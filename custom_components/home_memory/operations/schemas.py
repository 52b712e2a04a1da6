"""Validation of every action's data.

Each schema checks types, lengths and ranges before the engine is called, and
reports a failure as a translated ServiceValidationError that names the field,
so nothing is written on bad input and the user learns which field to fix.
"""

from __future__ import annotations

import copy
from datetime import date, datetime, time
import re
from typing import TYPE_CHECKING, Any, Final, Self, override

from homeassistant.exceptions import ServiceValidationError
from homeassistant.helpers import config_validation as cv
from homeassistant.util import dt as dt_util
import probatio

from ..const import DOMAIN
from ..memory.common.errors import Problem
from ..memory.common.values import MemoryKind, Origin, Tier, Visibility, WeightClass
from ..memory.store import (
    MAX_CONTENT_CHARS,
    MAX_LABEL_CHARS,
    MAX_LABELS,
    MAX_SUMMARY_CHARS,
)
from ..memory.text.validation import (
    EMPTY_PROBLEM,
    at_least,
    at_most,
    less_than,
    more_than,
    number_problem,
    text_problem,
    too_few,
    too_many,
)
from .errors import InvalidRequestError, refused
from .reasons import current_hass, worded

if TYPE_CHECKING:
    from collections.abc import Callable

# Field names shared by services.py, services.yaml and the translations.
ATTR_ACCESS_LOG: Final = "include_log"
ATTR_ALL_TIERS: Final = "all_tiers"
ATTR_CLASSES: Final = "classes"
ATTR_CLEAR_EXPIRY: Final = "clear_expiry"
ATTR_CONFIRM: Final = "confirm"
ATTR_CONTENT: Final = "content"
ATTR_CONVERSATION_ID: Final = "conversation_id"
ATTR_CREATED_AFTER: Final = "created_after"
ATTR_CREATED_BEFORE: Final = "created_before"
ATTR_EMOTION: Final = "emotion"
# Event time (docs/time.md): a remembered statement's, and the window of
# search and list on it.
ATTR_HAPPENED_AT: Final = "happened_at"
ATTR_HAPPENED_AFTER: Final = "happened_after"
ATTR_HAPPENED_BEFORE: Final = "happened_before"
ATTR_EXPIRES_AT: Final = "expires_at"
ATTR_FORMAT: Final = "format"
ATTR_HISTORY: Final = "include_history"
ATTR_ID: Final = "id"
ATTR_IDS: Final = "ids"
ATTR_IMPORTANCE: Final = "importance"
ATTR_KEEP_OWNERS: Final = "keep_owners"
ATTR_KIND: Final = "kind"
ATTR_KINDS: Final = "kinds"
ATTR_LIMIT: Final = "limit"
ATTR_LOCATION: Final = "location"
ATTR_MIN_IMPORTANCE: Final = "min_importance"
ATTR_MIN_RELEVANCE: Final = "min_relevance"
ATTR_OFFSET: Final = "offset"
ATTR_PATH: Final = "path"
ATTR_PEOPLE: Final = "people"
ATTR_QUERY: Final = "query"
ATTR_SUMMARY: Final = "summary"
ATTR_TAGS: Final = "tags"
ATTR_VISIBILITY: Final = "visibility"
ATTR_WEIGHT_CLASS: Final = "weight_class"

FORMAT_JSONL: Final = "jsonl"
FORMAT_AI_MEMORY: Final = "ai_memory"

MAX_QUERY_CHARS: Final = 1_000
MAX_PATH_CHARS: Final = 4_096
MAX_IDS: Final = 500
# Home Assistant's conversation ids are ULIDs; a caller's own are usually short.
MAX_CONVERSATION_ID_CHARS: Final = 256
MAX_SEARCH_RESULTS: Final = 50
MAX_LIST_PAGE: Final = 500


# Longest field name or error text a translated error repeats.
_MAX_SHOWN_CHARS = 200


def shown(text: object) -> str:
    """Text from a caller made safe to repeat in an error: short, encodable.

    Lone surrogates would make the error itself fail to serialize (to the
    frontend, the log, an LLM), so they are written as escapes.
    """
    value = str(text)
    if len(value) > _MAX_SHOWN_CHARS:
        value = value[: _MAX_SHOWN_CHARS - 1] + "…"
    return value.encode("utf-8", "backslashreplace").decode("utf-8")


class Refused(probatio.Invalid):
    """A value refused for `problem`, which every surface says in the
    household's language (operations/reasons.py)."""

    def __init__(self, problem: Problem, path: list[Any] | None = None) -> None:
        """Refuse for `problem` (its English message for logs)."""
        super().__init__(problem.message, path)
        self.problem = problem


_WRONG_TYPE: Final = Problem("wrong_type", "has the wrong type")
# probatio's own refusals, by kind; a length or a range by its bound
# (`_bounded`); any other is "invalid", with probatio's message.
_PROBATIO_PROBLEMS: Final[tuple[tuple[type[probatio.Invalid], Problem], ...]] = (
    (probatio.RequiredFieldInvalid, Problem("missing", "is missing")),
    (probatio.ExtraKeysInvalid, Problem("not_expected", "is not expected here")),
    (probatio.InInvalid, Problem("not_allowed", "is not one of the allowed values")),
    *(
        (kind, _WRONG_TYPE)
        for kind in (
            probatio.TypeInvalid,
            probatio.DictInvalid,
            probatio.SequenceTypeInvalid,
        )
    ),
)
# probatio's translation keys of a bound missed, and the reason each names
# (review s38: `Length(min=1)` said "has too many entries", a range "is not
# one of the allowed values").
_BOUNDS: Final[dict[str, tuple[str, Callable[[Any], Problem]]]] = {
    "length_min": (
        "min",
        lambda limit: EMPTY_PROBLEM if limit == 1 else too_few(limit),
    ),
    "length_max": ("max", too_many),
    "range_min": ("min", at_least),
    "range_min_exclusive": ("min", more_than),
    "range_max": ("max", at_most),
    "range_max_exclusive": ("max", less_than),
}


def _bounded(err: probatio.Invalid) -> Problem | None:
    """The bound a length or a range missed, as a reason with its limit; a
    value without a length or not comparable has the wrong type."""
    if not isinstance(err, probatio.LengthInvalid | probatio.RangeInvalid):
        return None
    bound, problem = _BOUNDS.get(err.translation_key or "", ("", None))
    limit = (err.placeholders or {}).get(bound)
    if problem is None or not isinstance(limit, int | float):
        return _WRONG_TYPE
    return problem(limit)


def problem_of(err: probatio.Invalid) -> Problem:
    """Why `err` refused a value (the first of several): ours say it, and
    probatio's are told by their kind ("required key not provided": missing)."""
    if isinstance(err, probatio.MultipleInvalid) and err.errors:
        err = err.errors[0]
    if isinstance(err, Refused):
        return err.problem
    if (bounded := _bounded(err)) is not None:
        return bounded
    return next(
        (problem for kind, problem in _PROBATIO_PROBLEMS if isinstance(err, kind)),
        Problem("invalid", str(err.error_message)),
    )


def invalid_field(err: probatio.Invalid) -> InvalidRequestError:
    """The request error `invalid_field` for `err`: the field (its first
    name) and why, the one reading of a refused value for the actions, the
    panel and the LLM tools' arguments."""
    field = str(err.path[0]) if err.path else "data"
    return refused("invalid_field", field, problem_of(err))


class ServiceSchema(probatio.Schema):
    """A schema whose failures are translated ServiceValidationErrors."""

    # The action whose form names a refused field (None: the panel's).
    action: str | None = None

    def for_action(self, action: str) -> Self:
        """This schema as `action` checks its data: a refused field is
        named as that action's form names it (one schema serves forget and
        purge; "ids" are memory ids there, proposal ids in another)."""
        named = copy.copy(self)
        named.action = action
        return named

    @override
    def __call__(self, data: Any, **kwargs: Any) -> Any:
        try:
            return super().__call__(data, **kwargs)
        except probatio.Invalid as err:
            errors = err.errors if isinstance(err, probatio.MultipleInvalid) else [err]
            if unknown := next(
                (
                    one.path[0]
                    for one in errors
                    if isinstance(one, probatio.ExtraKeysInvalid) and len(one.path) == 1
                ),
                None,
            ):
                raise self._unknown_field(unknown) from err
            if any(isinstance(one, probatio.ExclusiveInvalid) for one in errors):
                # The only exclusive group: expires_at against clear_expiry.
                raise ServiceValidationError(
                    translation_domain=DOMAIN, translation_key="expiry_set_and_cleared"
                ) from err
            refused = invalid_field(err)
            raise ServiceValidationError(
                translation_domain=DOMAIN,
                translation_key=refused.translation_key,
                translation_placeholders={
                    name: shown(value)
                    for name, value in worded(
                        current_hass(), refused, action=self.action
                    ).items()
                },
            ) from err

    def _unknown_field(self, name: object) -> ServiceValidationError:
        """A field this schema does not take, named with the ones it does.

        Reported before anything else wrong: `text` for `content` also leaves
        `content` missing, but the unknown name is the mistake to fix.
        """
        fields = ", ".join(_field_names(self.schema))
        if not fields:
            return ServiceValidationError(
                translation_domain=DOMAIN,
                translation_key="unknown_field_none_taken",
                translation_placeholders={"field": shown(name)},
            )
        return ServiceValidationError(
            translation_domain=DOMAIN,
            translation_key="unknown_field",
            translation_placeholders={"field": shown(name), "fields": fields},
        )


def _field_names(schema: Any) -> list[str]:
    """The top-level field names a schema takes, in their order."""
    if isinstance(schema, dict):
        return [str(key) for key in schema]
    if isinstance(schema, probatio.All):
        return [name for part in schema.validators for name in _field_names(part)]
    return []


# -- the shared checks of text and numbers ---------------------------------------
# Every surface (actions here, the LLM tools, sentences, and the coming
# websocket commands) validates with these, so hostile text (lone surrogates,
# NUL and control characters, megabytes) and numbers (huge, NaN, infinite,
# booleans) are refused the same way everywhere, before the engine runs.


def checked_text(
    max_chars: int, *, min_chars: int = 1, multiline: bool = False
) -> Callable[[Any], str]:
    """A validator: a str (no coercion) passing text_problem, trimmed, not empty."""

    def check(value: Any) -> str:
        if (problem := text_problem(value, max_chars, multiline=multiline)) is not None:
            raise Refused(problem)
        value = value.strip()
        if len(value) < min_chars:
            raise Refused(EMPTY_PROBLEM)
        return str(value)

    return check


def checked_number(
    minimum: float, maximum: float, *, integer: bool = False, coerce: bool = False
) -> Callable[[Any], Any]:
    """A validator: a number within the bounds (never bool, NaN or infinite).

    `coerce` accepts numbers written as text (templates render to text).
    """

    def check(value: Any) -> Any:
        if coerce and isinstance(value, str):
            value = _parse_number(value, integer=integer)
        if integer and isinstance(value, float) and value.is_integer() and coerce:
            value = int(value)
        problem = number_problem(value, minimum, maximum, integer=integer)
        if problem is not None:
            raise Refused(problem)
        # Checked before the conversion: float() of a huge int would overflow.
        return value if integer else float(value)

    return check


def _parse_number(value: str, *, integer: bool) -> int | float | str:
    text = value.strip()
    if len(text) > _MAX_NUMBER_CHARS:
        return value  # refused by number_problem as "not a number"
    try:
        return int(text) if integer else float(text)
    except ValueError:
        return value


_MAX_NUMBER_CHARS = 32


def _text(
    max_chars: int, *, min_chars: int = 1, multiline: bool = False
) -> probatio.All[str]:
    """A string (numbers from templates are accepted), checked and trimmed."""
    return probatio.All(
        cv.string,
        checked_text(max_chars, min_chars=min_chars, multiline=multiline),
    )


LABEL = _text(MAX_LABEL_CHARS)
# Every list's length is checked before its elements: a list of millions of
# items is refused at once instead of validated one by one on the event loop.
LABELS = probatio.All(cv.ensure_list, probatio.Length(max=MAX_LABELS), [LABEL])
MEMORY_ID = LABEL
MEMORY_IDS = probatio.All(
    cv.ensure_list, probatio.Length(min=1, max=MAX_IDS), [MEMORY_ID]
)
IMPORTANCE = checked_number(0.0, 1.0, coerce=True)
KIND = probatio.In([kind.value for kind in MemoryKind])
KINDS = probatio.All(cv.ensure_list, probatio.Length(max=MAX_LABELS), [KIND])
WEIGHT_CLASS = probatio.In([cls.value for cls in WeightClass])
WEIGHT_CLASSES = probatio.All(
    cv.ensure_list, probatio.Length(max=MAX_LABELS), [WEIGHT_CLASS]
)
VISIBILITY = probatio.In([visibility.value for visibility in Visibility])
# Optional free-text labels on a memory: empty means "not set".
OPTIONAL_LABEL = _text(MAX_LABEL_CHARS, min_chars=0)


def _moment(value: Any) -> datetime:
    """A date or date-time; without a time zone it is Home Assistant's zone."""
    # Checked before Home Assistant's parser sees it: its C parser (ciso8601)
    # crashes the whole process on a lone surrogate.
    if isinstance(value, str) and text_problem(value, _MAX_MOMENT_CHARS) is not None:
        raise Refused(_NOT_A_MOMENT)
    try:
        moment = cv.datetime(value)
    # A day past its month's end ("2026-02-30 00:00:00") escapes Home
    # Assistant's parser as a ValueError with English words (review s39).
    except probatio.Invalid, ValueError:
        try:
            moment = datetime.combine(cv.date(value), time.min)
        except probatio.Invalid:
            raise Refused(_NOT_A_MOMENT) from None
    try:
        return dt_util.as_utc(moment)
    except OverflowError:
        # Year 1 or 9999 moved across the time zone leaves the calendar.
        raise Refused(Problem("moment_out_of_range", "is out of range")) from None


_MAX_MOMENT_CHARS = 64
_NOT_A_MOMENT: Final = Problem("not_a_moment", "must be a date or a date and time")


def _future(value: datetime) -> datetime:
    if value <= dt_util.utcnow():
        raise Refused(Problem("not_in_future", "must be in the future"))
    return value


MOMENT = probatio.All(probatio.Any(datetime, date, str), _moment)


def _moment_or_words(value: Any) -> datetime | str:
    """A date, a date and time, or time words ("yesterday evening"), which
    the operation reads in the household's language (operations/when.py).
    A date alone stays words: it is that whole day, not its midnight. A
    date and time keeps the offset it was given in (Home Assistant's zone
    without one): its years are checked as given, "1900-01-01T00:00+01:00"
    is in 1900 (review s16)."""
    if isinstance(value, date) and not isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, str) and _DATE_ONLY.fullmatch(value.strip()):
        return value.strip()
    if isinstance(value, str) and text_problem(value, _MAX_MOMENT_CHARS) is not None:
        raise Refused(
            Problem("not_time_words", "must be a date and time or time words")
        )
    try:
        moment: datetime = cv.datetime(value)
    except probatio.Invalid, ValueError:
        return str(checked_text(_MAX_MOMENT_CHARS)(value))
    if moment.tzinfo is None:
        return moment.replace(tzinfo=dt_util.get_default_time_zone())
    return moment


_DATE_ONLY: Final = re.compile(r"-?\d{4}-\d{1,2}-\d{1,2}", re.ASCII)
MOMENT_OR_WORDS = probatio.All(probatio.Any(datetime, date, str), _moment_or_words)


def _count(maximum: int, minimum: int = 0) -> Callable[[Any], Any]:
    return checked_number(minimum, maximum, integer=True, coerce=True)


REMEMBER_SCHEMA = ServiceSchema(
    {
        probatio.Required(ATTR_CONTENT): _text(MAX_CONTENT_CHARS, multiline=True),
        probatio.Optional(ATTR_SUMMARY): _text(MAX_SUMMARY_CHARS, multiline=True),
        probatio.Optional(ATTR_KIND, default=MemoryKind.FACT.value): KIND,
        probatio.Optional(ATTR_WEIGHT_CLASS): WEIGHT_CLASS,
        probatio.Optional(ATTR_IMPORTANCE, default=0.5): IMPORTANCE,
        probatio.Optional(ATTR_PEOPLE, default=list): LABELS,
        probatio.Optional(ATTR_TAGS, default=list): LABELS,
        probatio.Optional(ATTR_LOCATION): OPTIONAL_LABEL,
        probatio.Optional(ATTR_EMOTION): OPTIONAL_LABEL,
        probatio.Optional(
            ATTR_VISIBILITY, default=Visibility.HOUSEHOLD.value
        ): VISIBILITY,
        probatio.Optional(ATTR_EXPIRES_AT): probatio.All(MOMENT, _future),
        probatio.Optional(ATTR_HAPPENED_AT): MOMENT_OR_WORDS,
    }
)

_FILTER_FIELDS: dict[probatio.Marker, Any] = {
    probatio.Optional(ATTR_KINDS, default=list): KINDS,
    probatio.Optional(ATTR_CLASSES, default=list): WEIGHT_CLASSES,
    probatio.Optional(ATTR_TAGS, default=list): LABELS,
    probatio.Optional(ATTR_PEOPLE, default=list): LABELS,
    probatio.Optional(ATTR_HAPPENED_AFTER): MOMENT,
    probatio.Optional(ATTR_HAPPENED_BEFORE): MOMENT,
}

SEARCH_SCHEMA = ServiceSchema(
    {
        probatio.Required(ATTR_QUERY): _text(MAX_QUERY_CHARS, multiline=True),
        probatio.Optional(ATTR_LIMIT, default=10): _count(MAX_SEARCH_RESULTS, 1),
        probatio.Optional(ATTR_OFFSET, default=0): _count(10_000),
        probatio.Optional(ATTR_MIN_RELEVANCE): checked_number(0.0, 1.0, coerce=True),
        **_FILTER_FIELDS,
    }
)

GET_SCHEMA = ServiceSchema(
    {
        probatio.Required(ATTR_ID): MEMORY_ID,
        probatio.Optional(ATTR_HISTORY, default=False): cv.boolean,
    }
)

UPDATE_SCHEMA = ServiceSchema(
    {
        probatio.Required(ATTR_ID): MEMORY_ID,
        probatio.Optional(ATTR_CONTENT): _text(MAX_CONTENT_CHARS, multiline=True),
        probatio.Optional(ATTR_SUMMARY): _text(MAX_SUMMARY_CHARS, multiline=True),
        probatio.Optional(ATTR_KIND): KIND,
        probatio.Optional(ATTR_WEIGHT_CLASS): WEIGHT_CLASS,
        probatio.Optional(ATTR_IMPORTANCE): IMPORTANCE,
        probatio.Optional(ATTR_PEOPLE): LABELS,
        probatio.Optional(ATTR_TAGS): LABELS,
        probatio.Optional(ATTR_LOCATION): LABEL,
        probatio.Optional(ATTR_EMOTION): LABEL,
        probatio.Optional(ATTR_VISIBILITY): VISIBILITY,
        probatio.Exclusive(ATTR_EXPIRES_AT, "expiry"): probatio.All(MOMENT, _future),
        probatio.Exclusive(ATTR_CLEAR_EXPIRY, "expiry"): cv.boolean,
        probatio.Optional(ATTR_HAPPENED_AT): MOMENT_OR_WORDS,
    }
)

# By id, by tag, or both; at least one of them.
SELECT_SCHEMA = ServiceSchema(
    probatio.All(
        {
            probatio.Optional(ATTR_IDS): MEMORY_IDS,
            probatio.Optional(ATTR_TAGS): probatio.All(LABELS, probatio.Length(min=1)),
        },
        cv.has_at_least_one_key(ATTR_IDS, ATTR_TAGS),
    )
)

RESTORE_SCHEMA = ServiceSchema({probatio.Required(ATTR_IDS): MEMORY_IDS})

# Proposal ids have the same shape as memory ids.
PROPOSAL_IDS_SCHEMA = ServiceSchema({probatio.Required(ATTR_IDS): MEMORY_IDS})
LIST_PROPOSALS_SCHEMA = ServiceSchema({})

LIST_SCHEMA = ServiceSchema(
    {
        **_FILTER_FIELDS,
        probatio.Optional(ATTR_MIN_IMPORTANCE): IMPORTANCE,
        probatio.Optional(ATTR_CREATED_AFTER): MOMENT,
        probatio.Optional(ATTR_CREATED_BEFORE): MOMENT,
        probatio.Optional(ATTR_OFFSET, default=0): _count(1_000_000),
        probatio.Optional(ATTR_LIMIT, default=20): _count(MAX_LIST_PAGE, 1),
    }
)

SEARCH_ALL_TIERS_SCHEMA = ServiceSchema(
    {
        probatio.Required(ATTR_QUERY): _text(MAX_QUERY_CHARS, multiline=True),
        probatio.Optional(ATTR_LIMIT, default=20): _count(MAX_SEARCH_RESULTS, 1),
        probatio.Optional(ATTR_ACCESS_LOG, default=True): cv.boolean,
    }
)

MAINTENANCE_SCHEMA = ServiceSchema({})

ERASE_SET_ASIDE_SCHEMA = ServiceSchema({probatio.Required(ATTR_CONFIRM): cv.boolean})

CLOSE_SEGMENT_SCHEMA = ServiceSchema({})

END_CONVERSATIONS_SCHEMA = ServiceSchema(
    {probatio.Optional(ATTR_CONVERSATION_ID): _text(MAX_CONVERSATION_ID_CHARS)}
)

EXPORT_SCHEMA = ServiceSchema(
    {probatio.Optional(ATTR_ALL_TIERS, default=True): cv.boolean}
)

IMPORT_SCHEMA = ServiceSchema(
    {
        probatio.Optional(ATTR_FORMAT, default=FORMAT_JSONL): probatio.In(
            [FORMAT_JSONL, FORMAT_AI_MEMORY]
        ),
        probatio.Optional(ATTR_PATH): _text(MAX_PATH_CHARS),
        probatio.Optional(ATTR_KEEP_OWNERS, default=False): cv.boolean,
    }
)


# -- the websocket API's requests (websocket_api.py, docs/websocket-api.md) ---------
# Checked here, like the actions', so a bad field is the same translated
# invalid_field on every surface; numbers are JSON numbers (no text).


LIST_PAGE_MAX: Final = 200
LIST_PAGE_DEFAULT: Final = 50
SEARCH_MAX: Final = 50
SEARCH_DEFAULT: Final = 20
SEARCH_OFFSET_MAX: Final = 1_000
EXPORT_PAGE_MAX: Final = 2_000
EXPORT_PAGE_DEFAULT: Final = 1_000
PENDING_MAX: Final = 200
PENDING_DEFAULT: Final = 50
AUDIT_MAX: Final = 200
AUDIT_DEFAULT: Final = 50
# Person filter choices offered by `info`.
PEOPLE_MAX: Final = 200
# A cursor is a few numbers and a digest; anything longer is not ours.
CURSOR_MAX_CHARS: Final = 200
# The version numbers an edit names (a memory changes far fewer times).
VERSION_MAX: Final = 2**31 - 1

ATTR_MEMORY_ID: Final = "memory_id"
ATTR_MEMORY_IDS: Final = "memory_ids"
ATTR_CURSOR: Final = "cursor"
ATTR_EXPECTED_VERSION: Final = "expected_version"
ATTR_EXPECTED_VERSIONS: Final = "expected_versions"
ATTR_ORIGINS: Final = "origins"
ATTR_TIER: Final = "tier"
# The actions' ATTR_CLASSES (operations/requests.py maps one to the other).
ATTR_WEIGHT_CLASSES: Final = "weight_classes"


def _ws_count(maximum: int, minimum: int = 0) -> Callable[[Any], Any]:
    """A whole number in range (JSON numbers only: no text, no booleans)."""
    return checked_number(minimum, maximum, integer=True)


def _one_of(values: list[str]) -> probatio.In:
    return probatio.In(values)


_VERSION = _ws_count(VERSION_MAX, 1)
_CURSOR = probatio.All(str, checked_text(CURSOR_MAX_CHARS))
_ORIGINS = probatio.All(
    list, probatio.Length(max=len(Origin)), [_one_of([o.value for o in Origin])]
)
_TIER = _one_of([tier.value for tier in Tier])


# Strict types: a JSON client sends strings where strings and lists where
# lists; the actions' coercions (one value for a list, numbers as text) are
# for YAML and templates, not for this API.
def _ws_text(
    max_chars: int, *, min_chars: int = 1, multiline: bool = False
) -> probatio.All[str]:
    return probatio.All(
        str, checked_text(max_chars, min_chars=min_chars, multiline=multiline)
    )


def _ws_list(item: Any, *, minimum: int = 0, maximum: int = MAX_LABELS) -> Any:
    return probatio.All(list, probatio.Length(min=minimum, max=maximum), [item])


_WS_LABEL = _ws_text(MAX_LABEL_CHARS)
_WS_LABELS = _ws_list(_WS_LABEL)
WS_MEMORY_ID = _WS_LABEL
_WS_MEMORY_IDS = _ws_list(WS_MEMORY_ID, minimum=1, maximum=MAX_IDS)
_WS_KIND = probatio.All(str, KIND)

_FILTERS: dict[probatio.Marker, Any] = {
    probatio.Optional("kinds", default=list): _ws_list(_WS_KIND),
    probatio.Optional(ATTR_WEIGHT_CLASSES, default=list): _ws_list(
        probatio.All(str, WEIGHT_CLASS)
    ),
    probatio.Optional("people", default=list): _WS_LABELS,
    probatio.Optional("tags", default=list): _WS_LABELS,
    probatio.Optional("visibility"): probatio.All(str, VISIBILITY),
    probatio.Optional(ATTR_TIER, default=Tier.ACTIVE.value): probatio.All(str, _TIER),
    probatio.Optional(ATTR_ORIGINS, default=list): _ORIGINS,
    probatio.Optional("created_after"): probatio.All(str, MOMENT),
    probatio.Optional("created_before"): probatio.All(str, MOMENT),
    probatio.Optional(ATTR_HAPPENED_AFTER): probatio.All(str, MOMENT),
    probatio.Optional(ATTR_HAPPENED_BEFORE): probatio.All(str, MOMENT),
}

# The fields an update may change, as the `update` action has them but
# with strict types; here an empty location or emotion clears it (the
# browser's edit form).
WS_CLEARABLE: Final = ("location", "emotion")
_EDIT_FIELDS: dict[probatio.Marker, Any] = {
    probatio.Optional(ATTR_CONTENT): _ws_text(MAX_CONTENT_CHARS, multiline=True),
    probatio.Optional(ATTR_SUMMARY): _ws_text(MAX_SUMMARY_CHARS, multiline=True),
    probatio.Optional(ATTR_KIND): _WS_KIND,
    probatio.Optional(ATTR_WEIGHT_CLASS): probatio.All(str, WEIGHT_CLASS),
    probatio.Optional(ATTR_IMPORTANCE): checked_number(0.0, 1.0),
    probatio.Optional(ATTR_PEOPLE): _WS_LABELS,
    probatio.Optional(ATTR_TAGS): _WS_LABELS,
    probatio.Optional(ATTR_VISIBILITY): probatio.All(str, VISIBILITY),
    probatio.Exclusive(ATTR_EXPIRES_AT, "expiry"): probatio.All(str, MOMENT, _future),
    probatio.Exclusive(ATTR_CLEAR_EXPIRY, "expiry"): bool,
    **{
        probatio.Optional(name): _ws_text(MAX_LABEL_CHARS, min_chars=0)
        for name in WS_CLEARABLE
    },
}


def _versions_of_forgotten(data: dict[str, Any]) -> dict[str, Any]:
    """expected_versions names only memories being forgotten.

    A stray id is a client's mistake (a stale selection); answering with
    memory_changed or ignoring it would hide that.
    """
    stray = set(data.get(ATTR_EXPECTED_VERSIONS, {})) - set(data[ATTR_MEMORY_IDS])
    if stray:
        stray_id = sorted(stray)[0]
        raise Refused(
            Problem(
                "not_forgotten",
                f"names a memory not being forgotten: {stray_id}",
                {"id": shown(stray_id)},
            ),
            path=[ATTR_EXPECTED_VERSIONS],
        )
    return data


WS_INFO_SCHEMA: Final = ServiceSchema({})
WS_LIST_SCHEMA: Final = ServiceSchema(
    {
        probatio.Optional(ATTR_LIMIT, default=LIST_PAGE_DEFAULT): _ws_count(
            LIST_PAGE_MAX, 1
        ),
        probatio.Optional(ATTR_CURSOR): _CURSOR,
        **_FILTERS,
    }
)
WS_SEARCH_SCHEMA: Final = ServiceSchema(
    {
        probatio.Required("query"): probatio.All(
            str, checked_text(MAX_QUERY_CHARS, multiline=True)
        ),
        probatio.Optional(ATTR_LIMIT, default=SEARCH_DEFAULT): _ws_count(SEARCH_MAX, 1),
        probatio.Optional("offset", default=0): _ws_count(SEARCH_OFFSET_MAX),
        probatio.Optional("min_relevance"): checked_number(0.0, 1.0),
        **_FILTERS,
    }
)
WS_GET_SCHEMA: Final = ServiceSchema({probatio.Required(ATTR_MEMORY_ID): WS_MEMORY_ID})
WS_UPDATE_SCHEMA: Final = ServiceSchema(
    {
        probatio.Required(ATTR_MEMORY_ID): WS_MEMORY_ID,
        probatio.Optional(ATTR_EXPECTED_VERSION): _VERSION,
        **_EDIT_FIELDS,
        probatio.Optional(ATTR_HAPPENED_AT): probatio.All(str, MOMENT_OR_WORDS),
    }
)
WS_REVERT_SCHEMA: Final = ServiceSchema(
    {
        probatio.Required(ATTR_MEMORY_ID): WS_MEMORY_ID,
        probatio.Required("version"): _VERSION,
        probatio.Optional(ATTR_EXPECTED_VERSION): _VERSION,
    }
)
WS_FORGET_SCHEMA: Final = ServiceSchema(
    probatio.All(
        {
            probatio.Required(ATTR_MEMORY_IDS): _WS_MEMORY_IDS,
            probatio.Optional(ATTR_EXPECTED_VERSIONS): probatio.All(
                dict, probatio.Length(max=MAX_IDS), {WS_MEMORY_ID: _VERSION}
            ),
        },
        _versions_of_forgotten,
    )
)
WS_IDS_SCHEMA: Final = ServiceSchema(
    {probatio.Required(ATTR_MEMORY_IDS): _WS_MEMORY_IDS}
)
# `tier`: where the memories were shown; one that left it is not purged.
WS_PURGE_SCHEMA: Final = ServiceSchema(
    {
        probatio.Required(ATTR_MEMORY_IDS): _WS_MEMORY_IDS,
        probatio.Optional(ATTR_TIER): probatio.All(str, _TIER),
    }
)
WS_EXPORT_SCHEMA: Final = ServiceSchema(
    {
        probatio.Optional(ATTR_CURSOR): _CURSOR,
        probatio.Optional(ATTR_LIMIT, default=EXPORT_PAGE_DEFAULT): _ws_count(
            EXPORT_PAGE_MAX, 1
        ),
        probatio.Optional("all_tiers", default=False): bool,
    }
)
WS_PROPOSALS_SCHEMA: Final = ServiceSchema({})
_PROPOSAL_IDS = _ws_list(WS_MEMORY_ID, maximum=MAX_IDS)
WS_ANSWER_SCHEMA: Final = ServiceSchema(
    {
        probatio.Optional("confirm", default=list): _PROPOSAL_IDS,
        probatio.Optional("reject", default=list): _PROPOSAL_IDS,
    }
)
WS_EDIT_PROPOSAL_SCHEMA: Final = ServiceSchema(
    {
        probatio.Required("proposal_id"): WS_MEMORY_ID,
        **{
            key: value
            for key, value in _EDIT_FIELDS.items()
            if key in ("content", "summary", "kind", "visibility")
        },
    }
)
WS_PENDING_SCHEMA: Final = ServiceSchema(
    {probatio.Optional(ATTR_LIMIT, default=PENDING_DEFAULT): _ws_count(PENDING_MAX)}
)
WS_AUDIT_SCHEMA: Final = ServiceSchema(
    {
        probatio.Optional(ATTR_MEMORY_ID): WS_MEMORY_ID,
        probatio.Optional(ATTR_CURSOR): _CURSOR,
        probatio.Optional(ATTR_LIMIT, default=AUDIT_DEFAULT): _ws_count(AUDIT_MAX, 1),
    }
)
WS_SUBSCRIBE_SCHEMA: Final = ServiceSchema({})
