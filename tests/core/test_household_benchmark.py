"""The household benchmark's own logic: the home, the questions, the scorer
and the faithfulness checker (no Home Assistant; the replay is tested in
tests/integration/background/test_household_benchmark.py)."""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime, timedelta

import pytest

from benchmarks.household import figures_of
from benchmarks.household.faithfulness import ToldEvent, check
from benchmarks.household.german import in_german
from benchmarks.household.home import (
    BY_ID,
    ENTITIES,
    GERMAN,
    HELD_OUT,
    HELD_OUT_SEED,
    TZ,
    generate,
)
from benchmarks.household.questions import asked_at, night_words, questions
from benchmarks.household.scoring import by_kind, figures, first_hit


def test_first_hit_is_the_rank_of_the_first_answer() -> None:
    """Ranks are 1-based; a ranking without an answer has none."""
    answers = {"b", "d"}.__contains__
    assert first_hit(["a", "b", "c", "d"], answers) == 2
    assert first_hit(["d"], answers) == 1
    assert first_hit(["a", "c"], answers) is None
    assert first_hit([], answers) is None


def test_scores_of_a_known_ranking() -> None:
    """hit@1, hit@5 and MRR of four questions whose ranks are known."""
    ranked = [("leave", 1), ("leave", 3), ("night", 6), ("night", None)]
    scores = by_kind(ranked)
    assert scores["all"] == {
        "hit1": 0.25,
        "hit5": 0.5,
        "mrr": pytest.approx((1 + 1 / 3 + 1 / 6) / 4),
        "questions": 4.0,
    }
    assert scores["leave"]["hit1"] == 0.5
    assert scores["leave"]["hit5"] == 1.0
    assert scores["night"]["hit5"] == 0.0
    assert scores["night"]["mrr"] == pytest.approx(1 / 12)
    assert figures([]) == {"hit1": 0.0, "hit5": 0.0, "mrr": 0.0, "questions": 0}


def test_figures_of_an_outcome() -> None:
    """The flat figures: scores, retention by age, false statements, per day."""
    outcome = {
        "ranks": [["leave", 1], ["night", None], ["de_leave", 2], ["de_night", 1]],
        "answerable": 2,
        "tracked": [
            {"weight_class": "observation", "recallable": {"1": True, "7": False}},
            {"weight_class": "observation", "recallable": {"1": True}},
            {"weight_class": "transient", "recallable": {"1": False}},
        ],
        "statements": {"clock": [10, 1], "count": [4, 2]},
        "memories_created": 30,
        "memories_active_at_end": 20,
        "changes": 3000,
        "days": 3,
        "replay_s": 12.0,
    }
    got = figures_of(outcome)
    assert got["household_hit1"] == 0.5
    assert got["household_hit5_night"] == 0.0
    assert got["household_answerable"] == 1.0
    assert got["household_questions"] == 2
    # The German subset is scored apart.
    assert got["household_de_hit1"] == 0.5
    assert got["household_de_hit5"] == 1.0
    assert got["household_de_mrr"] == 0.75
    assert got["household_retention_1d"] == 1.0
    assert got["household_retention_all_1d"] == pytest.approx(2 / 3)
    assert got["household_retention_7d"] == 0.0
    assert got["household_retention_30d"] is None
    assert got["household_false_statements"] == 3.0
    assert got["household_statements_checked"] == 14.0
    assert got["household_memories_per_day"] == 10.0


def test_the_household_is_deterministic_and_consistent() -> None:
    """Same seed, same home; every change changes a state; labels are real."""
    home = generate(days=4, seed=3)
    assert home == generate(days=4, seed=3)
    assert home.changes != generate(days=4, seed=4).changes
    state = {entity.entity_id: entity.initial for entity in ENTITIES}
    for change in home.changes:
        assert change.entity_id in BY_ID
        assert state[change.entity_id] != change.state, change
        state[change.entity_id] = change.state
    at = {(c.entity_id, c.at) for c in home.changes}
    assert all(key in at for a in home.activities for key in a.keys)
    kinds = Counter(a.kind for a in home.activities)
    assert {"leave", "arrive", "bedtime", "wake", "breakfast", "dinner"} <= set(kinds)
    # Motion sensors pulse for one second while someone is in the room.
    pulses = [c for c in home.changes if c.entity_id == "binary_sensor.kitchen_motion"]
    assert len(pulses) > 100
    ons = {c.at for c in pulses if c.state == "on"}
    assert all(c.at - 1.0 in ons for c in pulses if c.state == "off")
    assert max(c.at for c in home.changes) < asked_at(home)


