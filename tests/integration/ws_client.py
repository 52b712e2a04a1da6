"""A user's websocket connection speaking `home_memory/...`, for the tests."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from pytest_homeassistant_custom_component.common import CLIENT_ID

from custom_components.home_memory.const import DOMAIN

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser


class Client:
    """One user's websocket connection, speaking `home_memory/...`.

    Events of a subscription that arrive while a command waits for its
    result are kept, in order, for `events`.
    """

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.stashed: list[dict[str, Any]] = []

    async def answer(self, name: str, **fields: Any) -> dict[str, Any]:
        """The whole result message of one command."""
        await self.ws.send_json_auto_id({"type": f"{DOMAIN}/{name}", **fields})
        while True:
            msg: dict[str, Any] = await self.ws.receive_json()
            if msg["type"] == "event":
                self.stashed.append(msg["event"])
                continue
            assert msg["type"] == "result", msg
            return msg

    async def ok(self, name: str, **fields: Any) -> Any:
        """The result of a command that must succeed."""
        msg = await self.answer(name, **fields)
        assert msg["success"], msg
        return msg["result"]

    async def error(self, name: str, **fields: Any) -> dict[str, Any]:
        """The error of a command that must fail."""
        msg = await self.answer(name, **fields)
        assert not msg["success"], msg
        error: dict[str, Any] = msg["error"]
        assert error["translation_domain"] == DOMAIN
        # The message is the translation, not the bare key.
        assert error["message"]
        assert error["message"] != error["translation_key"]
        return error

    async def events(self, count: int) -> list[dict[str, Any]]:
        """The next `count` events (stashed ones first)."""
        while len(self.stashed) < count:
            msg = await asyncio.wait_for(self.ws.receive_json(), 5)
            assert msg["type"] == "event", msg
            self.stashed.append(msg["event"])
        taken, self.stashed = self.stashed[:count], self.stashed[count:]
        return taken

    async def quiet(self) -> None:
        """No event is waiting: a round trip returns nothing but its result."""
        await self.ok("info")
        assert self.stashed == []


async def user_token(hass: HomeAssistant, user: MockUser) -> str:
    """An access token for `user`, as a browser holds one."""
    refresh = await hass.auth.async_create_refresh_token(user, CLIENT_ID)
    return hass.auth.async_create_access_token(refresh)
