"""Segmentation: which buffered state changes belong to one memory, and when.

Pure rules over `ObservedEvent`s (docs/architecture.md, "Observation"):
events wait `buffer_s` in the buffer; a segment closes once it spans at least
`min_span_s` and has been quiet for longer than the buffer time (whether that
quiet is judged live or later, in a backlog), is forced at
`max_span_s`, and breaks when a person arrives or leaves, when the time of day
changes and on a significant event; it holds at most `max_events` events.
Generations are at least `cooldown_s` apart. Before narration, the changes of
one entity are compressed into one `Activity` ("toggled twenty times").

Nothing here reads a clock or a file: the caller passes `now` and the local
time zone, so the same buffer always gives the same segments.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, time, timedelta, tzinfo
from enum import StrEnum
import itertools
from typing import TYPE_CHECKING, Final

from .event_buffer import is_activity_sensor

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .event_buffer import ObservedEvent

HOME: Final = "home"
# Person states that say nothing about presence.
_NO_PRESENCE: Final = frozenset({"unknown", "unavailable"})


class TimeOfDay(StrEnum):
    """The four parts of a day; a change between them breaks a segment."""

    MORNING = "morning"
    AFTERNOON = "afternoon"
    EVENING = "evening"
    NIGHT = "night"


class DayType(StrEnum):
    """Whether the day a segment began on is a working day."""

    WEEKDAY = "weekday"
    WEEKEND = "weekend"


class Presence(StrEnum):
    """A person's arrival or departure."""

    ARRIVED = "arrived"
    LEFT = "left"


class BreakReason(StrEnum):
    """Why a segment closed."""

    QUIET = "quiet"
    ARRIVAL = "arrival"
    DEPARTURE = "departure"
    TIME_OF_DAY = "time_of_day"
    SIGNIFICANT = "significant"
    MAX_EVENTS = "max_events"
    MAX_SPAN = "max_span"
    # Closed on request (the close_segment action), without waiting.
    FORCED = "forced"


# Local hour at which each part of the day begins; night runs past midnight.
_PERIOD_STARTS: Final = (
    (5, TimeOfDay.MORNING),
    (12, TimeOfDay.AFTERNOON),
    (17, TimeOfDay.EVENING),
    (22, TimeOfDay.NIGHT),
)


@dataclass(frozen=True, slots=True, kw_only=True)
class SegmentationRules:
    """The segmentation parameters, in seconds."""

    buffer_s: float = 10 * 60
    min_span_s: float = 15 * 60
    max_span_s: float = 480 * 60
    max_events: int = 50
    cooldown_s: float = 300
    # An event above this importance breaks the segment (alarm, smoke...).
    significant_importance: float = 0.8
    # People arriving (or an alarm going off) together are one moment: a
    # trigger this soon after a segment that began with one joins it.
    trigger_group_s: float = 5 * 60
    # From this many changes of one entity on, narration counts them.
    churn_changes: int = 3
    # Something switched on and used this long (a TV watched, a light left
    # on) is worth a memory alone; a light flicked on and off is not.
    long_use_s: float = 15 * 60


DEFAULT_RULES: Final = SegmentationRules()


# -- time -------------------------------------------------------------------


def local_time(at: float, tz: tzinfo) -> datetime:
    """The local wall-clock time of a unix timestamp."""
    return datetime.fromtimestamp(at, tz)


def time_of_day(local: datetime) -> TimeOfDay:
    """Morning 5-12, afternoon 12-17, evening 17-22, night 22-5."""
    current = TimeOfDay.NIGHT
    for hour, period in _PERIOD_STARTS:
        if local.hour >= hour:
            current = period
    return current


def day_type(local: datetime) -> DayType:
    """Saturday and Sunday are the weekend."""
    return DayType.WEEKEND if local.weekday() >= 5 else DayType.WEEKDAY


def period_bounds(local: datetime) -> tuple[datetime, datetime]:
    """Start and end of the part of the day `local` falls in.

    A night belongs to the evening it began on: 02:00 on Tuesday is part of
    Monday's night, so a night segment never splits at midnight.
    """
    day = local.date()
    if local.hour < _PERIOD_STARTS[0][0]:
        day -= timedelta(days=1)
    starts = [
        datetime.combine(day, time(hour), local.tzinfo) for hour, _ in _PERIOD_STARTS
    ]
    starts.append(
        datetime.combine(
            day + timedelta(days=1), time(_PERIOD_STARTS[0][0]), local.tzinfo
        )
    )
    for begin, end in itertools.pairwise(starts):
        if begin <= local < end:
            return begin, end
    # Only the small hours remain (before 05:00): the previous day's night.
    return starts[-2], starts[-1]


