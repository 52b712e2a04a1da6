"""Requests for which memory never helps: timers, the time, "cancel".

The per-turn context skips them (retrieval's `context`): a memory beside
"set a timer for 10 minutes" only costs the model tokens. Plain Python, no
Home Assistant imports.
"""

from __future__ import annotations

import re

# Intents and requests for which memory never helps: timers, the time, "cancel".
SKIP_INTENTS = frozenset(
    {
        "timer_set", "timer_query", "time_query", "cancel",
        "HassStartTimer", "HassCancelTimer", "HassCancelAllTimers",
        "HassIncreaseTimer", "HassDecreaseTimer", "HassPauseTimer",
        "HassUnpauseTimer", "HassTimerStatus", "HassGetCurrentTime",
        "HassGetCurrentDate", "HassNevermind",
    }
)  # fmt: skip
_SKIP_UTTERANCE = re.compile(
    r"^\s*(?:(?:please\s+)?(?:set|start|cancel|stop|pause|resume)\s+(?:a\s+|the\s+|my\s+)?"
    r"(?:\d+\s*\w*\s+)?timer\b|how\s+(?:much|long)\s+(?:time\s+)?(?:is\s+)?left\b"
    r"|what(?:'s|\s+is)\s+the\s+(?:time|date)\b|what\s+time\s+is\s+it\b"
    r"|(?:never\s*mind|cancel|stop|nothing)\s*[.!]?\s*$)",
    re.IGNORECASE,
)


def never_needs_memory(utterance: str, intent: str | None = None) -> bool:
    """True for timers, the time, and cancellations."""
    return (intent is not None and intent in SKIP_INTENTS) or bool(
        _SKIP_UTTERANCE.search(utterance)
    )
