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

from .conftest import SCREENSHOTS, browser_optional
from .hass_instance import run_sync
from .test_browser import CHROMIUM, CHROMIUM_FLAGS

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from playwright.async_api import Locator, Page

ORIGIN = "http://panel.test"
FAKE_HASS = Path(__file__).parent / "panel" / "fake_hass.js"
STRINGS = BUNDLE_PATH.parents[1] / "strings.json"
TRANSLATIONS = BUNDLE_PATH.parents[1] / "translations"
TIMEOUT_MS = 15_000
ANNA = {"id": "anna", "name": "Anna", "is_admin": True, "can_write": True}
GUEST = {"id": "guest", "name": "Guest", "is_admin": False, "can_write": False}
_PAGE = """<!doctype html><html><head><meta charset="utf-8"></head><body>
<script src="/fake_hass.js"></script>
<script type="module" src="/bundle.js"></script></body></html>"""


def _resources(language: str = "en") -> dict[str, str]:
    """The panel's strings in `language` as `frontend/get_translations`
    hands them over."""
    source = STRINGS if language == "en" else TRANSLATIONS / f"{language}.json"
    strings = json.loads(source.read_text("utf-8"))
    flat: dict[str, str] = {}

    def walk(tree: dict[str, Any], prefix: str) -> None:
        for name, value in tree.items():
            if isinstance(value, dict):
                walk(value, f"{prefix}{name}.")
            else:
                flat[f"{prefix}{name}"] = value

    walk(strings["config_panel"], "component.home_memory.config_panel.")
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
    browser_zone: str = "Europe/Berlin",
    profile_time_zone: str = "server",
    language: str = "en",
) -> None:
    """Open the panel at `path` with commands answering from `handlers`.

    A handler is JSON (the answer) or {"error": {...}} (the failure). The home
    is in Europe/Berlin; the browser's clock is `browser_zone`, and the
    person's profile shows times in the home's zone ("server") or the
    browser's ("local", Home Assistant's default). `language` is the
    person's (their Home Assistant profile's).
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
                page = await browser.new_page(
                    viewport={"width": 1000, "height": 800}, timezone_id=browser_zone
                )
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
                    "([zone, language]) => {"
                    " window.profileTimeZone = zone; window.hassLanguage = language; }",
                    [profile_time_zone, language],
                )
                await page.evaluate(
                    "([strings, user, path]) => window.openPanel(strings, user, path)",
                    [_resources(language), user, path],
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


def test_clearing_the_last_filter_leaves_the_filters_open() -> None:
    """The filters box stays open when its last filter is cleared (it snapped shut)."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        await panel.locator("li.memory").first.wait_for()
        await panel.locator("details.filters summary").click()
        await panel.get_by_label("Kind").select_option("preference")
        await panel.get_by_text("Filters (1)").wait_for()
        await panel.get_by_label("Kind").select_option("")
        await panel.get_by_text("Filters", exact=True).wait_for()
        assert await panel.locator("details.filters").evaluate("d => d.open")
        await panel.get_by_label("Kind").select_option("fact")
        await panel.get_by_text("Filters (1)").wait_for()

    run_panel(
        scenario,
        {"home_memory/info": info(ANNA), "home_memory/list": _list(memory(1))},
    )


def test_an_observed_row_says_observation_once() -> None:
    """A list row of an observed memory has no "Observed" chip beside "Observation"."""

    async def scenario(page: Page) -> None:
        row = view(page).locator("li.memory").first
        await row.wait_for()
        chips = await row.locator(".chip").all_inner_texts()
        assert "Observation" in chips, chips
        assert "Observed" not in chips, chips

    observed = memory(1, source="observed", origin="observed", kind="observation")
    run_panel(
        scenario,
        {"home_memory/info": info(ANNA), "home_memory/list": _list(observed)},
    )


