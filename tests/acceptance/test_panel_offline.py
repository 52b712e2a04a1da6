"""The Memory panel in Chromium against a stand-in `hass` (no Home Assistant).

The committed bundle runs in a page served by Playwright itself; the
websocket commands answer from `panel/fake_hass.js`. These pin what the real
API cannot be made to do on demand: Home Memory not loaded, an empty store,
live events of every kind, a read-only user.
"""

from __future__ import annotations

import json
from pathlib import Path
import re
from typing import TYPE_CHECKING, Any

import pytest

from custom_components.home_memory.runtime.panel import BUNDLE_PATH

from .conftest import browser_optional
from .hass_instance import run_sync
from .test_browser import CHROMIUM, CHROMIUM_FLAGS

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from playwright.async_api import Locator, Page

ORIGIN = "http://panel.test"
FAKE_HASS = Path(__file__).parent / "panel" / "fake_hass.js"
STRINGS = BUNDLE_PATH.parents[1] / "strings.json"
TIMEOUT_MS = 15_000
ANNA = {"id": "anna", "name": "Anna", "is_admin": True, "can_write": True}
GUEST = {"id": "guest", "name": "Guest", "is_admin": False, "can_write": False}
_PAGE = """<!doctype html><html><head><meta charset="utf-8"></head><body>
<script src="/fake_hass.js"></script>
<script type="module" src="/bundle.js"></script></body></html>"""


def _resources() -> dict[str, str]:
    """The panel's strings as `frontend/get_translations` hands them over."""
    strings = json.loads(STRINGS.read_text("utf-8"))
    flat: dict[str, str] = {}

    def walk(tree: dict[str, Any], prefix: str) -> None:
        for name, value in tree.items():
            if isinstance(value, dict):
                walk(value, f"{prefix}{name}.")
            else:
                flat[f"{prefix}{name}"] = value

    walk(strings["panel"], "component.home_memory.panel.")
    walk(strings["exceptions"], "component.home_memory.exceptions.")
    return flat


def memory(number: int, **fields: Any) -> dict[str, Any]:
    """A memory object as the websocket API sends it."""
    return {
        "id": f"m{number}",
        "content": f"Memory number {number}.",
        "summary": "",
        "kind": "fact",
        "weight_class": "significant",
        "importance": 0.5,
        "effective_importance": 0.5,
        "emotion": None,
        "people": [],
        "location": None,
        "time_of_day": None,
        "day_type": None,
        "tags": [],
        "source": "explicit",
        "origin": "action",
        "source_ids": [],
        "speaker": None,
        "owner": None,
        "owner_name": None,
        "visibility": "household",
        "segment_start": None,
        "segment_end": None,
        "created_at": f"2026-11-23T10:{number:02d}:00+00:00",
        "updated_at": f"2026-11-23T10:{number:02d}:00+00:00",
        "last_accessed_at": None,
        "access_count": 0,
        "expires_at": None,
        "tier": "active",
        "deleted_at": None,
        "deleted_by": None,
        "archived_at": None,
        "embedding_model": None,
        "version": 1,
        "thread": None,
        **fields,
    }


def info(user: dict[str, Any]) -> dict[str, Any]:
    """`home_memory/info` for `user`."""
    return {
        "user": user,
        "panel": {"non_admins": True},
        "people": ["Anna", "Ben"],
        "tiers": ["active", "archived", "deleted"] if user["is_admin"] else ["active"],
        "counts": {"active": 2, "private": 0, "proposals": 0},
        "search_min_relevance": 0.3,
        "observer": True,
    }


