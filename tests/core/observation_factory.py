"""Observed events for the segmentation, narration and buffer tests."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from custom_components.home_memory.memory.observation.event_buffer import ObservedEvent
from custom_components.home_memory.memory.observation.segmentation import rated

TZ = ZoneInfo("Europe/Berlin")


def local(day: int, hour: int, minute: int = 0, second: int = 0) -> float:
    """Unix time of a local wall-clock time in November 2026 (the 24th: Tuesday)."""
    return datetime(2026, 11, day, hour, minute, second, tzinfo=TZ).timestamp()


class Events:
    """Builds rated events with increasing buffer ids."""

    def __init__(self) -> None:
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
        self.seq += 1
        domain = entity_id.split(".", maxsplit=1)[0]
        event = rated(
            ObservedEvent(
                seq=self.seq,
                at=at,
                entity_id=entity_id,
                domain=domain,
                name=name or entity_id.split(".")[1].replace("_", " ").title(),
                old_state=old_state,
                new_state=new_state,
                area=area,
                device_class=device_class,
                person=person,
            ),
            TZ,
        )
        self.made.append(event)
        return event

    def light(
        self, at: float, new: str, entity: str = "light.kitchen", **kw: str
    ) -> ObservedEvent:
        old = "off" if new == "on" else "on"
        return self.add(at, entity, new, old, area=kw.pop("area", "Kitchen"), **kw)

    def arrive(self, at: float, who: str = "Anna") -> ObservedEvent:
        return self.add(
            at, f"person.{who.lower()}", "home", "not_home", name=who, person=who
        )

    def leave(self, at: float, who: str = "Anna") -> ObservedEvent:
        return self.add(
            at, f"person.{who.lower()}", "not_home", "home", name=who, person=who
        )