def test_questions_are_put_in_a_persons_words() -> None:
    """Dates, nights, 'last' and 'yesterday' in the text; no question unanswerable
    by its labels."""
    home = generate(days=10, seed=19)
    asked = questions(home)
    texts = [q.text for q in asked]
    assert len(texts) == len(set(texts))
    assert any(t.startswith("When did I leave the house on ") for t in texts)
    assert "Did anyone get up during the night?" in texts
    assert any("on the night of the" in t for t in texts)
    assert any(t.endswith("last come home?") for t in texts)
    assert all(q.keys or q.window for q in asked)


def test_every_question_has_a_german_wording() -> None:
    """The German subset asks every question, with the same ground truth."""
    asked = questions(generate(days=35, seed=19))
    german = in_german(asked)
    assert len(german) == len(asked)
    for english, deutsch in zip(asked, german, strict=True):
        assert deutsch.kind == f"de_{english.kind}"
        assert (deutsch.keys, deutsch.window) == (english.keys, english.window)
        assert deutsch.text != english.text
    texts = {q.text for q in german}
    assert "Ist heute Nacht jemand aufgestanden?" in texts
    assert any(t.startswith("Wann bin ich am ") for t in texts)


def _event(
    hour: int, minute: int, entity: str = "binary_sensor.x", new: str = "on"
) -> ToldEvent:
    at = datetime(2026, 2, 24, hour, minute, tzinfo=TZ).timestamp()
    return ToldEvent(at, entity, "off" if new == "on" else "on", new)


NIGHT = [
    _event(3, 2, "binary_sensor.bed", "off"),
    _event(3, 4, "binary_sensor.door", "on"),
    _event(3, 4, "binary_sensor.door", "off"),
    _event(3, 9, "binary_sensor.bed", "on"),
]


@pytest.mark.parametrize(
    ("text", "false"),
    [
        ("Around three on Tuesday night someone was up for about seven minutes.", 0),
        ("A little after three the bathroom door opened and closed once.", 0),
        ("The bed was empty for zero minutes.", 1),
        ("Someone was up for one minutes.", 1),
        ("Someone was up for about an hour.", 1),
        ("Around a quarter to seven the door opened.", 1),
        ("On Tuesday morning someone got up.", 1),
        ("On Monday the bed was left.", 1),
        ("The door opened three times.", 1),
        ("At 03:04 the door opened, at 14:00 it closed.", 1),
        ("on 24 February", 0),
        ("on 25 February", 1),
    ],
)
def test_faithfulness_finds_false_times_lengths_and_counts(
    text: str, false: int
) -> None:
    """Each false claim is found; true ones (vague as speech is) pass."""
    statements = check(text, NIGHT, TZ)
    assert statements
    assert sum(not s.true for s in statements) == false, statements


def test_faithfulness_needs_events() -> None:
    """A memory with no provenance states nothing the checker can judge."""
    assert check("At seven for ten minutes", [], TZ) == []
    assert timedelta(0) == timedelta(0)


def test_a_night_more_than_a_month_back_is_named_with_its_month() -> None:
    """Asked on 9 March, "the night of the 4th" is 4 March: a night in
    February is "the night of 4 February" (a person names the month)."""
    assert night_words(date(2026, 3, 4), date(2026, 3, 9)) == "the 4th"
    assert night_words(date(2026, 2, 4), date(2026, 3, 9)) == "4 February"
    assert night_words(date(2026, 2, 27), date(2026, 3, 9)) == "the 27th"


def test_the_held_out_and_german_homes() -> None:
    """The held-out home has door and appliance contacts only, lives later
    and differs from the family home; the German home has German names."""
    family = generate(days=4, seed=19)
    held_out = generate(days=4, seed=HELD_OUT_SEED, variant=HELD_OUT)
    kept = {e.entity_id for e in held_out.entities}
    assert kept
    assert all(
        e.domain == "binary_sensor" and e.device_class in {"door", "running"}
        for e in held_out.entities
    )
    assert {c.entity_id for c in held_out.changes} <= kept
    assert all(key[0] in kept for a in held_out.activities for key in a.keys)
    assert held_out.observed_extra == (
        "binary_sensor.washing_machine",
        "binary_sensor.dishwasher",
    )
    first_wake = min(a.start for a in family.activities if a.kind == "wake")
    later_wake = min(a.start for a in held_out.activities if a.kind == "wake")
    assert later_wake - first_wake > 15 * 60
    german = generate(days=4, seed=19, variant=GERMAN)
    names = {e.entity_id: e.name for e in german.entities}
    assert names["binary_sensor.front_door"] == "Haustür"
    assert names["binary_sensor.anna_bed_occupancy"] == "Annas Bett"
    assert german.changes == family.changes