def test_a_read_only_user_gets_no_buttons_that_write() -> None:
    """A read-only person sees a memory but no Edit, Forget, undo or purge."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        await panel.locator("h2#memory-text").get_by_text("Memory number 1.").wait_for()
        await panel.get_by_text("Version 1", exact=True).wait_for()
        for name in ("Edit", "Forget", "Delete for good", "Go back to this version"):
            assert await panel.get_by_role("button", name=name).count() == 0
        # Never used: its fading counts from when it was made, in whole days.
        await panel.get_by_text("Not used since it was made, 3 days ago.").wait_for()

    got = {
        "memory": memory(1, version=2),
        "decay": {
            "factor": 0.9,
            "half_life_days": 90,
            "days_since_access": 3,
            "access_bonus": 0.5,
            "reinforcement": 1.0,
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


# Between the ends of a period, as Intl's formatRange writes it.
DASH = "\N{EN DASH}"
BEN = {"id": "ben", "name": "Ben", "is_admin": False, "can_write": True}
# How Home Assistant hands over a translated error (websocket_api's error).
MEMORY_NOT_FOUND = {
    "code": "not_found",
    "message": "There is no memory with ID m1 that you can see.",
    "translation_key": "memory_not_found",
    "translation_placeholders": {"id": "m1"},
}
MEMORY_CHANGED = {
    "code": "home_assistant_error",
    "message": "Memory m1 changed after it was shown, so nothing was done.",
    "translation_key": "memory_changed",
    "translation_placeholders": {"id": "m1"},
}


def got(item: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """`home_memory/get` for `item`, with no history and no provenance."""
    return {
        "memory": item,
        "decay": None,
        "provenance": {
            "origin": item["origin"],
            "conversation": None,
            "events": [],
            "event_ids": [],
        },
        "history": [],
        **fields,
    }


async def answer(page: Page, kind: str, body: str) -> None:
    """Make command `kind` answer with the JavaScript function `body` (message => …)."""
    await page.evaluate(
        f"() => {{ window.fake.handlers[{json.dumps(kind)}] = {body}; }}"
    )


async def emit(page: Page, event: dict[str, Any]) -> None:
    """Push one subscription event."""
    await page.evaluate("event => window.fake.emit(event)", event)


def test_forgotten_elsewhere_while_editing_closes_the_form() -> None:
    """A forget from another tab ends the edit: forgotten state, no form, no undo."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        await panel.get_by_role("button", name="Edit", exact=True).click()
        await panel.get_by_label("Text", exact=True).fill("Half typed")
        await emit(page, {"type": "forgotten", "memory_id": "m1", "memory": None})
        await panel.get_by_text(
            "This memory was forgotten. Assist no longer uses it; an administrator"
            " can restore it."
        ).wait_for()
        assert await panel.locator("form.edit").count() == 0
        assert (
            await panel.get_by_role("button", name="Go back to this version").count()
            == 0
        )
        assert await panel.get_by_role("button", name="Save").count() == 0

    item = memory(1, version=2)
    history = [
        {
            "version": 1,
            "replaced_at": "2026-11-23T11:00:00+00:00",
            "replaced_by": "ben",
            "content": "Memory number one.",
            "kind": "fact",
            "importance": 0.5,
        }
    ]
    run_panel(
        scenario,
        {"home_memory/info": info(BEN), "home_memory/get": got(item, history=history)},
        user=BEN,
        path="/m/m1",
    )


