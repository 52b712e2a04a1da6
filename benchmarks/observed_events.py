"""Rated observed events with increasing buffer ids, as the observer makes them.

Shared by the benchmarks (retention.py) and the engine's observation tests
(tests/core/observation/observation_factory.py), so both feed segmentation and narration
the same events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from custom_components.home_memory.memory.observation.event_buffer import ObservedEvent
from custom_components.home_memory.memory.observation.segmentation import rated

if TYPE_CHECKING:
    from zoneinfo import ZoneInfo


class ObservedEvents:
    """Builds rated events in `tz` (the home's time zone), keeping them in order."""

    def __init__(self, tz: ZoneInfo) -> None:
        self.tz = tz
        self.seq = 0
        self.made: list[ObservedEvent] = []

    def add(
        self,
        at: float,
        entity_id: str,
        new_state: str,
        old_state: str | None = None,
        *,
        name: str | None = None,
        area: str | None = None,
        device_class: str | None = None,
        person: str | None = None,
    ) -> ObservedEvent:
        """One state change at `at` (unix seconds); a name from the entity id."""
        self.seq += 1
        event = rated(
            ObservedEvent(
                seq=self.seq,
                at=at,
                entity_id=entity_id,
                domain=entity_id.split(".", maxsplit=1)[0],
                name=name or entity_id.split(".")[1].replace("_", " ").title(),
                old_state=old_state,
                new_state=new_state,
                area=area,
                device_class=device_class,
                person=person,
            ),
            self.tz,
        )
        self.made.append(event)
        return event

    def light(
        self, at: float, new: str, entity: str = "light.kitchen", **kw: str
    ) -> ObservedEvent:
        """A light turned `new` ("on"/"off"), in the Kitchen unless `area`."""
        old = "off" if new == "on" else "on"
        return self.add(at, entity, new, old, area=kw.pop("area", "Kitchen"), **kw)

    def arrive(self, at: float, who: str = "Anna") -> ObservedEvent:
        """`who` came home."""
        return self.add(
            at, f"person.{who.lower()}", "home", "not_home", name=who, person=who
        )

    def leave(self, at: float, who: str = "Anna") -> ObservedEvent:
        """`who` left home."""
        return self.add(
            at, f"person.{who.lower()}", "not_home", "home", name=who, person=who
        )
