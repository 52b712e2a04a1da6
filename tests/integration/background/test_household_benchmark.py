"""The household benchmark end to end on a tiny home: two days lived in Home
Assistant through the observer, a night's maintenance, then every question
put to the search action and scored (the fake embedder stands in for the
model; scripts/bench --only household runs the real one for 35 days)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeassistant.util import dt as dt_util

from benchmarks.household import figures_of
from benchmarks.household.german import in_german
from benchmarks.household.home import TZ_NAME, generate
from benchmarks.household.questions import questions
from benchmarks.household.replay import Outcome, _Replay

if TYPE_CHECKING:
    from unittest.mock import MagicMock

    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant

    from benchmarks.household.home import Household


async def lived(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: Household
) -> _Replay:
    """`home` lived through the observer in the test's Home Assistant."""
    await hass.config.async_set_time_zone(TZ_NAME)
    freezer.move_to(dt_util.utc_from_timestamp(home.day_start(0)))
    run = _Replay(hass, home, freezer)
    await run.build_home()
    await run.set_up_entry()
    await run.run()
    return run


async def test_a_tiny_household_is_lived_asked_and_scored(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    mock_load_model: MagicMock,
) -> None:
    """Memories form from the replayed changes, a night's maintenance runs,
    every question is asked and judged by the memories' provenance."""
    home = generate(days=2, seed=5)
    run = await lived(hass, freezer, home)
    await run.ask()
    outcome: Outcome = run.outcome
    await hass.config_entries.async_unload(run.entry.entry_id)

    assert outcome.tick_failures == 0, outcome.tick_errors
    assert outcome.memories_created >= 10
    # The first day's memories met their first night: age 1 was judged.
    assert any(1 in memory.recallable for memory in outcome.tracked)
    assert outcome.statements
    asked = questions(home)
    assert [kind for kind, _rank in outcome.ranks] == [
        q.kind for q in [*asked, *in_german(asked)]
    ]
    assert all(rank is None or 1 <= rank <= 10 for _kind, rank in outcome.ranks)
    # Most questions are answered by some memory (the ground truth is real)
    # and the search ranks an answer in the top ten for some of them.
    assert outcome.answerable >= len(asked) // 2
    assert any(rank is not None for _kind, rank in outcome.ranks)
    figures = figures_of(
        {
            **{k: getattr(outcome, k) for k in Outcome.__slots__},
            "tracked": [
                {
                    "weight_class": m.weight_class,
                    "recallable": {str(k): v for k, v in m.recallable.items()},
                }
                for m in outcome.tracked
            ],
        }
    )
    assert 0.0 <= figures["household_hit1"] <= figures["household_hit5"] <= 1.0
    assert figures["household_questions"] == len(asked)


async def test_a_german_home_is_judged_with_the_phrase_tables(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    mock_load_model: MagicMock,
) -> None:
    """A German home's memories are told in German and their claims read by
    the engine's check in German (the benchmark's own reads English only):
    statements are counted, and none of them is false."""
    from benchmarks.household.home import GERMAN

    hass.config.language = "de"  # as the benchmark's child process sets it
    run = await lived(hass, freezer, generate(days=2, seed=5, variant=GERMAN))
    outcome: Outcome = run.outcome
    await hass.config_entries.async_unload(run.entry.entry_id)

    assert outcome.tick_failures == 0, outcome.tick_errors
    assert set(outcome.statements) == {"phrase_tables"}
    checked, false = outcome.statements["phrase_tables"]
    assert checked >= outcome.memories_created >= 10
    assert false == 0, outcome.false_examples