def test_saving_onto_a_memory_gone_meanwhile_says_so() -> None:
    """A save into a memory forgotten elsewhere shows the gone state, not the
    server's "no memory with ID …"."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        await panel.get_by_role("button", name="Edit", exact=True).click()
        await panel.get_by_label("Text", exact=True).fill("Saved into nothing")
        error = json.dumps(MEMORY_NOT_FOUND)
        await answer(page, "home_memory/update", f"() => {{ throw {error}; }}")
        await answer(page, "home_memory/get", f"() => {{ throw {error}; }}")
        await panel.get_by_role("button", name="Save", exact=True).click()
        await panel.get_by_text(
            "This memory was forgotten or deleted meanwhile, so your change was"
            " not saved."
        ).wait_for()
        text = await panel.inner_text()
        assert "There is no memory with ID" not in text
        assert await panel.locator("form.edit").count() == 0

    run_panel(
        scenario,
        {"home_memory/info": info(BEN), "home_memory/get": got(memory(1))},
        user=BEN,
        path="/m/m1",
    )


def test_an_edit_conflict_keeps_what_was_typed_beside_the_newer_version() -> None:
    """A save that lost a race keeps the typed text, shows the newer version in
    the panel's words (no memory id) and saves onto it when asked again."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        await panel.get_by_role("button", name="Edit", exact=True).click()
        text = panel.get_by_label("Text", exact=True)
        await text.fill("Anna's own words.")
        await answer(
            page,
            "home_memory/update",
            "message => { if (message.expected_version === 1)"
            f" throw {json.dumps(MEMORY_CHANGED)};"
            f" return {{ memory: {{ ...{json.dumps(newer)},"
            " content: message.content, version: 3 },"
            " changed: true }; }",
        )
        await answer(page, "home_memory/get", f"() => ({json.dumps(got(newer))})")
        await panel.get_by_role("button", name="Save", exact=True).click()
        conflict = panel.locator("section.conflict")
        await conflict.get_by_text("Ben's newer words.").wait_for()
        await conflict.get_by_text("Changed elsewhere meanwhile (version 2)").wait_for()
        # Ben also changed the kind; the importance did not change.
        await conflict.get_by_text("Preference").wait_for()
        assert await conflict.get_by_text("Importance").count() == 0
        await panel.get_by_text(
            re.compile("^Not saved yet: someone changed")
        ).wait_for()
        assert await text.input_value() == "Anna's own words."
        notices = " ".join(await panel.locator(".notice").all_inner_texts())
        assert "m1" not in notices, notices
        await panel.get_by_role("button", name="Save", exact=True).click()
        await panel.get_by_text("Saved.").wait_for()
        update = (await sent(page, "home_memory/update"))[-1]
        assert update["expected_version"] == 2
        assert update["content"] == "Anna's own words."
        assert "kind" not in update
        assert await panel.locator("section.conflict").count() == 0

    newer = memory(1, content="Ben's newer words.", kind="preference", version=2)
    run_panel(
        scenario,
        {
            "home_memory/info": info(ANNA),
            "home_memory/get": got(memory(1)),
            "home_memory/audit_log": {"entries": [], "next_cursor": None},
        },
        path="/m/m1",
    )


def test_a_save_clicked_as_a_newer_version_arrives_does_not_go_over_it() -> None:
    """A newer version told live while the form is open stops the next Save
    once, however quickly it follows (new-user review s18: Ben's correction
    arrived, Anna's Save a moment later wrote over it unannounced)."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        await panel.get_by_role("button", name="Edit", exact=True).click()
        text = panel.get_by_label("Text", exact=True)
        await text.fill("Anna's own words.")
        await answer(
            page,
            "home_memory/update",
            f"message => ({{ memory: {{ ...{json.dumps(newer)},"
            " content: message.content, version: 3 }, changed: true })",
        )
        # The click follows the event at once: no time to read it.
        await emit(page, {"type": "updated", "memory": newer})
        await panel.get_by_role("button", name="Save", exact=True).click()
        await panel.get_by_text(
            re.compile("^Not saved yet: someone changed")
        ).wait_for()
        assert await sent(page, "home_memory/update") == []
        assert await text.input_value() == "Anna's own words."
        await (
            panel.locator("section.conflict")
            .get_by_text("Ben's newer words.")
            .wait_for()
        )
        await panel.get_by_role("button", name="Save", exact=True).click()
        await panel.get_by_text("Saved.").wait_for()
        update = (await sent(page, "home_memory/update"))[-1]
        assert update["expected_version"] == 2
        assert update["content"] == "Anna's own words."

    newer = memory(1, content="Ben's newer words.", version=2)
    run_panel(
        scenario,
        {
            "home_memory/info": info(ANNA),
            "home_memory/get": got(memory(1)),
            "home_memory/audit_log": {"entries": [], "next_cursor": None},
        },
        path="/m/m1",
    )


@pytest.mark.parametrize(
    ("speaker_name", "says"),
    [("Anna Berg", "^Anna Berg said it"), (None, "^Someone else said it")],
)
def test_a_voice_memory_said_by_someone_else_does_not_claim_its_talk_is_gone(
    speaker_name: str | None, says: str
) -> None:
    """Another person's conversation is kept, not shown: the page says whose it
    is, by name (`speaker_name`), or "someone else" where no name came."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        await panel.get_by_text("Said in this conversation").wait_for()
        await panel.get_by_text(re.compile(says)).wait_for()
        assert (
            await panel.get_by_text(re.compile("no longer kept|not kept")).count() == 0
        )

    said = memory(
        1, source="explicit", origin="voice", speaker="anna", source_ids=["c1"]
    )
    conversation = {"conversation_id": None, "turns": [], "speaker_name": speaker_name}
    provenance = {
        "origin": "voice",
        "conversation": conversation,
        "events": [],
        "event_ids": [],
    }
    run_panel(
        scenario,
        {
            "home_memory/info": info(BEN),
            "home_memory/get": got(said, provenance=provenance),
        },
        user=BEN,
        path="/m/m1",
    )