def run_panel(
    scenario: Callable[[Page], Awaitable[None]],
    handlers: dict[str, Any],
    *,
    user: dict[str, Any] = ANNA,
    path: str = "",
) -> None:
    """Open the panel at `path` with commands answering from `handlers`.

    A handler is JSON (the answer) or {"error": {...}} (the failure).
    """
    if not Path(CHROMIUM).exists():
        if browser_optional():
            pytest.skip("no Chromium and HOME_MEMORY_SKIP_BROWSER is set")
        pytest.fail(f"Chromium not found at {CHROMIUM}: run scripts/setup")
    from playwright.async_api import Route, async_playwright

    files = {
        "/fake_hass.js": FAKE_HASS.read_bytes(),
        "/bundle.js": BUNDLE_PATH.read_bytes(),
    }

    async def serve(route: Route) -> None:
        url_path = route.request.url.removeprefix(ORIGIN).split("?")[0]
        if url_path in files:
            await route.fulfill(body=files[url_path], content_type="text/javascript")
        else:
            await route.fulfill(body=_PAGE, content_type="text/html")

    async def run() -> None:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True
            )
            try:
                page = await browser.new_page(viewport={"width": 1000, "height": 800})
                page.set_default_timeout(TIMEOUT_MS)
                errors: list[str] = []
                page.on("pageerror", lambda err: errors.append(str(err)))
                await page.route(f"{ORIGIN}/**", serve)
                await page.goto(f"{ORIGIN}/memory{path}")
                await page.wait_for_function(
                    "Boolean(customElements.get('home-memory-panel'))"
                )
                await page.evaluate(
                    """([handlers]) => {
                      for (const [type, answer] of Object.entries(handlers)) {
                        window.fake.handlers[type] = (message) => {
                          if (answer && answer.error) throw answer.error;
                          if (answer && answer.paged) {
                            return window.page(answer, message);
                          }
                          if (answer && answer.held) {
                            // Answered when the test calls window.release().
                            const copy = structuredClone(answer.held);
                            return new Promise((resolve) => {
                              window.release = () => resolve(copy);
                            });
                          }
                          return structuredClone(answer);
                        };
                      }
                      // {paged: N, memory}: N memories, `limit` at a time by
                      // cursor, the count on the first page only (as the API).
                      window.page = ({ paged, memory }, { limit, cursor }) => {
                        const start = Number(cursor || 0);
                        const end = Math.min(paged, start + limit);
                        const memories = [];
                        for (let n = start; n < end; n++) {
                          const content = `Memory number ${n}.`;
                          memories.push({ ...memory, id: `m${n}`, content });
                        }
                        return {
                          memories,
                          next_cursor: end < paged ? String(end) : null,
                          total: cursor ? null : paged,
                        };
                      };
                    }""",
                    [handlers],
                )
                await page.evaluate(
                    "([strings, user, path]) => window.openPanel(strings, user, path)",
                    [_resources(), user, path],
                )
                await scenario(page)
                assert errors == []
            finally:
                await browser.close()

    run_sync(run())


def view(page: Page) -> Locator:
    """The panel element."""
    return page.locator("home-memory-panel")


async def sent(page: Page, kind: str) -> list[dict[str, Any]]:
    """The messages of one command type the panel sent so far."""
    result: list[dict[str, Any]] = await page.evaluate(
        "type => window.fake.sent.filter(m => m.type === type)", kind
    )
    return result


def _list(*memories: dict[str, Any]) -> dict[str, Any]:
    return {"memories": list(memories), "next_cursor": None, "total": len(memories)}


def test_not_loaded_says_where_to_look() -> None:
    """Without Home Memory's commands the panel says to check the integration."""

    async def scenario(page: Page) -> None:
        await (
            view(page)
            .get_by_text(re.compile(r"Home Memory is not running\. Open Settings"))
            .wait_for()
        )
        await view(page).get_by_role("button", name="Try again").wait_for()

    run_panel(scenario, {})


def test_an_empty_store_says_how_to_remember() -> None:
    """No memories yet: the list explains how memories are made."""

    async def scenario(page: Page) -> None:
        await view(page).get_by_text("Nothing remembered yet").wait_for()
        await view(page).get_by_text(re.compile("remember that")).wait_for()

    run_panel(scenario, {"home_memory/info": info(ANNA), "home_memory/list": _list()})


