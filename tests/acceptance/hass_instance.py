"""Start a real Home Assistant from the venv and drive it like a user would.

Plain Python (no pytest), so the acceptance tests and the benchmarks share it:

    hass = HassInstance()            # fresh temporary config folder, free port
    hass.start()                     # `hass -c <folder>` on 127.0.0.1
    owner = hass.onboard()           # REST onboarding: the owner's access token
    entry_id = hass.add_home_memory(owner)
    hass.call_service("home_memory", "remember", {...}, token=owner)
    hass.conversation_process("what time is it", token=owner)
    hass.system_health(owner)        # websocket; or: async with hass.websocket(..)
    hass.restart(); hass.stop()

Everything after the start goes through public interfaces only: REST, the
websocket API and (in the tests) the browser. The HTTP server settings are
written to `.storage/http`, the UI-managed store Home Assistant 2026.10 reads
them from: an `http:` block in YAML would be migrated as a *pending* config
that Home Assistant reverts (and restarts for) after five minutes.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http import HTTPStatus
import json
import os
from pathlib import Path
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from typing import TYPE_CHECKING, Any
import urllib.error
import urllib.parse
import urllib.request
from zoneinfo import ZoneInfo

import aiohttp

if TYPE_CHECKING:
    from collections.abc import AsyncIterator, Coroutine, Iterator

REPO = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
MODEL_DIR = REPO / ".models" / "all-MiniLM-L6-v2"
CLIENT_ID = "http://127.0.0.1/"

# Homes the acceptance household may live in, one for about every hour of
# offset. None shares New York's offset: a panel test opens a browser there
# and expects the page to name its zone, as it does away from home.
HOME_ZONES = (
    "Europe/Berlin",
    "Pacific/Pago_Pago",
    "Pacific/Honolulu",
    "America/Anchorage",
    "America/Los_Angeles",
    "America/Denver",
    "America/Halifax",
    "America/Sao_Paulo",
    "Atlantic/South_Georgia",
    "Atlantic/Azores",
    "Europe/London",
    "Europe/Athens",
    "Europe/Moscow",
    "Asia/Dubai",
    "Asia/Karachi",
    "Asia/Dhaka",
    "Asia/Bangkok",
    "Asia/Shanghai",
    "Asia/Tokyo",
    "Australia/Brisbane",
    "Pacific/Noumea",
    "Pacific/Auckland",
    "Pacific/Kiritimati",
)


def home_zone(now: datetime) -> str:
    """The acceptance home's time zone for a run starting at `now`.

    Berlin's while its day has hours to go; otherwise a zone where it is now
    about noon. A run that crossed midnight at home failed (CI, stop 35): a
    test told memories at 23:58, another asked "what happened on Saturday"
    at 00:03 with "Saturday" worked out before midnight, and heard those
    instead of its own. Every run's "today" is one day, whatever the hour.
    """
    local = now.astimezone(ZoneInfo(HOME_ZONES[0]))
    if 5 <= local.hour < 20:
        return HOME_ZONES[0]
    new_york = now.astimezone(ZoneInfo("America/New_York")).utcoffset()

    def from_noon(zone: str) -> float:
        there = now.astimezone(ZoneInfo(zone))
        if there.utcoffset() == new_york:
            return 24.0
        return abs(there.hour + there.minute / 60 - 12)

    return min(HOME_ZONES, key=from_noon)


HOME_ZONE = home_zone(datetime.now(UTC))

# What every instance loads besides Home Memory: a few entities to act on and
# observe, the built-in agent, and the panels the browser tests open.
BASE_CONFIGURATION = """\
homeassistant:
  name: Acceptance Home
  unit_system: metric
  time_zone: {home_zone}
  country: DE
  language: en
  latitude: 52.52
  longitude: 13.40
  elevation: 34
  currency: EUR

frontend:
config:
conversation:
assist_pipeline:
system_health:
diagnostics:
logger:
  default: warning
  logs:
    custom_components.home_memory: debug