def test_never_used_one_time_and_one_chip_for_one_word() -> None:
    """'Used: never'; a period within one minute shows one time; kind and weight
    class with the same word show one chip."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        details = panel.locator("hm-memory-page dl")
        used = details.locator(".field").filter(has_text="Used")
        assert (await used.locator("dd").inner_text()).strip() == "never"
        when = (
            await details.locator(".field")
            .filter(has_text="When it happened")
            .locator("dd")
            .inner_text()
        )
        assert DASH not in when, when
        assert re.search(r"6:02\s?PM", when), when
        chips = await panel.locator("hm-memory-page .chips .chip").all_inner_texts()
        assert chips.count("Observation") == 1, chips

    observed = memory(
        1,
        source="observed",
        origin="observed",
        kind="observation",
        weight_class="observation",
        segment_start="2026-11-23T17:02:05+00:00",
        segment_end="2026-11-23T17:02:40+00:00",
    )
    run_panel(
        scenario,
        {
            "home_memory/info": info(ANNA),
            "home_memory/get": got(observed),
            "home_memory/audit_log": {"entries": [], "next_cursor": None},
        },
        path="/m/m1",
    )


def test_today_shows_a_period_on_one_line() -> None:
    """The timeline's time: one time for one minute; a range not wrapped at 360 px."""

    async def scenario(page: Page) -> None:
        await page.set_viewport_size({"width": 360, "height": 800})
        times = view(page).locator("hm-today ol.timeline time.when")
        await times.first.wait_for()
        texts = await times.all_inner_texts()
        assert DASH not in texts[0], texts
        assert re.search(rf"6:02\s?{DASH}\s?6:40\s?PM", texts[1]), texts
        for number in range(2):
            # The lines its text takes: the distinct tops of the text's boxes.
            lines = await times.nth(number).evaluate(
                """el => {
                  const range = document.createRange();
                  range.selectNodeContents(el);
                  const rects = [...range.getClientRects()];
                  const tops = rects.map((r) => Math.round(r.top));
                  return new Set(tops).size;
                }"""
            )
            assert lines == 1, (texts[number], lines)

    one = memory(
        1,
        origin="observed",
        segment_start="2026-11-23T17:02:05+00:00",
        segment_end="2026-11-23T17:02:40+00:00",
    )
    two = memory(
        2,
        origin="observed",
        segment_start="2026-11-23T17:02:05+00:00",
        segment_end="2026-11-23T17:40:00+00:00",
    )
    run_panel(
        scenario,
        {
            "home_memory/info": info(ANNA),
            "home_memory/list": _list(one, two),
            "home_memory/pending": {"events": 0, "items": [], "more": False},
        },
        path="/today",
    )


def test_a_read_only_user_is_not_told_to_remember() -> None:
    """A read-only person's empty list says what shows up, not what to say."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        await panel.get_by_text("Nothing remembered yet").wait_for()
        await panel.get_by_text(re.compile("you can read it here")).wait_for()
        assert await panel.get_by_text(re.compile("remember that")).count() == 0

    run_panel(
        scenario,
        {"home_memory/info": info(GUEST), "home_memory/list": _list()},
        user=GUEST,
    )


@pytest.mark.parametrize("path", ["/memory/m1", "/xyz", "/m/m1/extra"])
def test_an_unknown_path_says_not_found(path: str) -> None:
    """A path the panel has no view for says so, with a way back to the list."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        await panel.get_by_text("There is no such page in Memory").wait_for()
        await panel.get_by_role("link", name="All memories").click()
        await panel.locator("hm-memory-list li.memory").first.wait_for()
        assert await panel.get_by_text("There is no such page in Memory").count() == 0

    run_panel(
        scenario,
        {"home_memory/info": info(ANNA), "home_memory/list": _list(memory(1))},
        path=path,
    )