def test_live_events_add_change_and_drop_rows() -> None:
    """created prepends, updated rewrites, forgotten and hidden drop, purged too."""

    async def scenario(page: Page) -> None:
        rows = view(page).locator("li.memory")
        await rows.first.wait_for()
        assert await rows.count() == 2

        async def emit(event: dict[str, Any]) -> None:
            await page.evaluate("event => window.fake.emit(event)", event)

        await emit({"type": "created", "memory": memory(3)})
        await rows.first.get_by_text("Memory number 3.").wait_for()
        await view(page).get_by_text("3 memories").wait_for()
        await emit({"type": "updated", "memory": memory(1, content="Rewritten one.")})
        await rows.filter(has_text="Rewritten one.").wait_for()
        await emit({"type": "forgotten", "memory_id": "m3", "memory": None})
        await emit({"type": "hidden", "memory_id": "m2"})
        await emit({"type": "purged", "memory_id": "m1"})
        await view(page).get_by_text("Nothing remembered yet").wait_for()
        # A memory of another tier than the one shown does not appear (events
        # are handled in order: once 5 is shown, 4 was passed over).
        await emit({"type": "created", "memory": memory(4, tier="deleted")})
        await emit({"type": "created", "memory": memory(5)})
        await rows.first.get_by_text("Memory number 5.").wait_for()
        assert await rows.count() == 1

    run_panel(
        scenario,
        {
            "home_memory/info": info(ANNA),
            "home_memory/list": _list(memory(2), memory(1)),
        },
    )


def test_a_short_first_page_is_topped_up_before_show_more() -> None:
    """The first screen asks for 20 memories, then 30 more: "Show more" after 50."""

    async def scenario(page: Page) -> None:
        rows = view(page).locator("li.memory")
        await view(page).get_by_role("button", name="Show more").wait_for()
        await page.wait_for_function(
            "performance.getEntriesByName('home-memory-first-results').length > 0"
        )
        await view(page).locator("li.memory >> nth=49").wait_for()
        assert await rows.count() == 50
        await view(page).get_by_text("120 memories").wait_for()
        await view(page).get_by_role("button", name="Show more").click()
        await view(page).locator("li.memory >> nth=99").wait_for()
        assert await rows.count() == 100
        lists = await sent(page, "home_memory/list")
        asked = [(message["limit"], message.get("cursor")) for message in lists]
        assert asked == [(20, None), (30, "20"), (50, "50")]

    run_panel(
        scenario,
        {
            "home_memory/info": info(ANNA),
            "home_memory/list": {"paged": 120, "memory": memory(0)},
        },
    )


def test_info_is_asked_for_after_the_first_page() -> None:
    """The rights and counts wait for the first page (they share its reader)."""

    async def scenario(page: Page) -> None:
        await page.wait_for_function("typeof window.release === 'function'")
        await view(page).get_by_role("searchbox", name="Search memories").wait_for()
        assert await sent(page, "home_memory/info") == []
        await page.evaluate("window.release()")
        await view(page).locator("li.memory").first.wait_for()
        await page.wait_for_function(
            "window.fake.sent.some(m => m.type === 'home_memory/info')"
        )

    run_panel(
        scenario,
        {
            "home_memory/info": info(ANNA),
            "home_memory/list": {"held": _list(memory(1))},
        },
    )