def _period_key(at: float, tz: tzinfo) -> float:
    return period_bounds(local_time(at, tz))[0].timestamp()


# -- per-event rules ---------------------------------------------------------


def presence_change(event: ObservedEvent) -> Presence | None:
    """An arrival or departure of a person, or None."""
    if event.domain != "person" or event.old_state is None:
        return None
    if event.old_state in _NO_PRESENCE or event.new_state in _NO_PRESENCE:
        return None
    if event.new_state == HOME and event.old_state != HOME:
        return Presence.ARRIVED
    if event.old_state == HOME and event.new_state != HOME:
        return Presence.LEFT
    return None


def is_night(local: datetime) -> bool:
    """Between 22:00 and 05:00."""
    return time_of_day(local) is TimeOfDay.NIGHT


_SAFETY_CLASSES: Final = frozenset({"smoke", "gas", "carbon_monoxide", "heat"})
_OPENING_CLASSES: Final = frozenset({"door", "garage_door", "window", "opening"})
_BASE_IMPORTANCE: Final = {
    "light": 0.2,
    "switch": 0.2,
    "fan": 0.2,
    "input_boolean": 0.2,
    "vacuum": 0.25,
    "media_player": 0.3,
    "climate": 0.35,
    "cover": 0.3,
    "binary_sensor": 0.3,
    "sensor": 0.1,
    "device_tracker": 0.3,
    "person": 0.3,
    "lock": 0.4,
    "alarm_control_panel": 0.5,
    "siren": 0.5,
}


def event_importance(event: ObservedEvent, tz: tzinfo) -> float:  # noqa: PLR0911
    """How much one change matters, 0-1; above 0.8 it breaks the segment.

    The significant ones: an alarm or siren going off, smoke, gas or a leak,
    a jammed lock, a lock unlocked or a garage door opened at night.
    """
    new = event.new_state
    night = is_night(local_time(event.at, tz))
    domain = event.domain
    if domain == "alarm_control_panel":
        return 0.95 if new == "triggered" else 0.5
    if domain == "siren":
        return 0.9 if new == "on" else 0.3
    if domain == "binary_sensor" and new == "on":
        if event.device_class in _SAFETY_CLASSES:
            return 0.95
        if event.device_class == "moisture":
            return 0.9
        if event.device_class in _OPENING_CLASSES:
            return 0.6 if night else 0.3
    if domain == "lock":
        if new == "jammed":
            return 0.9
        if new in {"unlocked", "open"}:
            return 0.85 if night else 0.45
        return 0.3
    if domain == "cover" and event.device_class == "garage" and new == "open":
        return 0.85 if night else 0.4
    if presence_change(event) is not None:
        return 0.7
    return _BASE_IMPORTANCE.get(domain, 0.2)


def rated(event: ObservedEvent, tz: tzinfo) -> ObservedEvent:
    """The event with its importance filled in by the rules."""
    return replace(event, importance=event_importance(event, tz))


# -- segments ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Segment:
    """Events that become one memory."""

    events: tuple[ObservedEvent, ...]
    closed_by: BreakReason
    time_of_day: TimeOfDay
    day_type: DayType
    # Nothing more was buffered after the last change until then (the next
    # change, or the time the segment was closed); None when not known.
    quiet_until: float | None = None

    @property
    def start(self) -> float:
        """Time of the first event (unix seconds)."""
        return self.events[0].at

    @property
    def end(self) -> float:
        """Time of the last event (unix seconds)."""
        return self.events[-1].at

    @property
    def seqs(self) -> tuple[int, ...]:
        """Buffer ids of the events."""
        return tuple(event.seq for event in self.events)


def _is_trigger(event: ObservedEvent, rules: SegmentationRules) -> bool:
    return (
        presence_change(event) is not None
        or event.importance > rules.significant_importance
    )


def _break_reason(  # noqa: PLR0911 - one return per rule
    current: list[ObservedEvent],
    event: ObservedEvent,
    tz: tzinfo,
    rules: SegmentationRules,
) -> BreakReason | None:
    """Why `event` cannot join the segment `current`, or None if it can."""
    first, last = current[0], current[-1]
    # The same rule, checked first, that closes the open segment once it has
    # been quiet (`_open_segment_closes`): a backlog read at once segments as
    # the observer would have live, with the same reasons. A sensor that saw
    # someone all along (its merged pulses, event_buffer) is no quiet.
    if not _stretch_open(current) and _quiet_closes(
        first, last, event.at - last.at, rules
    ):
        return BreakReason.QUIET
    if len(current) >= rules.max_events:
        return BreakReason.MAX_EVENTS
    if event.at - first.at >= rules.max_span_s:
        return BreakReason.MAX_SPAN
    if _period_key(event.at, tz) != _period_key(first.at, tz):
        return BreakReason.TIME_OF_DAY
    if not _is_trigger(event, rules):
        return None
    # The segment began with a trigger (after the doors that opened for it):
    # another within a few minutes joins it.
    lead = next((e for e in current if not _is_opening(e)), first)
    if _is_trigger(lead, rules) and event.at - lead.at <= rules.trigger_group_s:
        return None
    match presence_change(event):
        case Presence.ARRIVED:
            return BreakReason.ARRIVAL
        case Presence.LEFT:
            return BreakReason.DEPARTURE
        case _:
            return BreakReason.SIGNIFICANT


