"""A local stand-in for Hugging Face that the test can make fail, stall or serve.

Home Assistant is pointed at it with HOME_MEMORY_MODEL_URL. It serves the real
model files from the repository's `.models` folder (so the sha256 checks pass)
with Range support, in one of three modes:

- "offline": every connection is closed before a response, at once, as a
  machine without internet access fails;
- "cut": model.safetensors arrives in slices (so the frontend has progress to
  show) and the connection drops after `cut_after` bytes;
- "serve": everything at full speed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
import threading
import time
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from pathlib import Path

type Mode = Literal["offline", "cut", "serve"]

SLICE = 1 << 20
# Between slices of a "cut" download: long enough for the frontend to draw a
# few percentages, short enough to fail within seconds.
SLICE_PAUSE_S = 0.25


@dataclass
class ModelHub:
    """The server and what it saw; `mode` may change between requests."""

    folder: Path
    mode: Mode = "offline"
    cut_after: int = 30 << 20
    requests: list[tuple[str, str | None]] = field(default_factory=list)
    _server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        """The base URL HOME_MEMORY_MODEL_URL is set to."""
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> ModelHub:
        """Listen on a free port of 127.0.0.1, in a daemon thread."""
        hub = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                hub.handle(self)

            def log_message(self, fmt: str, *args: Any) -> None:
                """Quiet: the test reads `requests` instead."""

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        """Stop listening."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def handle(self, request: BaseHTTPRequestHandler) -> None:
        """Answer one GET /<file> as the current mode says."""
        name = request.path.rsplit("/", 1)[-1]
        self.requests.append((name, request.headers.get("Range")))
        if self.mode == "offline":
            request.close_connection = True
            return
        path = self.folder / name
        if not path.is_file():
            request.send_error(404)
            return
        body = path.read_bytes()
        start = 0
        if header := request.headers.get("Range"):
            start = int(header.removeprefix("bytes=").rstrip("-"))
        request.send_response(206 if start else 200)
        request.send_header("Content-Length", str(len(body) - start))
        request.end_headers()
        if self.mode == "serve" or name != "model.safetensors":
            request.wfile.write(body[start:])
            return
        sent = start
        while sent < min(self.cut_after, len(body)):
            request.wfile.write(body[sent : sent + SLICE])
            request.wfile.flush()
            sent += SLICE
            time.sleep(SLICE_PAUSE_S)
        # Drop the line mid-file, as a lost connection does.
        request.close_connection = True