def test_filters_and_search_send_what_was_chosen() -> None:
    """A kind filter goes into the list request; typing searches with it."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        await panel.locator("li.memory").first.wait_for()
        await panel.locator("details.filters summary").click()
        await panel.get_by_label("Kind").select_option("preference")
        await panel.get_by_text("Filters (1)").wait_for()
        lists = await sent(page, "home_memory/list")
        assert lists[-1]["kinds"] == ["preference"]
        await panel.get_by_role("searchbox", name="Search memories").fill("tea")
        await panel.get_by_text(re.compile("found for")).wait_for()
        searches = await sent(page, "home_memory/search")
        assert searches[-1]["query"] == "tea"
        assert searches[-1]["kinds"] == ["preference"]
        await panel.get_by_text("81%").wait_for()

    scored = {**memory(1), "relevance": 0.81, "score": 0.7}
    run_panel(
        scenario,
        {
            "home_memory/info": info(ANNA),
            "home_memory/list": _list(memory(1)),
            "home_memory/search": {
                "memories": [scored],
                "total": 1,
                "next_offset": None,
                "min_relevance": 0.3,
                "retrieval_mode": "hybrid",
            },
        },
    )


def test_a_read_only_user_gets_no_buttons_that_write() -> None:
    """A read-only person sees a memory but no Edit, Forget, undo or purge."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        await panel.locator("h2#memory-text").get_by_text("Memory number 1.").wait_for()
        await panel.get_by_text("Version 1", exact=True).wait_for()
        for name in ("Edit", "Forget", "Delete for good", "Go back to this version"):
            assert await panel.get_by_role("button", name=name).count() == 0

    got = {
        "memory": memory(1, version=2),
        "decay": {
            "factor": 0.9,
            "half_life_days": 90,
            "days_since_access": 3,
            "access_bonus": 0.5,
            "class_weight": 1,
            "effective_importance_now": 0.45,
        },
        "provenance": {"origin": "action", "conversation": None, "events": []},
        "history": [
            {
                "version": 1,
                "replaced_at": "2026-11-23T11:00:00+00:00",
                "replaced_by": "anna",
                "content": "Memory number one.",
                "kind": "fact",
                "importance": 0.5,
            }
        ],
    }
    run_panel(
        scenario,
        {
            "home_memory/info": info(GUEST),
            "home_memory/list": _list(memory(1)),
            "home_memory/get": got,
        },
        user=GUEST,
        path="/m/m1",
    )


def test_a_long_list_of_observed_changes_opens_on_request() -> None:
    """Twelve kept changes show eight and a button for all (seconds when they
    share a minute); a memory told before events were kept says so."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        await panel.get_by_text("Made from these changes").wait_for()
        listed = panel.locator("ol.events li")
        assert await listed.count() == 8
        # Home Assistant's own wording is not there (no formatEntityState):
        # the states show as recorded, the seconds tell the changes apart.
        first = await listed.first.inner_text()
        assert "Hall light: off → on" in first
        assert re.search(r"\d:\d\d:\d\d", first), first
        assert "· Hall" in first
        more = panel.get_by_role("button", name="Show all 12 changes")
        await more.click()
        assert await listed.count() == 12
        await panel.get_by_role("button", name="Show fewer").click()
        assert await listed.count() == 8
        await page.evaluate(
            "answer => { window.fake.handlers['home_memory/get'] = () => answer; }",
            got(memory(2, source="observed", origin="observed"), []),
        )
        await page.evaluate("window.history.pushState(null, '', '/memory/m/m2')")
        await page.evaluate("window.dispatchEvent(new Event('location-changed'))")
        await panel.get_by_text(
            "Told from 2 changes the home noticed, before it kept their details."
        ).wait_for()
        assert await panel.locator("ol.events").count() == 0

    events = [
        {
            "at": f"2026-11-23T17:02:{i:02d}+00:00",
            "entity_id": "light.hall",
            "name": "Hall light",
            "area": "Hall",
            "device_class": None,
            "old_state": "off" if i % 2 == 0 else "on",
            "new_state": "on" if i % 2 == 0 else "off",
        }
        for i in range(12)
    ]
    observed = memory(1, source="observed", origin="observed")

    def got(item: dict[str, Any], kept: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "memory": item,
            "decay": None,
            "provenance": {
                "origin": "observed",
                "conversation": None,
                "events": kept,
                "event_ids": [f"event:{i}" for i in range(len(kept) or 2)],
            },
            "history": [],
        }

    run_panel(
        scenario,
        {
            "home_memory/info": info(ANNA),
            "home_memory/list": _list(observed),
            "home_memory/get": got(observed, events),
            "home_memory/audit_log": {"entries": [], "next_cursor": None},
        },
        path="/m/m1",
    )