person:
  - name: Anna
    id: anna
  - name: Ben
    id: ben

input_boolean:
  kitchen_light_power: {name: Kitchen light power}
  front_door_open: {name: Front door open}
  tv_power: {name: TV power}

template:
  - light:
      - name: Kitchen light
        unique_id: acceptance_kitchen_light
        state: "{{ is_state('input_boolean.kitchen_light_power', 'on') }}"
        turn_on:
          action: input_boolean.turn_on
          target: {entity_id: input_boolean.kitchen_light_power}
        turn_off:
          action: input_boolean.turn_off
          target: {entity_id: input_boolean.kitchen_light_power}
  - binary_sensor:
      - name: Front door
        unique_id: acceptance_front_door
        device_class: door
        state: "{{ is_state('input_boolean.front_door_open', 'on') }}"
  - switch:
      - name: TV
        unique_id: acceptance_tv
        state: "{{ is_state('input_boolean.tv_power', 'on') }}"
        turn_on:
          action: input_boolean.turn_on
          target: {entity_id: input_boolean.tv_power}
        turn_off:
          action: input_boolean.turn_off
          target: {entity_id: input_boolean.tv_power}
""".replace("{home_zone}", HOME_ZONE)


class HassError(RuntimeError):
    """Home Assistant did not start, stopped, or answered unexpectedly."""


@dataclass
class Response:
    """A REST answer: status and the decoded JSON body (or the text)."""

    status: int
    body: Any

    def ok(self) -> Any:
        """The body, after checking for a 2xx status."""
        if not 200 <= self.status < 300:
            raise HassError(f"HTTP {self.status}: {self.body!r}")
        return self.body


@dataclass
class User:
    """A person who can log in: name, login and an access token."""

    name: str
    username: str
    password: str
    token: str
    user_id: str = ""
    groups: list[str] = field(default_factory=list)


def free_port() -> int:
    """A TCP port that is free on 127.0.0.1 right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class HassInstance:
    """One `hass` process with its own config folder, bound to 127.0.0.1."""

    def __init__(
        self,
        config_dir: str | Path | None = None,
        port: int | None = None,
        *,
        configuration: str = BASE_CONFIGURATION,
        extra_configuration: str = "",
        custom_components: dict[str, Path] | None = None,
        with_home_memory: bool = True,
        env: dict[str, str] | None = None,
    ) -> None:
        """Nothing starts yet; `config_dir` None means a fresh temporary folder.

        `custom_components` maps extra integration folders (e.g. a test AI
        Task) into the config's custom_components; `with_home_memory` False
        leaves Home Memory out (for "without" baselines in benchmarks).
        """
        # The port first: if it fails, no temporary folder is left behind.
        self.port = port or free_port()
        self._owns_dir = config_dir is None
        self.config_dir = Path(
            config_dir or tempfile.mkdtemp(prefix="hass-acceptance-")
        )
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/api/websocket"
        self.log_path = self.config_dir / "hass.out.log"
        self._configuration = configuration + extra_configuration
        self._custom_components = dict(custom_components or {})
        if with_home_memory:
            self._custom_components["home_memory"] = (
                REPO / "custom_components" / "home_memory"
            )
        self._env = env or {}
        self.process: subprocess.Popen[bytes] | None = None
        self.started_at = 0.0
        # Set by onboard(): lets start() wait until Home Assistant is RUNNING.
        self.admin_token: str | None = None

    # --- process ---------------------------------------------------------------

    def _write_config(self) -> None:
        storage = self.config_dir / ".storage"
        storage.mkdir(parents=True, exist_ok=True)
        config_yaml = self.config_dir / "configuration.yaml"
        if not config_yaml.exists():
            config_yaml.write_text(self._configuration)
        components = self.config_dir / "custom_components"
        components.mkdir(exist_ok=True)
        for domain, source in self._custom_components.items():
            link = components / domain
            if not link.exists():
                link.symlink_to(source.resolve(), target_is_directory=True)
        # Always rewritten: a restart may come with a new port. Stable (not
        # pending), migration done: nothing to trial, nothing to revert.
        (storage / "http").write_text(
            json.dumps(
                {
                    "version": 2,
                    "minor_version": 2,
                    "key": "http",
                    "data": {
                        "stable": {
                            "server_host": ["127.0.0.1"],
                            "server_port": self.port,
                            "cors_allowed_origins": [],
                            "login_attempts_threshold": -1,
                            "ip_ban_enabled": False,
                            "ssl_profile": "modern",
                            "use_x_frame_options": True,
                            "created_at": "2026-01-01T00:00:00+00:00",
                            "error": None,
                            "error_message": None,
                        },
                        "pending": None,
                        "yaml_migration_done": True,
                    },
                }
            )
        )

    def start(self, timeout: float = 180.0) -> HassInstance:
        """Start `hass` and wait until its HTTP API answers."""
        if self.process is not None and self.process.poll() is None:
            return self
        self._write_config()
        env = {
            **os.environ,
            "HOME_MEMORY_MODEL_DIR": str(MODEL_DIR),
            "PYTHONUNBUFFERED": "1",
            **self._env,
        }
        log = self.log_path.open("ab")
        try:
            self.process = subprocess.Popen(
                [
                    str(VENV_BIN / "hass"),
                    "-c",
                    str(self.config_dir),
                    "--skip-pip",
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=env,
                start_new_session=True,
            )
        finally:
            log.close()
        self.started_at = time.monotonic()
        deadline = self.started_at + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise HassError(
                    f"hass exited with {self.process.returncode}:\n{self.log_tail()}"
                )
            with contextlib.suppress(OSError, HassError):
                # Answers once the http server runs (after frontend setup).
                if self.request("GET", "/manifest.json", timeout=2).status == 200:
                    if self.admin_token:
                        self.wait_running(self.admin_token, deadline - time.monotonic())
                    return self
            # Wait on the process itself: an early exit is seen at once.
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=0.25)
        self.stop()
        raise HassError(f"hass did not answer in {timeout} s:\n{self.log_tail()}")

    def wait_running(self, token: str, timeout: float = 120.0) -> None:
        """Wait until startup is over (every configured integration set up)."""
        self.wait_for(
            lambda: (
                self.request("GET", "/api/config", token=token, timeout=5).body.get(
                    "state"
                )
                == "RUNNING"
            ),
            what="Home Assistant to be RUNNING",
            timeout=timeout,
        )

    def stop(self, timeout: float = 60.0) -> None:
        """Stop `hass` the way a service manager does (SIGTERM, then SIGKILL)."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)

    def restart(self, timeout: float = 180.0) -> HassInstance:
        """Stop and start again on the same folder and port."""
        self.stop()
        return self.start(timeout)

    def cleanup(self) -> None:
        """Stop, and remove the config folder if this instance created it."""
        self.stop()
        if self._owns_dir:
            shutil.rmtree(self.config_dir, ignore_errors=True)

    def __enter__(self) -> HassInstance:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.cleanup()

    def log_tail(self, chars: int = 4000) -> str:
        """The end of the process output (stdout and stderr)."""
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def log_text(self) -> str:
        """Everything Home Assistant logged so far (its home-assistant.log)."""
        path = self.config_dir / "home-assistant.log"
        try:
            return path.read_text(errors="replace")
        except OSError:
            return self.log_tail(10**9)

    # --- REST ------------------------------------------------------------------

    def request(
        self,
        method: str,
        path: str,
        *,
        token: str | None = None,
        json_body: Any = None,
        form: dict[str, str] | None = None,
        timeout: float = 60.0,
    ) -> Response:
        """One HTTP request; JSON bodies are decoded, errors are returned."""
        headers = {}
        data = None
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if json_body is not None:
            data = json.dumps(json_body).encode()
            headers["Content-Type"] = "application/json"
        elif form is not None:
            data = urllib.parse.urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        req = urllib.request.Request(
            self.url + path, data=data, headers=headers, method=method
        )
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                status, raw = resp.status, resp.read()
        except urllib.error.HTTPError as err:
            status, raw = err.code, err.read()
        text = raw.decode(errors="replace")
        try:
            return Response(status, json.loads(text) if text else None)
        except json.JSONDecodeError:
            return Response(status, text)

    def _token_for_code(self, code: str) -> str:
        return str(self._tokens_for_code(code)["access_token"])

    def _tokens_for_code(self, code: str) -> dict[str, Any]:
        body: dict[str, Any] = self.request(
            "POST",
            "/auth/token",
            form={
                "grant_type": "authorization_code",
                "code": code,
                "client_id": CLIENT_ID,
            },
        ).ok()
        return body

    def onboard(
        self, name: str = "Anna", username: str = "anna", password: str = "anna-pass"
    ) -> User:
        """Walk the onboarding steps over REST; return the owner."""
        code = self.request(
            "POST",
            "/api/onboarding/users",
            json_body={
                "client_id": CLIENT_ID,
                "name": name,
                "username": username,
                "password": password,
                "language": "en",
            },
        ).ok()["auth_code"]
        token = self._token_for_code(code)
        self.admin_token = token
        self.wait_running(token)
        self.request("POST", "/api/onboarding/core_config", token=token).ok()
        self.request("POST", "/api/onboarding/analytics", token=token).ok()
        self.request(
            "POST",
            "/api/onboarding/integration",
            token=token,
            json_body={"client_id": CLIENT_ID, "redirect_uri": CLIENT_ID},
        ).ok()
        me = self.ws_command(token, "auth/current_user")
        return User(name, username, password, token, me["id"], me.get("group_ids", []))

    def login(self, username: str, password: str) -> str:
        """The login flow a browser goes through; returns an access token."""
        return str(self.login_tokens(username, password)["access_token"])

    def login_tokens(self, username: str, password: str) -> dict[str, Any]:
        """The login flow; returns the token response (access and refresh)."""
        flow = self.request(
            "POST",
            "/auth/login_flow",
            json_body={
                "client_id": CLIENT_ID,
                "handler": ["homeassistant", None],
                "redirect_uri": CLIENT_ID,
            },
        ).ok()
        result = self.request(
            "POST",
            f"/auth/login_flow/{flow['flow_id']}",
            json_body={
                "client_id": CLIENT_ID,
                "username": username,
                "password": password,
            },
        ).ok()
        if result.get("type") != "create_entry":
            raise HassError(f"login failed: {result!r}")
        return self._tokens_for_code(result["result"])

    def create_user(
        self,
        admin_token: str,
        name: str,
        username: str,
        password: str,
        group: str = "system-users",
    ) -> User:
        """A new person (group system-admin, system-users or system-read-only)."""
        user = self.ws_command(
            admin_token,
            "config/auth/create",
            name=name,
            group_ids=[group],
            local_only=False,
        )["user"]
        self.ws_command(
            admin_token,
            "config/auth_provider/homeassistant/create",
            user_id=user["id"],
            username=username,
            password=password,
        )
        token = self.login(username, password)
        return User(name, username, password, token, user["id"], [group])

    def call_service(
        self,
        domain: str,
        service: str,
        data: dict[str, Any] | None = None,
        *,
        token: str,
        return_response: bool = True,
    ) -> Response:
        """POST /api/services/<domain>/<service>[?return_response]."""
        query = "?return_response" if return_response else ""
        return self.request(
            "POST",
            f"/api/services/{domain}/{service}{query}",
            token=token,
            json_body=data or {},
        )

    def conversation_process(
        self,
        text: str,
        *,
        token: str,
        conversation_id: str | None = None,
        language: str = "en",
        agent_id: str | None = None,
    ) -> dict[str, Any]:
        """One turn with /api/conversation/process (the built-in agent by default)."""
        body: dict[str, Any] = {"text": text, "language": language}
        if conversation_id:
            body["conversation_id"] = conversation_id
        if agent_id:
            body["agent_id"] = agent_id
        result: dict[str, Any] = self.request(
            "POST", "/api/conversation/process", token=token, json_body=body
        ).ok()
        return result

    @staticmethod
    def speech(result: dict[str, Any]) -> str:
        """The spoken text of a conversation result."""
        response = result.get("response", result)
        return str(response["speech"]["plain"]["speech"])

    def set_state(self, entity_id: str, state: str, *, token: str) -> None:
        """Turn an input_boolean on or off like an automation would."""
        domain = entity_id.split(".", 1)[0]
        self.call_service(
            domain,
            "turn_on" if state == "on" else "turn_off",
            {"entity_id": entity_id},
            token=token,
            return_response=False,
        ).ok()

    def get_state(self, entity_id: str, *, token: str) -> Response:
        """GET /api/states/<entity_id>."""
        return self.request("GET", f"/api/states/{entity_id}", token=token)

    # --- config entries ----------------------------------------------------------

    def add_home_memory(self, token: str, persona_name: str = "Jarvis") -> str:
        """Add Home Memory through the config-flow REST API; return the entry id.

        The model folder comes from HOME_MEMORY_MODEL_DIR (the repository's
        `.models`), so the flow never downloads anything.
        """
        flow = self.request(
            "POST",
            "/api/config/config_entries/flow",
            token=token,
            json_body={"handler": "home_memory", "show_advanced_options": False},
        ).ok()
        result = self.request(
            "POST",
            f"/api/config/config_entries/flow/{flow['flow_id']}",
            token=token,
            json_body={"persona_name": persona_name},
        ).ok()
        if result.get("type") == "menu" or result.get("step_id") == "model_folder":
            result = self.request(
                "POST",
                f"/api/config/config_entries/flow/{flow['flow_id']}",
                token=token,
                json_body={"model_dir": str(MODEL_DIR)},
            ).ok()
        if result.get("type") != "create_entry":
            raise HassError(f"config flow did not create the entry: {result!r}")
        entry_id = str(result["result"]["entry_id"])
        self.wait_for(
            lambda: self.entry_state(token, entry_id) == "loaded",
            what="the Home Memory entry to load",
        )
        # Home Assistant registers an integration's diagnostics a moment after
        # its entry is loaded; until then they are a 404 (a busy CI run of
        # session 41 met it in the German home's first request).
        self.wait_for(
            lambda: self.diagnostics(token, entry_id).status != HTTPStatus.NOT_FOUND,
            what="the Home Memory diagnostics",
        )
        return entry_id

    def entries(self, token: str, domain: str | None = None) -> list[dict[str, Any]]:
        """The config entries (optionally of one domain) over the websocket."""
        payload: dict[str, Any] = {}
        if domain:
            payload["domain"] = domain
        result: list[dict[str, Any]] = self.ws_command(
            token, "config_entries/get", **payload
        )
        return result

    def entry_state(self, token: str, entry_id: str) -> str | None:
        """The state of one config entry ("loaded", "setup_retry", ...)."""
        for entry in self.entries(token):
            if entry["entry_id"] == entry_id:
                return str(entry["state"])
        return None

    def diagnostics(self, token: str, entry_id: str) -> Response:
        """GET /api/diagnostics/config_entry/<entry_id>."""
        return self.request(
            "GET", f"/api/diagnostics/config_entry/{entry_id}", token=token
        )

    def wait_for(
        self,
        predicate: Any,
        *,
        what: str,
        timeout: float = 60.0,
        interval: float = 0.2,
    ) -> None:
        """Poll `predicate` until it is true (for things that happen in hass).

        Between polls it waits on the hass process, so a crash ends the wait
        at once with the log's tail instead of running into the timeout.
        """
        process = self.process
        if process is None:
            raise HassError(f"hass is not running (waiting for {what})")
        deadline = time.monotonic() + timeout
        while True:
            if predicate():
                return
            if time.monotonic() > deadline:
                raise HassError(f"timed out waiting for {what}")
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=interval)
                raise HassError(
                    f"hass exited with {process.returncode} while waiting "
                    f"for {what}:\n{self.log_tail()}"
                )

    # --- websocket -----------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def websocket(self, token: str) -> AsyncIterator[WebSocketClient]:
        """An authenticated websocket connection (use inside an event loop)."""
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(self.ws_url, max_msg_size=0) as ws,
        ):
            client = WebSocketClient(ws)
            await client.authenticate(token)
            yield client

    def ws_command(self, token: str, command: str, **payload: Any) -> Any:
        """One websocket command from synchronous code; returns its result."""

        async def run() -> Any:
            async with self.websocket(token) as client:
                return await client.command(command, **payload)

        return run_sync(run())

    def system_health(self, token: str, timeout: float = 30.0) -> dict[str, Any]:
        """`system_health/info` as the System information dialog reads it.

        Returns {domain: {key: value}} once every pending value has arrived;
        raises HassError if the initial answer or the "finish" never comes
        (the dialog then spins forever).
        """

        async def run() -> dict[str, Any]:
            async with self.websocket(token) as client:
                events = await client.subscription(
                    "system_health/info",
                    until=lambda event: event.get("type") == "finish",
                    wait_s=timeout,
                )
            if not any(event.get("type") == "initial" for event in events):
                raise HassError(f"system_health/info sent no initial data: {events}")
            info: dict[str, Any] = {}
            for event in events:
                if event.get("type") == "initial":
                    for domain, data in event["data"].items():
                        info[domain] = dict(data.get("info", {}))
                elif event.get("type") == "update":
                    value = event["data"] if event.get("success") else event
                    info.setdefault(event["domain"], {})[event["key"]] = value
            return info

        try:
            return run_sync(run())
        except TimeoutError as err:
            raise HassError(
                f"system_health/info did not finish within {timeout} s"
            ) from err

    def assist_text(
        self,
        text: str,
        *,
        token: str,
        conversation_id: str | None = None,
        pipeline: str | None = None,
    ) -> PipelineRun:
        """One text turn through `assist_pipeline/run` (intent stage only)."""

        async def run() -> PipelineRun:
            async with self.websocket(token) as client:
                return await client.assist_text(
                    text, conversation_id=conversation_id, pipeline=pipeline
                )

        return run_sync(run())


def run_sync[T](coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to completion from synchronous code.

    Under a running loop (Playwright's sync API keeps one) it runs in a
    short-lived thread of its own.
    """
    if asyncio._get_running_loop() is not None:
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(_run_here, coro).result()
    return _run_here(coro)


