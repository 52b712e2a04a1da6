"""The household benchmark (issue 19): a generated home replayed through Home
Memory in Home Assistant, then asked what a person asks; docs/household-benchmark.md.

- home.py: the seeded household, its entities, changes and labelled activities;
- questions.py: questions in a person's words with their ground truth;
- replay.py: the child process that lives the days in Home Assistant;
- scoring.py: hit@1, hit@5, MRR; faithfulness.py: the second opinion on
  every time, date, length and count a memory states.

`measure()` runs the child process and turns its outcome into flat figures
for scripts/bench.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final, cast

from .. import CACHE_DIR
from ..child import run_child
from .scoring import by_kind, figures

if TYPE_CHECKING:
    from collections.abc import Callable

DAYS: Final = 35
QUICK_DAYS: Final = 8
AGES: Final = (1, 7, 30)
# Besides the family home (figures `household_*`): the held-out home, never
# tuned on, and the German-speaking home (home.py's variants), with these
# figures each as `household_<variant>_<figure>`.
OTHER_VARIANTS: Final = ("held_out", "german")
VARIANT_FIGURES: Final = (
    "hit1",
    "hit5",
    "mrr",
    "questions",
    "answerable",
    "retention_30d",
    "retention_all_30d",
    "false_statements",
    "statements_checked",
    "memories_per_day",
    "tick_failures",
)


def figures_of(outcome: dict[str, Any]) -> dict[str, float | None]:
    """The flat figures of one replay's outcome (see replay.Outcome)."""
    flat: dict[str, float | None] = {}
    english = [(k, r) for k, r in outcome["ranks"] if not k.startswith("de_")]
    german = [r for k, r in outcome["ranks"] if k.startswith("de_")]
    scores = by_kind(english)
    overall = scores.pop("all", figures([]))
    flat["household_hit1"] = overall["hit1"]
    flat["household_hit5"] = overall["hit5"]
    flat["household_mrr"] = overall["mrr"]
    flat["household_questions"] = overall["questions"]
    # The share of questions some memory (in any tier) answers: the ceiling.
    flat["household_answerable"] = outcome["answerable"] / max(overall["questions"], 1)
    for kind, score in scores.items():
        flat[f"household_hit1_{kind}"] = score["hit1"]
        flat[f"household_hit5_{kind}"] = score["hit5"]
    # The German subset: the same questions in German, scored apart.
    if german:
        de = figures(german)
        flat["household_de_hit1"] = de["hit1"]
        flat["household_de_hit5"] = de["hit5"]
        flat["household_de_mrr"] = de["mrr"]
        flat["household_de_questions"] = de["questions"]
    for age in AGES:
        for name, classes in (("", {"observation"}), ("_all", None)):
            reached = [
                memory["recallable"][str(age)]
                if str(age) in memory["recallable"]
                else memory["recallable"].get(age)
                for memory in outcome["tracked"]
                if classes is None or memory["weight_class"] in classes
            ]
            reached = [value for value in reached if value is not None]
            flat[f"household_retention{name}_{age}d"] = (
                sum(reached) / len(reached) if reached else None
            )
    statements = outcome["statements"]
    flat["household_false_statements"] = float(
        sum(false for _checked, false in statements.values())
    )
    flat["household_statements_checked"] = float(
        sum(checked for checked, _false in statements.values())
    )
    for kind, (checked, false) in sorted(statements.items()):
        flat[f"household_false_{kind}"] = float(false)
        flat[f"household_checked_{kind}"] = float(checked)
    days = max(outcome["days"], 1)
    flat["household_memories_per_day"] = outcome["memories_created"] / days
    flat["household_memories_active_at_end"] = float(outcome["memories_active_at_end"])
    flat["household_changes_per_day"] = outcome["changes"] / days
    flat["household_days"] = float(outcome["days"])
    flat["household_replay_s"] = outcome["replay_s"]
    flat["household_tick_failures"] = float(outcome.get("tick_failures", 0))
    return flat


def variant_figures(name: str, outcome: dict[str, Any]) -> dict[str, float | None]:
    """A variant's main figures, named `household_<name>_<figure>` (a German
    home's questions are all German: scored as its questions)."""
    plain = dict(outcome)
    plain["ranks"] = [(k.removeprefix("de_"), r) for k, r in outcome["ranks"]]
    flat = figures_of(plain)
    out = {
        f"household_{name}_{figure}": flat.get(f"household_{figure}")
        for figure in VARIANT_FIGURES
    }
    for key, value in flat.items():
        if key.startswith("household_hit5_"):
            out[f"household_{name}_{key.removeprefix('household_')}"] = value
    return out


def run_replay(
    days: int, log: Callable[[str], None], variant: str = "family"
) -> dict[str, Any]:
    """The replay in a child process (its own Home Assistant and frozen time)."""
    log(
        f"household ({variant}): {days} simulated days in Home Assistant "
        "(child process)"
    )
    outcome, error = run_child(
        "benchmarks.household.replay", "--days", str(days), "--variant", variant
    )
    if error is not None:
        raise RuntimeError(error)
    return cast("dict[str, Any]", outcome)


def measure(
    log: Callable[[str], None], *, quick: bool = False
) -> tuple[dict[str, float | None], list[str]]:
    """Figures and notes (the worst answers and false statements, for reading)."""
    days = QUICK_DAYS if quick else DAYS
    outcome = run_replay(days, log)
    # Every question with its rank and top answer, for reading afterwards.
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    (CACHE_DIR / "household-outcome.json").write_text(json.dumps(outcome, indent=1))
    flat = figures_of(outcome)
    for name in OTHER_VARIANTS:
        other = run_replay(days, log, name)
        (CACHE_DIR / f"household-outcome-{name}.json").write_text(
            json.dumps(other, indent=1)
        )
        flat.update(variant_figures(name, other))
    notes = [
        f"household false statement: {text}" for text in outcome["false_examples"][:5]
    ]
    notes += [f"household observer tick failed: {e}" for e in outcome["tick_errors"]]
    missed = [a for a in outcome["asked"] if a["rank"] is None or a["rank"] > 5]
    notes += [f"household missed ({a['kind']}): {a['q']}" for a in missed[:5]]
    return flat, notes
