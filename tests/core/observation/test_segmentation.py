"""Segmentation rules: buffer time, spans, breaks, caps, cooldown, churn."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.observation.segmentation import (
    BreakReason,
    DayType,
    Presence,
    SegmentationRules,
    TimeOfDay,
    compress,
    day_type,
    generation_allowed,
    period_bounds,
    presence_change,
    ready_segments,
    time_of_day,
    worth_remembering,
)

from .observation_factory import TZ, Events, local

if TYPE_CHECKING:
    from custom_components.home_memory.memory.observation.event_buffer import (
        ObservedEvent,
    )

MINUTE = 60.0


@pytest.mark.parametrize(
    ("hour", "minute", "expected"),
    [
        (4, 59, TimeOfDay.NIGHT),
        (5, 0, TimeOfDay.MORNING),
        (11, 59, TimeOfDay.MORNING),
        (12, 0, TimeOfDay.AFTERNOON),
        (16, 59, TimeOfDay.AFTERNOON),
        (17, 0, TimeOfDay.EVENING),
        (21, 59, TimeOfDay.EVENING),
        (22, 0, TimeOfDay.NIGHT),
        (0, 30, TimeOfDay.NIGHT),
    ],
)
def test_time_of_day_boundaries(hour: int, minute: int, expected: TimeOfDay) -> None:
    """Each clock time falls into the right part of the day."""
    assert time_of_day(datetime(2026, 11, 24, hour, minute, tzinfo=TZ)) is expected


def test_day_type_and_night_belongs_to_its_evening() -> None:
    """Weekends are told from weekdays; the night after midnight is one period."""
    assert day_type(datetime(2026, 11, 28, 10, tzinfo=TZ)) is DayType.WEEKEND
    assert day_type(datetime(2026, 11, 30, 10, tzinfo=TZ)) is DayType.WEEKDAY
    start, end = period_bounds(datetime(2026, 11, 25, 2, tzinfo=TZ))
    assert start == datetime(2026, 11, 24, 22, tzinfo=TZ)
    assert end == datetime(2026, 11, 25, 5, tzinfo=TZ)


def test_events_wait_in_the_buffer_and_close_after_fifteen_minutes_and_quiet() -> None:
    """A segment closes only once it spans 15 minutes and its last event is settled."""
    events = Events()
    events.light(local(24, 9, 0), "on")
    events.light(local(24, 9, 16), "off")
    last = local(24, 9, 16)
    # Spans 16 minutes, but the last event has waited only 9 of its 10.
    assert ready_segments(events.made, now=last + 9 * MINUTE, tz=TZ) == []
    (segment,) = ready_segments(events.made, now=last + 10 * MINUTE, tz=TZ)
    assert segment.closed_by is BreakReason.QUIET
    assert segment.seqs == (1, 2)
    assert segment.time_of_day is TimeOfDay.MORNING


def test_a_short_quiet_segment_waits_for_more_until_its_part_of_day_ends() -> None:
    """A short segment waits for more events until its part of the day ends."""
    events = Events()
    events.light(local(24, 9, 0), "on")
    events.light(local(24, 9, 5), "off")
    # Quiet, but only 5 minutes long: no micro-memory yet.
    assert ready_segments(events.made, now=local(24, 11, 0), tz=TZ) == []
    (alone,) = ready_segments(events.made, now=local(24, 12, 10), tz=TZ)
    assert alone.closed_by is BreakReason.TIME_OF_DAY
    # A later event of the same morning joins it instead.
    events.light(local(24, 10, 30), "on", "light.hall", area="Hall")
    (joined,) = ready_segments(events.made, now=local(24, 11, 50), tz=TZ)
    assert joined.seqs == (1, 2, 3)
    assert joined.closed_by is BreakReason.QUIET


def test_quiet_needs_a_gap_longer_than_the_buffer_time() -> None:
    """A gap shorter than the settle time does not close a segment."""
    events = Events()
    events.light(local(24, 9, 0), "on")
    events.light(local(24, 9, 20), "off")
    events.light(local(24, 9, 28), "on")  # not settled yet, but 8 min after
    assert ready_segments(events.made, now=local(24, 9, 31), tz=TZ) == []
    (segment,) = ready_segments(events.made, now=local(24, 9, 40), tz=TZ)
    assert segment.seqs == (1, 2, 3)


def segmented_live(
    events: list[ObservedEvent], start: float, end: float
) -> list[tuple[tuple[int, ...], BreakReason]]:
    """Segments as the observer forms them, asking every minute and consuming."""
    consumed: set[int] = set()
    formed: list[tuple[tuple[int, ...], BreakReason]] = []
    now = start
    while now <= end:
        buffered = [e for e in events if e.at <= now and e.seq not in consumed]
        for segment in ready_segments(buffered, now=now, tz=TZ):
            formed.append((segment.seqs, segment.closed_by))
            consumed.update(segment.seqs)
        now += MINUTE
    return formed


def test_a_backlog_segments_as_it_would_have_live() -> None:
    """A backlog read at once is cut into the segments a live run would make."""
    events = Events()
    # An episode of 20 minutes, then 40 quiet minutes.
    events.light(local(24, 13, 0), "on")
    events.light(local(24, 13, 10), "off")
    events.light(local(24, 13, 20), "on")
    # Another of 24 minutes, then an hour of quiet.
    for minute in (0, 8, 16, 24):
        on = "on" if minute % 16 == 0 else "off"
        events.light(local(24, 14, minute), on, "light.hall", area="Hall")
    # A short one (5 minutes): the next change of the afternoon joins it,
    # however long the gap.
    events.light(local(24, 15, 30), "off")
    events.light(local(24, 15, 35), "on")
    events.light(local(24, 16, 5), "off", "light.hall", area="Hall")
    live = segmented_live(events.made, local(24, 12, 0), local(24, 18, 0))
    assert live == [
        ((1, 2, 3), BreakReason.QUIET),
        ((4, 5, 6, 7), BreakReason.QUIET),
        ((8, 9, 10), BreakReason.QUIET),
    ]
    # The observer was down all afternoon (a restart, a slow AI Task, a
    # backlog): the same buffer read at once gives the same memories.
    at_once = ready_segments(events.made, now=local(24, 18, 0), tz=TZ)
    assert [(s.seqs, s.closed_by) for s in at_once] == live
    # Read while the later events still wait in the buffer, too.
    early = ready_segments(events.made, now=local(24, 14, 20), tz=TZ)
    assert [(s.seqs, s.closed_by) for s in early] == live[:1]


def test_arrival_and_departure_break_the_segment() -> None:
    """Arrivals and departures start a new segment."""
    events = Events()
    events.light(local(24, 18, 0), "on")
    events.light(local(24, 18, 5), "off")
    events.arrive(local(24, 18, 7), "Anna")
    events.arrive(local(24, 18, 9), "Ben")  # together with Anna: same moment
    events.light(local(24, 18, 10), "on", "light.living_room", area="Living Room")
    events.leave(local(24, 18, 40), "Ben")
    segments = ready_segments(events.made, now=local(24, 19, 30), tz=TZ)
    assert [s.closed_by for s in segments] == [
        BreakReason.ARRIVAL,
        BreakReason.DEPARTURE,
    ]
    assert [s.seqs for s in segments] == [(1, 2), (3, 4, 5)]
    # The departure opens the next segment, which is too short to close yet.
    assert presence_change(events.made[5]) is Presence.LEFT


def test_time_of_day_change_breaks_and_a_lone_event_closes_when_its_part_ends() -> None:
    """A change of the part of day breaks a segment, closing a lone event."""
    events = Events()
    events.light(local(24, 16, 50), "on")
    events.light(local(24, 17, 5), "off")
    segments = ready_segments(events.made, now=local(24, 17, 20), tz=TZ)
    assert [(s.seqs, s.closed_by) for s in segments] == [
        ((1,), BreakReason.TIME_OF_DAY)
    ]
    assert segments[0].time_of_day is TimeOfDay.AFTERNOON


def test_significant_events_break_and_are_rated_above_the_threshold() -> None:
    """Night unlocks and smoke are rated significant and break the segment."""
    events = Events()
    events.light(local(24, 23, 0), "on")
    unlocked = events.add(
        local(24, 23, 30), "lock.front_door", "unlocked", "locked", area="Hall"
    )
    day_unlock = events.add(local(24, 10, 0), "lock.back_door", "unlocked", "locked")
    smoke = events.add(
        local(24, 23, 50), "binary_sensor.smoke", "on", "off", device_class="smoke"
    )
    assert unlocked.importance > 0.8
    assert day_unlock.importance < 0.8
    assert smoke.importance > 0.8
    night = [e for e in events.made if e is not day_unlock]
    segments = ready_segments(night, now=local(25, 1, 0), tz=TZ)
    assert [(s.seqs, s.closed_by) for s in segments] == [
        ((1,), BreakReason.SIGNIFICANT),
        ((2,), BreakReason.SIGNIFICANT),
    ]


def test_at_most_fifty_events_per_segment() -> None:
    """A segment holds at most fifty events."""
    events = Events()
    for i in range(120):
        events.light(local(24, 9, 0) + i * 5, "on" if i % 2 == 0 else "off")
    segments = ready_segments(events.made, now=local(24, 13, 0), tz=TZ)
    assert [len(s.events) for s in segments] == [50, 50, 20]
    assert [s.closed_by for s in segments] == [
        BreakReason.MAX_EVENTS,
        BreakReason.MAX_EVENTS,
        BreakReason.TIME_OF_DAY,
    ]


def test_forced_close_at_the_maximum_span() -> None:
    """A segment is closed when it reaches the maximum span."""
    rules = SegmentationRules(max_span_s=60 * MINUTE)
    events = Events()
    for minute in range(0, 80, 8):
        events.light(local(24, 13, 0) + minute * MINUTE, "on" if minute % 16 else "off")
    segments = ready_segments(events.made, now=local(24, 14, 40), tz=TZ, rules=rules)
    assert segments[0].closed_by is BreakReason.MAX_SPAN
    assert segments[0].end - segments[0].start < 60 * MINUTE
    # The default rules allow 480 minutes: the same events are one segment.
    assert ready_segments(events.made, now=local(24, 14, 40), tz=TZ) != []
    assert (
        len(ready_segments(events.made, now=local(24, 14, 40), tz=TZ)[0].events) == 10
    )


def test_unread_events_keep_the_last_segment_open() -> None:
    """While more events wait unread, the last segment stays open."""
    events = Events()
    events.light(local(24, 9, 0), "on")
    events.light(local(24, 9, 20), "off")
    now = local(24, 10, 0)
    assert ready_segments(events.made, now=now, tz=TZ, more_after=True) == []
    assert len(ready_segments(events.made, now=now, tz=TZ)) == 1


def test_cooldown_between_generations() -> None:
    """AI generation waits five minutes after the previous one."""
    assert generation_allowed(None, 1000.0)
    assert not generation_allowed(1000.0, 1299.0)
    assert generation_allowed(1000.0, 1300.0)


def test_churn_is_compressed_into_one_activity_and_presence_never_is() -> None:
    """Repeated toggling becomes one activity; presence changes never do."""
    events = Events()
    for i in range(20):
        events.light(
            local(24, 20, 0) + i * 10, "on" if i % 2 == 0 else "off", "light.hall"
        )
    events.arrive(local(24, 20, 5), "Anna")
    events.leave(local(24, 20, 6), "Anna")
    events.arrive(local(24, 20, 7), "Anna")
    activities = compress(events.made)
    hall = [a for a in activities if a.entity_id == "light.hall"]
    assert len(hall) == 1
    assert hall[0].changes == 20
    assert hall[0].is_churn()
    assert hall[0].states == ("on", "off")
    assert hall[0].last_to == "off"
    presences = [a.presence for a in activities if a.domain == "person"]
    assert presences == [Presence.ARRIVED, Presence.LEFT, Presence.ARRIVED]
    assert [a.first_at for a in activities] == sorted(a.first_at for a in activities)


def test_a_lone_trivial_change_is_not_worth_a_memory() -> None:
    """A lone trivial change is not worth a memory; an arrival is."""
    events = Events()
    events.light(local(24, 16, 50), "on")
    (lone,) = ready_segments(events.made, now=local(24, 17, 20), tz=TZ)
    assert not worth_remembering(lone)
    events.arrive(local(24, 16, 55))
    segments = ready_segments(events.made, now=local(24, 17, 20), tz=TZ)
    assert worth_remembering(segments[-1])


def test_force_closes_the_open_segment_at_once_and_keeps_the_other_breaks() -> None:
    """Forcing closes fresh events now; arrivals still split; unread ones wait."""
    events = Events()
    events.light(local(24, 18, 0), "on")
    events.arrive(local(24, 18, 1), "Anna")
    events.light(local(24, 18, 2), "off", "light.hall", area="Hall")
    now = local(24, 18, 3)
    # Seconds old: nothing closes by the rules.
    assert ready_segments(events.made, now=now, tz=TZ) == []
    segments = ready_segments(events.made, now=now, tz=TZ, force=True)
    assert [(s.seqs, s.closed_by) for s in segments] == [
        ((1,), BreakReason.ARRIVAL),
        ((2, 3), BreakReason.FORCED),
    ]
    # Later events not read yet may belong to the last segment: it stays open.
    segments = ready_segments(events.made, now=now, tz=TZ, force=True, more_after=True)
    assert [s.seqs for s in segments] == [(1,)]