def _segment(
    events: list[ObservedEvent],
    reason: BreakReason,
    tz: tzinfo,
    quiet_until: float | None,
) -> Segment:
    local = local_time(events[0].at, tz)
    return Segment(
        tuple(events), reason, time_of_day(local), day_type(local), quiet_until
    )


def ready_segments(
    events: Sequence[ObservedEvent],
    *,
    now: float,
    tz: tzinfo,
    rules: SegmentationRules = DEFAULT_RULES,
    more_after: bool = False,
    force: bool = False,
) -> list[Segment]:
    """The closed segments among buffered `events`, oldest first.

    `events` are the oldest in the buffer, by time; `more_after` says the
    buffer holds later ones that were not read, so the last segment's quiet
    spell cannot be judged. Events younger than the buffer time wait.

    `force` closes everything now: no event waits, and the last segment
    closes without its quiet spell (unless unread events may still belong
    to it). The other breaks (arrivals, time of day...) apply as always.
    """
    horizon = now if force else now - rules.buffer_s
    ordered = sorted(events, key=lambda event: (event.at, event.seq))
    settled = [event for event in ordered if event.at <= horizon]
    following = ordered[len(settled)] if len(settled) < len(ordered) else None
    closed: list[Segment] = []
    current: list[ObservedEvent] = []
    for event in settled:
        if current and (reason := _break_reason(current, event, tz, rules)):
            carried = (
                _carried_doors(current, event, rules)
                if reason in {BreakReason.ARRIVAL, BreakReason.DEPARTURE}
                else []
            )
            if current:
                after = carried[0] if carried else event
                closed.append(_segment(current, reason, tz, after.at))
            current = carried
        current.append(event)
    # Unread events may lie before the horizon: then the quiet is not known.
    until = following.at if following is not None else None if more_after else horizon
    if current and (
        reason := _open_segment_closes(
            current, following, horizon, tz, rules, more_after=more_after
        )
    ):
        closed.append(_segment(current, reason, tz, until))
    elif current and force and following is None and not more_after:
        closed.append(_segment(current, BreakReason.FORCED, tz, until))
    return closed


def _open_segment_closes(
    current: list[ObservedEvent],
    following: ObservedEvent | None,
    horizon: float,
    tz: tzinfo,
    rules: SegmentationRules,
    *,
    more_after: bool,
) -> BreakReason | None:
    """Whether the last segment can grow no more, and why."""
    first, last = current[0], current[-1]
    # Unread events may follow closely: the quiet cannot be judged.
    if (following is not None or not more_after) and not _stretch_open(current):
        gap = float("inf") if following is None else following.at - last.at
        if _quiet_closes(first, last, gap, rules):
            return BreakReason.QUIET
    if horizon >= period_bounds(local_time(first.at, tz))[1].timestamp():
        return BreakReason.TIME_OF_DAY
    if horizon - first.at >= rules.max_span_s:
        return BreakReason.MAX_SPAN
    return None


def _stretch_open(current: list[ObservedEvent]) -> bool:
    """A motion, occupancy or presence sensor of `current` is still on: it
    sees someone (its pulses are merged into one stretch, event_buffer), so
    the time since the segment's last row is no quiet."""
    last: dict[str, str] = {}
    for event in current:
        if is_activity_sensor(event.domain, event.device_class):
            last[event.entity_id] = event.new_state
    return "on" in last.values()


def _is_opening(event: ObservedEvent) -> bool:
    return event.domain == "binary_sensor" and event.device_class in _OPENING_CLASSES


def _carried_doors(
    current: list[ObservedEvent], trigger: ObservedEvent, rules: SegmentationRules
) -> list[ObservedEvent]:
    """The doors that opened just before someone came or went: they belong
    with the arrival or departure, so they leave `current` for its segment."""
    carried: list[ObservedEvent] = []
    while (
        current
        and _is_opening(current[-1])
        and trigger.at - current[-1].at <= rules.trigger_group_s
    ):
        carried.insert(0, current.pop())
    return carried


def _quiet_closes(
    first: ObservedEvent, last: ObservedEvent, gap: float, rules: SegmentationRules
) -> bool:
    """A segment spanning the minimum closes after a gap longer than the buffer.

    A shorter one waits for more (the next change of its part of the day
    joins it, however long the gap).
    """
    return gap > rules.buffer_s and last.at - first.at >= rules.min_span_s


