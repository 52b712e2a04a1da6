"""The figures as a table with targets, and as one flat JSON object."""

from __future__ import annotations

from dataclasses import dataclass
import json
import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

type Figures = dict[str, float | None]


@dataclass(frozen=True, slots=True)
class Target:
    """A goal for one figure; `check` gets all figures, None = not decidable."""

    figure: str
    text: str
    check: Callable[[Figures], bool | None]


def _at_most(name: str, limit: float) -> Callable[[Figures], bool | None]:
    return lambda f: None if f.get(name) is None else f[name] <= limit  # type: ignore[operator]


def _at_least(name: str, limit: float) -> Callable[[Figures], bool | None]:
    return lambda f: None if f.get(name) is None else f[name] >= limit  # type: ignore[operator]


def _not_above(name: str, other: str) -> Callable[[Figures], bool | None]:
    def check(f: Figures) -> bool | None:
        mine, theirs = f.get(name), f.get(other)
        return None if mine is None or theirs is None else mine <= theirs

    return check


TARGETS: tuple[Target, ...] = (
    Target("e2e_p95_ms_100000", "<= 15", _at_most("e2e_p95_ms_100000", 15.0)),
    Target(
        "search_p95_ms_100000",
        "<= chroma_search_p95_ms_100000",
        _not_above("search_p95_ms_100000", "chroma_search_p95_ms_100000"),
    ),
    Target(
        "insert_per_s_with_vectors",
        ">= 2000",
        _at_least("insert_per_s_with_vectors", 2000.0),
    ),
    Target("ha_setup_s_100000", "< 2", _at_most("ha_setup_s_100000", 2.0)),
    Target("listener_us_per_event", "< 50", _at_most("listener_us_per_event", 50.0)),
    Target(
        "retention_after_30_days",
        ">= 0.95",
        _at_least("retention_after_30_days", 0.95),
    ),
    Target(
        "assist_turn_added_ms_p95",
        "<= 20",
        _at_most("assist_turn_added_ms_p95", 20.0),
    ),
    Target(
        "hass_rss_added_mb_10000",
        "<= 200",
        _at_most("hass_rss_added_mb_10000", 200.0),
    ),
    Target("household_hit5", ">= 0.90", _at_least("household_hit5", 0.90)),
    Target("household_hit1", ">= 0.60", _at_least("household_hit1", 0.60)),
    Target(
        "household_retention_30d",
        ">= 0.95",
        _at_least("household_retention_30d", 0.95),
    ),
    Target(
        "household_false_statements",
        "== 0",
        _at_most("household_false_statements", 0.0),
    ),
    Target(
        "german_de_hit1_multilingual",
        ">= 0.85",
        _at_least("german_de_hit1_multilingual", 0.85),
    ),
    Target(
        "german_en_hit1_multilingual",
        ">= 0.80",
        _at_least("german_en_hit1_multilingual", 0.80),
    ),
    Target(
        "panel_first_paint_ms_10000",
        "<= 1000",
        _at_most("panel_first_paint_ms_10000", 1000.0),
    ),
)


def _format(name: str, value: float | None) -> str:  # noqa: PLR0911 - a return per kind
    if value is None:
        return "null"
    if not math.isfinite(value):
        return str(value)
    if name.startswith(("ha_setup_", "ha_hybrid_ready_")):
        return f"{value:.2f}"
    if "_per_s" in name or name.endswith(("_s", "_timed")):
        return f"{value:,.0f}" if value >= 100 else f"{value:.1f}"
    if name.startswith(("household_false_", "household_checked_")) or name in {
        "household_false_statements",
        "household_statements_checked",
        "household_questions",
        "household_de_questions",
        "household_days",
        "household_tick_failures",
        "household_memories_active_at_end",
    }:
        return f"{value:.0f}"
    if "locomo" in name or "recall" in name or name.startswith("household_"):
        return f"{value:.3f}"
    return f"{value:.2f}"


def table(figures: Figures, reasons: dict[str, str]) -> str:
    """Figure, value, target and pass/fail, one line each, then why any is null."""
    targets = {t.figure: t for t in TARGETS}
    rows = [("figure", "value", "target", "result")]
    for name, value in figures.items():
        target = targets.get(name)
        verdict = None if target is None else target.check(figures)
        rows.append(
            (
                name,
                _format(name, value),
                "" if target is None else target.text,
                ""
                if target is None
                else {True: "pass", False: "FAIL", None: "n/a"}[verdict],
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = [
        "  ".join(
            (
                row[0].ljust(widths[0]),
                row[1].rjust(widths[1]),
                row[2].ljust(widths[2]),
                row[3],
            )
        ).rstrip()
        for row in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines += [f"  {name}: null because {why}" for name, why in reasons.items()]
    return "\n".join(lines)


def write_json(path: Path, figures: Figures) -> None:
    """One flat object, name -> number or null; infinities become null."""
    clean = {
        name: (round(value, 4) if value is not None and math.isfinite(value) else None)
        for name, value in figures.items()
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(clean, indent=1) + "\n")