def test_an_owner_restores_and_purges_their_own_forgotten_private_memory() -> None:
    """With `may_manage` a non-admin gets Restore and Delete for good; the purge
    names the tier shown."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        await panel.get_by_role("button", name="Restore", exact=True).wait_for()
        await panel.get_by_role("button", name="Delete for good").click()
        dialog = panel.locator("dialog")
        await dialog.get_by_role("button", name="Delete for good").click()
        await panel.get_by_text("This memory was deleted for good.").wait_for()
        purge = (await sent(page, "home_memory/purge"))[-1]
        assert purge["memory_ids"] == ["m1"]
        assert purge["tier"] == "deleted"

    mine = memory(
        1,
        visibility="private",
        owner="ben",
        owner_name="Ben",
        tier="deleted",
        deleted_at="2026-11-23T12:00:00+00:00",
    )
    run_panel(
        scenario,
        {
            "home_memory/info": {
                **info(BEN),
                "tiers": ["active", "archived", "deleted"],
            },
            "home_memory/get": got(mine, may_manage=True),
            "home_memory/purge": {"purged": ["m1"]},
        },
        user=BEN,
        path="/m/m1",
    )


def test_forgetting_a_private_memory_says_only_its_owner_can_restore_it() -> None:
    """The forget dialog of a private memory says its owner restores it from the
    filters; without `may_manage` (an older server) a non-admin gets no purge."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        await panel.get_by_role("button", name="Edit", exact=True).wait_for()
        assert await panel.get_by_role("button", name="Delete for good").count() == 0
        await panel.get_by_role("button", name="Forget", exact=True).click()
        dialog = panel.locator("dialog")
        await dialog.get_by_text(
            "It is private: only you can restore it, from Forgotten in the filters."
        ).wait_for()
        assert await dialog.get_by_text("An administrator").count() == 0
        await dialog.get_by_role("button", name="Forget", exact=True).click()
        await panel.get_by_text(
            "This memory was forgotten. Assist no longer uses it. It is private:"
            " only you can restore it, from Forgotten in the filters."
        ).wait_for()

    mine = memory(1, visibility="private", owner="ben", owner_name="Ben")
    run_panel(
        scenario,
        {
            "home_memory/info": info(BEN),
            "home_memory/get": got(mine),
            "home_memory/forget": {"forgotten": ["m1"]},
        },
        user=BEN,
        path="/m/m1",
    )