def _run_here[T](coro: Coroutine[Any, Any, T]) -> T:
    loop = asyncio.new_event_loop()
    try:
        result: T = loop.run_until_complete(coro)
        return result
    finally:
        loop.run_until_complete(loop.shutdown_asyncgens())
        # close() alone leaves the executor's thread (e.g. a getaddrinfo
        # worker) running; the test plugin fails a test whose thread outlives it.
        loop.run_until_complete(loop.shutdown_default_executor())
        loop.close()


@dataclass
class PipelineRun:
    """The events of one pipeline run, and what was said back."""

    events: list[dict[str, Any]]

    @property
    def intent_output(self) -> dict[str, Any]:
        """The conversation result in the intent-end event."""
        for event in self.events:
            if event["type"] == "intent-end":
                result: dict[str, Any] = event["data"]["intent_output"]
                return result
        raise HassError(f"no intent-end event in {self.events!r}")

    @property
    def speech(self) -> str:
        """The spoken reply."""
        return HassInstance.speech(self.intent_output)

    @property
    def conversation_id(self) -> str | None:
        """The conversation id to continue with."""
        value = self.intent_output.get("conversation_id")
        return str(value) if value else None

    @property
    def errors(self) -> list[dict[str, Any]]:
        """Any error events."""
        return [event for event in self.events if event["type"] == "error"]


