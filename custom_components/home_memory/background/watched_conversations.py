"""Which conversations conversation capture watches, which it ignores, and their timers.

Each chat-log event of a watched conversation only (re)arms a short timer
(background/conversation_capture.py has why); the timer belongs to the
conversation and goes with it. Both sets are bounded: the oldest watched
conversation is dropped (its timer cancelled), the oldest ignored id
forgotten.
"""

from __future__ import annotations

from datetime import timedelta
from functools import partial
from typing import TYPE_CHECKING, Any, Final

from homeassistant.core import HassJob, HomeAssistant, callback
from homeassistant.helpers.event import async_call_later

from ..const import DOMAIN
from .chat_turns import Watched

if TYPE_CHECKING:
    from collections.abc import Callable, Coroutine, Iterator
    from datetime import datetime

# Quiet time after a chat-log event before the stored log is read.
CAPTURE_DELAY: Final = timedelta(seconds=2)
# Conversations watched at once, and ignored ids remembered.
MAX_WATCHED: Final = 256
MAX_IGNORED: Final = 1024

type OnQuiet = Callable[[str, datetime], Coroutine[Any, Any, None]]


class WatchedConversations:
    """The conversations being captured, each with its timer, and those ignored."""

    def __init__(self, hass: HomeAssistant, on_quiet: OnQuiet) -> None:
        """`on_quiet(conversation_id, now)` runs when a conversation's timer fires."""
        self._hass = hass
        self._on_quiet = on_quiet
        self._watched: dict[str, Watched] = {}
        self._ignored: dict[str, None] = {}

    def get(self, conversation_id: str) -> Watched | None:
        """The conversation's state if it is watched."""
        return self._watched.get(conversation_id)

    def items(self) -> list[tuple[str, Watched]]:
        """Every watched conversation (a copy: reading may change the set)."""
        return list(self._watched.items())

    def __iter__(self) -> Iterator[str]:
        """The ids of the watched conversations."""
        return iter(self._watched)

    def is_current(self, conversation_id: str, watched: Watched) -> bool:
        """Whether `watched` is still what is watched for this conversation."""
        return self._watched.get(conversation_id) is watched

    @callback
    def start(self, conversation_id: str) -> Watched:
        """Watch a conversation; the oldest go beyond `MAX_WATCHED`."""
        watched = self._watched[conversation_id] = Watched()
        while len(self._watched) > MAX_WATCHED:
            oldest = next(iter(self._watched))
            _cancel(self._watched.pop(oldest))
        return watched

    @callback
    def stop(self, conversation_id: str) -> Watched | None:
        """Watch a conversation no more (its timer cancelled); what was known."""
        if (watched := self._watched.pop(conversation_id, None)) is not None:
            _cancel(watched)
        return watched

    @callback
    def ignore(self, conversation_id: str) -> None:
        """Stop watching a conversation and ignore its events until it ends."""
        self.stop(conversation_id)
        self._ignored[conversation_id] = None
        while len(self._ignored) > MAX_IGNORED:
            del self._ignored[next(iter(self._ignored))]

    @callback
    def is_ignored(self, conversation_id: str, *, ended: bool) -> bool:
        """Whether this event of the conversation is ignored.

        The conversation's end is its last event: it is forgotten then.
        """
        if conversation_id not in self._ignored:
            return False
        if ended:
            del self._ignored[conversation_id]
        return True

    @callback
    def arm(self, conversation_id: str, watched: Watched) -> None:
        """Read the conversation once it has been quiet for `CAPTURE_DELAY`."""
        _cancel(watched)
        watched.cancel_timer = async_call_later(
            self._hass,
            CAPTURE_DELAY,
            HassJob(
                partial(self._on_quiet, conversation_id),
                f"{DOMAIN} capture",
                cancel_on_shutdown=True,
            ),
        )

    @callback
    def cancel_timer(self, watched: Watched) -> None:
        """Cancel one conversation's timer; it stays watched."""
        _cancel(watched)

    @callback
    def async_clear(self) -> None:
        """Watch nothing more (the entry unloads): every timer is cancelled."""
        for watched in self._watched.values():
            _cancel(watched)
        self._watched.clear()


def _cancel(watched: Watched) -> None:
    if watched.cancel_timer is not None:
        watched.cancel_timer()
        watched.cancel_timer = None