def test_a_non_admin_filters_their_forgotten_private_memories() -> None:
    """When `info.tiers` offers more than active, a non-admin gets the tier filter
    and a hint that only their own private memories are there."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        await panel.locator("li.memory").first.wait_for()
        await panel.locator("details.filters summary").click()
        hint = panel.get_by_text(
            re.compile("^Here you see only your own private memories")
        )
        assert await hint.count() == 0
        await panel.get_by_label("Tier").select_option("deleted")
        await hint.wait_for()
        lists = await sent(page, "home_memory/list")
        assert lists[-1]["tier"] == "deleted"

    run_panel(
        scenario,
        {
            "home_memory/info": {
                **info(BEN),
                "tiers": ["active", "archived", "deleted"],
            },
            "home_memory/list": _list(memory(1)),
        },
        user=BEN,
    )


def test_the_person_filter_shows_names_as_memories_write_them() -> None:
    """A label the server lists casefolded shows as the memories write it."""

    async def scenario(page: Page) -> None:
        panel = view(page)
        await panel.locator("li.memory").first.wait_for()
        await panel.locator("details.filters summary").click()
        options = await panel.locator('select[name="people"] option').all_inner_texts()
        assert [o.strip() for o in options] == ["Any", "Anna", "Zedekiah"], options

    run_panel(
        scenario,
        {
            "home_memory/info": {**info(ANNA), "people": ["Anna", "zedekiah"]},
            "home_memory/list": _list(memory(1, people=["Zedekiah"])),
        },
    )


LONG_TEXT = (
    "The spare key is under the blue flower pot by the back door. " * 80
).strip()


def test_a_long_memory_takes_three_lines_in_the_list_and_all_of_them_on_its_page() -> (
    None
):
    """A 5,000-character memory is three lines in the list; its page shows it whole."""

    async def scenario(page: Page) -> None:
        links = view(page).locator("hm-memory-list a.memory-link")
        await links.nth(1).wait_for()
        link = links.first
        # In lines of the short memory beside it (one line).
        one_line = (await links.nth(1).bounding_box() or {})["height"]
        lines = (await link.bounding_box() or {})["height"] / one_line
        assert 2.9 < lines < 3.1, lines
        cards = view(page).locator("hm-memory-list li.memory")
        assert (await cards.first.bounding_box() or {}).get("height", 999) < 200
        await page.screenshot(path=str(SCREENSHOTS / "list_long_memory.png"))
        await link.click()
        heading = view(page).locator("hm-memory-page h2#memory-text")
        await heading.wait_for()
        assert (await heading.inner_text()).strip() == LONG_TEXT

    long_memory = memory(1, content=LONG_TEXT)
    assert len(LONG_TEXT) > 4_500
    run_panel(
        scenario,
        {
            "home_memory/info": info(ANNA),
            "home_memory/list": _list(long_memory, memory(2)),
            "home_memory/get": {
                "memory": long_memory,
                "history": [],
                "provenance": None,
            },
        },
    )


def _created_text(page: Page) -> Awaitable[str]:
    """The memory page's "Remembered" value (when it was written)."""
    return (
        view(page)
        .locator("hm-memory-page dl .field", has_text="Remembered")
        .locator("dd")
        .inner_text()
    )


def test_times_follow_the_profile_and_say_their_zone_when_it_is_not_the_homes() -> None:
    """Home in Berlin, browser in New York: "server" shows Berlin's time as
    memories tell it; "local" shows New York's, with its zone said."""
    created = memory(1, created_at="2026-11-23T01:18:00+00:00")
    handlers = {
        "home_memory/info": info(ANNA),
        "home_memory/get": {"memory": created, "history": [], "provenance": None},
    }
    shown: dict[str, str] = {}

    def case(name: str) -> Callable[[Page], Awaitable[None]]:
        async def scenario(page: Page) -> None:
            await view(page).locator("hm-memory-page h2#memory-text").wait_for()
            shown[name] = await _created_text(page)

        return scenario

    run_panel(case("server"), handlers, path="/m/m1", browser_zone="America/New_York")
    run_panel(
        case("local"),
        handlers,
        path="/m/m1",
        browser_zone="America/New_York",
        profile_time_zone="local",
    )
    run_panel(case("same"), handlers, path="/m/m1", profile_time_zone="local")
    assert re.search(r"2:18\sAM$", shown["server"]), shown
    assert re.search(r"8:18\sPM\s(EST|GMT-5)$", shown["local"]), shown
    assert re.search(r"2:18\sAM$", shown["same"]), shown


def test_the_audit_log_tells_a_correction_from_a_repeat() -> None:
    """A statement that corrected the memory ("the ladder is now in the
    garage"), one that repeated it and a nightly supersede read as what they
    were, in English and in German."""
    entries = [
        {"at": "2026-11-23T12:00:00+00:00", "operation": op, "actor_name": "Anna"}
        for op in ("supersede", "reinforced", "updated", "create")
    ]
    handlers = {
        "home_memory/info": info(ANNA),
        "home_memory/get": got(memory(1, content="The ladder is in the garage.")),
        "home_memory/audit_log": {"entries": entries, "next_cursor": None},
    }

    async def scenario(page: Page) -> None:
        audit = view(page).locator("ol.audit")
        await audit.get_by_text("Corrected by a newer statement").wait_for()
        await audit.get_by_text("Said again").wait_for()
        await audit.get_by_text("Took the place of an older memory").wait_for()
        assert "repeat" not in (await audit.inner_text()).casefold()
        await page.screenshot(path=SCREENSHOTS / "offline_audit_correction.png")

    run_panel(scenario, handlers, path="/m/m1")