class WebSocketClient:
    """Commands over one authenticated Home Assistant websocket."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self._ws = ws
        self._next_id = 1

    async def authenticate(self, token: str) -> None:
        """The auth handshake."""
        hello = await self._ws.receive_json()
        if hello.get("type") != "auth_required":
            raise HassError(f"unexpected hello: {hello!r}")
        await self._ws.send_json({"type": "auth", "access_token": token})
        answer = await self._ws.receive_json()
        if answer.get("type") != "auth_ok":
            raise HassError(f"websocket auth failed: {answer!r}")

    async def send(self, command: str, **payload: Any) -> int:
        """Send a command; return its id."""
        msg_id = self._next_id
        self._next_id += 1
        await self._ws.send_json({"id": msg_id, "type": command, **payload})
        return msg_id

    async def receive(self, msg_id: int, wait_s: float = 60.0) -> dict[str, Any]:
        """The next message for `msg_id` (others are dropped)."""
        while True:
            message: dict[str, Any] = await asyncio.wait_for(
                self._ws.receive_json(), wait_s
            )
            if message.get("id") == msg_id:
                return message

    async def command(self, command: str, **payload: Any) -> Any:
        """Send a command and return its result (raise on an error)."""
        msg_id = await self.send(command, **payload)
        message = await self.receive(msg_id)
        if not message.get("success"):
            raise WebSocketError(message.get("error") or message)
        return message.get("result")

    async def raw_command(self, command: str, **payload: Any) -> dict[str, Any]:
        """Send a command and return the whole result message (success or not)."""
        msg_id = await self.send(command, **payload)
        return await self.receive(msg_id)

    async def subscription(
        self, command: str, *, until: Any, wait_s: float = 60.0, **payload: Any
    ) -> list[dict[str, Any]]:
        """Subscribe; collect event messages until `until(event)` is true."""
        msg_id = await self.send(command, **payload)
        first = await self.receive(msg_id, wait_s)
        if first.get("type") == "result" and not first.get("success"):
            raise WebSocketError(first.get("error") or first)
        events: list[dict[str, Any]] = []
        if first.get("type") == "event":
            events.append(first["event"])
            if until(first["event"]):
                return events
        while True:
            message = await self.receive(msg_id, wait_s)
            if message.get("type") == "result" and not message.get("success"):
                # e.g. Home Assistant could not serialise an event for us.
                raise WebSocketError(message.get("error") or message)
            if message.get("type") != "event":
                continue
            events.append(message["event"])
            if until(message["event"]):
                return events

    async def assist_text(
        self,
        text: str,
        *,
        conversation_id: str | None = None,
        pipeline: str | None = None,
    ) -> PipelineRun:
        """A text turn through the pipeline (intent stage only)."""
        payload: dict[str, Any] = {
            "start_stage": "intent",
            "end_stage": "intent",
            "input": {"text": text},
        }
        if conversation_id:
            payload["conversation_id"] = conversation_id
        if pipeline:
            payload["pipeline"] = pipeline
        events = await self.subscription(
            "assist_pipeline/run",
            until=lambda event: event["type"] in {"run-end", "error"},
            **payload,
        )
        return PipelineRun(events)


class WebSocketError(HassError):
    """A websocket command answered with success: false."""

    def __init__(self, error: Any) -> None:
        super().__init__(f"websocket error: {error!r}")
        self.error = error


@contextlib.contextmanager
def running(**kwargs: Any) -> Iterator[HassInstance]:
    """A started instance that is stopped and removed afterwards."""
    instance = HassInstance(**kwargs)
    try:
        yield instance.start()
    finally:
        instance.cleanup()
