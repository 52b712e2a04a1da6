"""The searches a person may continue ("more", "number two"), by token.

Kept a quarter of an hour on the store's clock (the household's time), at
most `MAX_CURSORS` in all and `MAX_CURSORS_PER_PERSON` of each person's: one
person's searches never push out another's listing (review s26 L2: Ben's
265 recalls wiped Anna's "number one"). Only the person who searched may
continue a search.
"""

from __future__ import annotations

from collections import OrderedDict
import secrets
import threading
from typing import TYPE_CHECKING, Final, Protocol

if TYPE_CHECKING:
    from collections.abc import Callable

CURSOR_TTL_SECONDS: Final = 15 * 60
MAX_CURSORS: Final = 256
MAX_CURSORS_PER_PERSON: Final = 32


class Continued(Protocol):
    """What a kept search says of itself: whose it is and when it began."""

    @property
    def owner(self) -> str | None:
        """The user id of the person who searched (None: the household)."""
        ...

    @property
    def created(self) -> float:
        """When, on the store's clock (unix seconds)."""
        ...


class Cursors[C: Continued]:
    """Searches by token, bounded and expiring; safe across threads."""

    def __init__(self, clock: Callable[[], float]) -> None:
        """Start empty; `clock` is the store's."""
        self._clock = clock
        self._kept: OrderedDict[str, C] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, cursor: C) -> str:
        """Keep `cursor`; its new token. Past their share, the person's own
        oldest search makes room."""
        token = secrets.token_urlsafe(9)
        with self._lock:
            self._expire()
            theirs = [t for t, kept in self._kept.items() if kept.owner == cursor.owner]
            for old in theirs[: max(0, len(theirs) - MAX_CURSORS_PER_PERSON + 1)]:
                del self._kept[old]
            while len(self._kept) >= MAX_CURSORS:
                self._kept.popitem(last=False)
            self._kept[token] = cursor
        return token

    def get(self, token: str, owner: str | None) -> C | None:
        """`owner`'s search `token`; None when it lapsed, made room or is
        another person's."""
        with self._lock:
            self._expire()
            cursor = self._kept.get(token)
        return cursor if cursor is not None and cursor.owner == owner else None

    def _expire(self) -> None:
        """Drop the searches that lapsed (under the lock); only `add` drops
        one for room, so reading a full set never loses a search."""
        now = self._clock()
        while self._kept:
            token, oldest = next(iter(self._kept.items()))
            if now - oldest.created < CURSOR_TTL_SECONDS:
                break
            del self._kept[token]