def test_the_conversation_names_who_said_it() -> None:
    """The speaker's turns carry the name Home Assistant knows (the server's
    `speaker_name`), not a generic word."""
    said = memory(
        1, source="explicit", origin="voice", speaker="anna", source_ids=["c1"]
    )
    turns = [
        {
            "role": "user",
            "text": "remember the ladder is in the shed",
            "at": said["created_at"],
        },
        {
            "role": "assistant",
            "text": "Okay, I'll remember that.",
            "at": said["created_at"],
        },
    ]
    provenance = {
        "origin": "voice",
        "conversation": {
            "conversation_id": "c1",
            "turns": turns,
            "speaker_name": "Anna Berg",
        },
        "events": [],
        "event_ids": [],
    }

    async def own(page: Page) -> None:
        turns_shown = view(page).locator("ol.turns")
        await (
            turns_shown.locator("li.user")
            .get_by_text(re.compile(r"^Anna Berg ·"))
            .wait_for()
        )
        await (
            turns_shown.locator("li.assistant")
            .get_by_text(re.compile(r"^Assistant ·"))
            .wait_for()
        )
        assert "Person" not in await turns_shown.inner_text()
        await page.screenshot(path=SCREENSHOTS / "offline_speaker_named.png")

    handlers = {
        "home_memory/info": info(ANNA),
        "home_memory/get": got(said, provenance=provenance),
        "home_memory/audit_log": {"entries": [], "next_cursor": None},
    }
    run_panel(own, handlers, path="/m/m1")


def test_the_edit_form_shows_when_it_happened_and_sends_only_a_new_time() -> None:
    """A memory of an evening: its page and its edit form say when it
    happened; saving another field sends only that, and a time typed into
    the form is sent as `happened_at` for the server to read (new-user
    review: an edited date could not be moved; the form said it cannot
    be changed)."""
    item = memory(
        1,
        content="We had the neighbours over for dinner.",
        kind="event",
        happened_at="2026-11-21T18:00:00+00:00",
        happened_until="2026-11-21T21:30:00+00:00",
    )

    async def scenario(page: Page) -> None:
        panel = view(page)
        details = panel.locator("hm-memory-page dl .field", has_text="When it happened")
        assert re.search(r"Nov 21, 2026.*7:00.*10:30\sPM", await details.inner_text())
        await panel.get_by_role("button", name="Edit", exact=True).click()
        shown = panel.locator("hm-memory-edit-form output.fixed")
        await shown.wait_for()
        assert re.search(r"Nov 21, 2026.*7:00.*10:30\sPM", await shown.inner_text())
        typed = panel.locator('hm-memory-edit-form input[name="happened_at"]')
        assert await typed.input_value() == ""
        await panel.get_by_text("Empty keeps it").wait_for()
        await page.screenshot(path=SCREENSHOTS / "offline_edit_happened.png")
        await answer(
            page,
            "home_memory/update",
            f"m => ({{ memory: {{ ...{json.dumps(item)}, ...m, version: 2 }},"
            " changed: true })",
        )
        await panel.get_by_label("Place", exact=True).fill("Dining room")
        await panel.get_by_role("button", name="Save", exact=True).click()
        await panel.get_by_text("Saved.").wait_for()
        update = (await sent(page, "home_memory/update"))[-1]
        assert update["location"] == "Dining room"
        assert not {"happened", "happened_at", "happened_until"} & set(update)
        await panel.get_by_role("button", name="Edit", exact=True).click()
        await typed.fill("on Saturday 28 November")
        await panel.get_by_role("button", name="Save", exact=True).click()
        await page.wait_for_function(
            "() => window.fake.sent.filter(m => m.type === 'home_memory/update')"
            ".length === 2"
        )
        update = (await sent(page, "home_memory/update"))[-1]
        assert update["happened_at"] == "on Saturday 28 November"

    run_panel(
        scenario,
        {
            "home_memory/info": info(ANNA),
            "home_memory/get": got(item),
            "home_memory/audit_log": {"entries": [], "next_cursor": None},
        },
        path="/m/m1",
    )