def generation_allowed(
    last_generated_at: float | None,
    now: float,
    rules: SegmentationRules = DEFAULT_RULES,
) -> bool:
    """True once the cooldown since the last generation has passed."""
    return last_generated_at is None or now - last_generated_at >= rules.cooldown_s


# -- compression --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Activity:
    """The changes of one entity within a segment, told as one item.

    A person's arrival or departure is always an activity of its own.
    """

    entity_id: str
    domain: str
    name: str
    area: str | None
    device_class: str | None
    first_at: float
    last_at: float
    changes: int
    first_from: str | None
    last_to: str
    # The states it went through, in order, each once.
    states: tuple[str, ...]
    # Who caused the changes, when the context said.
    people: tuple[str, ...]
    importance: float
    presence: Presence | None
    seqs: tuple[int, ...]

    def is_churn(self, rules: SegmentationRules = DEFAULT_RULES) -> bool:
        """True when there were so many changes that they are counted."""
        return self.changes >= rules.churn_changes


def compress(
    events: Sequence[ObservedEvent], rules: SegmentationRules = DEFAULT_RULES
) -> list[Activity]:
    """One activity per entity (and per arrival or departure), in time order."""
    del rules  # every entity is merged; the rules only decide how it is told
    grouped: dict[str, list[ObservedEvent]] = {}
    activities: list[tuple[float, int, list[ObservedEvent]]] = []
    for event in events:
        if presence_change(event) is not None:
            activities.append((event.at, event.seq, [event]))
            continue
        if (group := grouped.get(event.entity_id)) is None:
            group = grouped[event.entity_id] = []
            activities.append((event.at, event.seq, group))
        group.append(event)
    return [_activity(group) for _, _, group in sorted(activities, key=_order)]


def _order(item: tuple[float, int, list[ObservedEvent]]) -> tuple[float, int]:
    return item[0], item[1]


def _activity(events: list[ObservedEvent]) -> Activity:
    first, last = events[0], events[-1]
    states = tuple(dict.fromkeys(event.new_state for event in events))
    people = tuple(dict.fromkeys(e.person for e in events if e.person is not None))
    return Activity(
        entity_id=first.entity_id,
        domain=first.domain,
        name=last.name,
        area=last.area,
        device_class=last.device_class,
        first_at=first.at,
        last_at=last.at,
        changes=len(events),
        first_from=first.old_state,
        last_to=last.new_state,
        states=states,
        people=people,
        importance=max(event.importance for event in events),
        presence=presence_change(first) if len(events) == 1 else None,
        seqs=tuple(event.seq for event in events),
    )


def worth_remembering(
    segment: Segment, rules: SegmentationRules = DEFAULT_RULES
) -> bool:
    """False for a lone trivial change (a light switched once, and nothing else).

    A bare transient command is nothing a person would remember; something
    switched on and used for a while (`used_for_long`) is.
    """
    if any(_is_trigger(event, rules) for event in segment.events):
        return True
    if any(event.importance >= 0.4 for event in segment.events):
        return True
    return (
        len({event.entity_id for event in segment.events}) >= 2
        or len(segment.events) >= rules.churn_changes
        or used_for_long(segment, rules)
    )


# What a person switches on and uses: a light, a TV, a fan, a switched plug.
USED_DOMAINS: Final = frozenset(
    {"light", "switch", "fan", "input_boolean", "media_player"}
)
# The states in which such a thing is in use (a media player "idle" or in
# "standby" is powered, yet nobody is watching or listening).
IN_USE: Final = frozenset({"on", "playing", "paused", "buffering"})


def used_for_long(segment: Segment, rules: SegmentationRules = DEFAULT_RULES) -> bool:
    """Whether something of USED_DOMAINS was in use for `long_use_s` or more,
    from the change that switched it on to the one that switched it off; a
    media player left on, until the segment's `quiet_until` (nothing changed
    until then, so it was still on: a TV watched into the night). A light
    switched on and left on is still one light once: lights go on at dusk
    and stay on."""
    since: dict[str, float] = {}
    for event in segment.events:
        if event.domain not in USED_DOMAINS:
            continue
        if event.new_state in IN_USE:
            since.setdefault(event.entity_id, event.at)
        elif (began := since.pop(event.entity_id, None)) is not None and (
            event.at - began >= rules.long_use_s
        ):
            return True
    end = segment.quiet_until
    left_on = (
        began
        for entity_id, began in since.items()
        if entity_id.partition(".")[0] == "media_player"
    )
    return end is not None and any(end - began >= rules.long_use_s for began in left_on)
