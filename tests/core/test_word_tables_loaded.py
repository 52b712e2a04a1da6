"""Word tables are read when their modules are imported, never when used.

Home Assistant imports an integration off the event loop, but narrates an
observed memory, names a speaker and speaks a time on it: a table read then
is a blocking call on the loop ("Detected blocking call to read_text",
new-user review s16: phrases.en.json at the first observed memory). A fresh
interpreter imports the engine, then every file read fails while each table
is used in English, German and a language without tables.
"""

from __future__ import annotations

from pathlib import Path
import subprocess
import sys
import textwrap

ROOT = Path(__file__).parents[2]

_SCRIPT = textwrap.dedent(
    """
    import builtins, io, pathlib, random
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from custom_components.home_memory.memory.observation import (
        faithfulness, narration, phrases, scenes, segmentation,
    )
    from custom_components.home_memory.memory.text import naming
    from custom_components.home_memory.memory.time import spoken
    from benchmarks.observed_events import ObservedEvents

    def refuse(*args, **kwargs):
        raise AssertionError(f"a file was read after import: {args[:1]}")

    for target, name in (
        (builtins, "open"), (io, "open"), (pathlib.Path, "open"),
        (pathlib.Path, "read_text"), (pathlib.Path, "read_bytes"),
    ):
        setattr(target, name, refuse)

    tz = ZoneInfo("Europe/Berlin")
    at = datetime(2026, 11, 26, 20, tzinfo=tz).timestamp()
    events = ObservedEvents(tz)
    tv = {"name": "Living room TV", "person": "Anna"}
    events.add(at, "media_player.tv", "on", "off", **tv)
    events.add(at + 3000, "media_player.tv", "off", "on", **tv)
    events.add(at + 3100, "binary_sensor.front_door", "on", "off",
               name="Front door", device_class="door")
    (segment,) = segmentation.ready_segments(
        events.made, now=at + 7200, tz=tz, force=True)
    for language in ("en", "de", "fr", "de-CH"):
        told = narration.narrate(segment, persona="Jarvis", tz=tz, language=language)
        faithfulness.check(told.content, events.made, tz=tz, language=language)
        narration.join_names(["Anna", "Ben"], language)
        phrases.keywords()
        scenes.worth_telling(segment)
        naming.says_own("where is my car", language)
        naming.possessive("Anna", language)
        day = datetime(2026, 11, 26, 20, tzinfo=tz)
        spoken.say_when(day, None, now=day, language=language)
    print("ok")
    """
)


def test_word_tables_are_not_read_when_used() -> None:
    """Narrating, checking and naming in any language read no file."""
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "ok"