# Whole days in Berlin (UTC+1 in winter, +2 in summer), as the time words
# "in October", "from Saturday 21 November to Sunday 22 November" and
# "on Saturday" leave them: midnight to midnight, the end exclusive.
_WHOLE_DAYS = (
    memory(
        1,
        content="We painted the shed in October.",
        kind="event",
        happened_at="2026-09-30T22:00:00+00:00",
        happened_until="2026-10-31T23:00:00+00:00",
    ),
    memory(
        2,
        content="Grandma stayed with us over the weekend.",
        kind="event",
        happened_at="2026-11-20T23:00:00+00:00",
        happened_until="2026-11-22T23:00:00+00:00",
    ),
    memory(
        3,
        content="We went to the flea market on Saturday.",
        kind="event",
        happened_at="2026-11-20T23:00:00+00:00",
        happened_until="2026-11-21T23:00:00+00:00",
    ),
    memory(
        4,
        content="We had the neighbours over for dinner.",
        kind="event",
        happened_at="2026-11-21T18:00:00+00:00",
        happened_until="2026-11-21T21:30:00+00:00",
    ),
)


@pytest.mark.parametrize(
    ("language", "browser_zone", "expected"),
    [
        (
            "en",
            "Europe/Berlin",
            {
                "painted the shed": r"^October 2026$",
                "Grandma stayed": r"^Nov 21\s?\u2013\s?22, 2026$",
                "flea market": r"^Sat, Nov 21, 2026$",
                "neighbours over": r"^Nov 21, 2026, 7:00\s?\u2013\s?10:30\s?PM$",
            },
        ),
        (
            "de",
            "Europe/Berlin",
            {
                "painted the shed": r"^Oktober 2026$",
                "Grandma stayed": r"^21\.\s?\u2013\s?22\. Nov\. 2026$",
                "flea market": r"^Sa\., 21\. Nov\. 2026$",
                "neighbours over": r"^21\.11\.2026, 19:00\s?\u2013\s?22:30 Uhr$",
            },
        ),
        # A browser in New York with the home's days: still Berlin's days.
        (
            "en",
            "America/New_York",
            {
                "painted the shed": r"^October 2026$",
                "Grandma stayed": r"^Nov 21\s?\u2013\s?22, 2026$",
                "flea market": r"^Sat, Nov 21, 2026$",
            },
        ),
    ],
)
def test_whole_days_read_as_days_not_as_midnights(
    language: str, browser_zone: str, expected: dict[str, str]
) -> None:
    """A memory "in October" shows "October 2026", not "Oct 1, 12:00 AM to
    Nov 1, 12:00 AM"; a weekend its two days, a day its weekday; in the list
    and on its page, in the person's language; an evening keeps its hours."""
    shown: dict[str, str] = {}
    page_shown: dict[str, str] = {}

    async def scenario(page: Page) -> None:
        panel = view(page)
        for text in expected:
            row = panel.locator("li.memory").filter(has_text=text)
            await row.first.wait_for()
            said = await row.first.locator(".meta .secondary").last.inner_text()
            shown[text] = said.strip()
        await page.screenshot(
            path=SCREENSHOTS / f"offline_whole_days_{language}_{browser_zone[:4]}.png"
        )
        shed = panel.locator("li.memory").filter(has_text="painted the shed")
        await shed.get_by_role("link").first.click()
        await panel.locator("hm-memory-page h2#memory-text").wait_for()
        happened = panel.locator("hm-memory-page dl .field").filter(
            has_text="October" if language == "en" else "Oktober"
        )
        await happened.first.wait_for()
        page_shown["painted the shed"] = (
            await happened.first.locator("dd").inner_text()
        ).strip()
        await page.screenshot(
            path=SCREENSHOTS
            / f"offline_whole_days_page_{language}_{browser_zone[:4]}.png",
            full_page=True,
        )

    run_panel(
        scenario,
        {
            "home_memory/info": info(ANNA),
            "home_memory/list": _list(*_WHOLE_DAYS),
            "home_memory/get": got(_WHOLE_DAYS[0]),
            "home_memory/audit_log": {"entries": [], "next_cursor": None},
        },
        language=language,
        browser_zone=browser_zone,
        profile_time_zone="local",
    )
    for text, pattern in expected.items():
        assert re.search(pattern, shown[text]), (text, shown[text])
    assert re.search(expected["painted the shed"], page_shown["painted the shed"])
