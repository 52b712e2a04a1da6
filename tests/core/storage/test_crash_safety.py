"""Crash safety: a writer SIGKILLed 50 times loses no acknowledged write.

Writer processes (tests/core/storage/crash_writer.py, forked from one server so that
the engine is imported only once) create, update, soft-delete and restore
memories in one file on disk, announcing each operation before the call
("begin") and acknowledging it after the call returned ("ack"). The test reads
those lines and has the writer SIGKILLed after a seeded-random number of
them plus a seeded-random number of idle loop rounds in the fork server (0 to
a few milliseconds), so the kill lands between operations or anywhere inside
one: while the writer embeds, writes, commits or reports. No sleeping: the
timing is driven by the lines read and the writer's own pace.

After every kill the file must pass SQLite's integrity check (and the foreign
key and FTS5 checks), and a fresh MemoryStore must show every acknowledged
write with its acknowledged state. The one operation in flight may have
committed or not, but wholly: all of its memories new, or all as before. The
same file is reused for all 50 kills, so damage would accumulate.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path
import random
import signal
import sqlite3
import subprocess
import sys
import threading
from typing import IO, Any

import pytest

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    MemoryFilter,
    Tier,
)
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.store import MemoryStore

from ..conftest import HashingEmbedder

ROOT = Path(__file__).resolve().parents[3]
WRITER = Path(__file__).with_name("crash_writer.py")
KILLS = 50
SEED = 20_250_615
# Kill after this many protocol lines (begin or ack) of a writer; 0 kills it
# as soon as it reports that it has opened the store.
MAX_LINES_BEFORE_KILL = 24
WATCHDOG_SECONDS = 120

type State = list[Any]  # [digest of content, importance, tier, version]


def _digest(content: str) -> str:
    return hashlib.sha256(content.encode()).hexdigest()[:24]


class WriterServer:
    """The crash_writer.py fork server and the protocol lines it relays."""

    def __init__(self, stderr: IO[bytes]) -> None:
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(
                p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p
            ),
            # One BLAS thread: the server forks, and forking threads is unsafe.
            "OPENBLAS_NUM_THREADS": "1",
            "OMP_NUM_THREADS": "1",
        }
        self.proc = subprocess.Popen(
            [sys.executable, str(WRITER)],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
        )
        self.stderr = stderr
        self.timed_out = False
        # A hung writer would block readline() forever: end both, and fail.
        self._watchdog = threading.Timer(WATCHDOG_SECONDS, self._on_timeout)
        self._watchdog.daemon = True
        self._watchdog.start()
        ready = self.read()
        assert "ready" in ready, f"writer server did not start: {ready}"

    def _on_timeout(self) -> None:
        self.timed_out = True
        with contextlib.suppress(OSError, ValueError):
            self.kill_writer()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=10)
        self.proc.kill()

    def stderr_tail(self) -> str:
        self.stderr.flush()
        self.stderr.seek(0)
        return self.stderr.read().decode(errors="replace")[-3000:]

    def read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            timeout = " (watchdog timeout)" if self.timed_out else ""
            pytest.fail(
                f"writer server ended unexpectedly{timeout}:\n{self.stderr_tail()}"
            )
        return json.loads(line)

    def start_writer(self, path: Path, seed: int, generation: int) -> None:
        assert self.proc.stdin is not None
        request = {"path": str(path), "seed": seed, "generation": generation}
        self.proc.stdin.write((json.dumps(request) + "\n").encode())
        self.proc.stdin.flush()

    def kill_writer(self, spin: int = 0) -> None:
        """Have the server SIGKILL its writer (it has not reaped it yet), after
        `spin` idle loop rounds (up to a few milliseconds)."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"kill": spin}).encode() + b"\n")
        self.proc.stdin.flush()

    def close(self) -> None:
        self._watchdog.cancel()
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()


def _check_file(path: Path) -> None:
    """SQLite's own checks on the file exactly as the crash left it."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        integrity = conn.execute("PRAGMA integrity_check").fetchall()
        assert integrity == [("ok",)], f"integrity_check: {integrity}"
        orphans = conn.execute("PRAGMA foreign_key_check").fetchall()
        assert orphans == [], f"foreign_key_check: {orphans}"
        # Raises if the full-text index disagrees with its stored rows.
        conn.execute("INSERT INTO memories_fts(memories_fts) VALUES('integrity-check')")
        fts_rows = conn.execute("SELECT count(*) FROM memories_fts").fetchone()[0]
        rows = conn.execute("SELECT count(*) FROM memories").fetchone()[0]
        assert fts_rows == rows, f"{fts_rows} FTS rows for {rows} memories"
    finally:
        conn.close()


def _stored_state(store: MemoryStore) -> dict[str, State]:
    state: dict[str, State] = {}
    flt = MemoryFilter(
        tiers=(Tier.ACTIVE, Tier.DELETED, Tier.ARCHIVED), include_expired=True
    )
    offset: int | None = 0
    while offset is not None:
        page = store.list_memories(SYSTEM, flt, offset=offset, limit=500)
        for m in page.items:
            assert m.id not in state, f"{m.id} listed twice"
            state[m.id] = [_digest(m.content), m.importance, str(m.tier), m.version]
        offset = page.next_offset
    return state


@pytest.mark.slow
def test_sigkilled_writer_loses_no_acknowledged_write(tmp_path: Path) -> None:
    """A writer killed with SIGKILL loses no write it had acknowledged."""
    path = tmp_path / "memory.db"
    rng = random.Random(SEED)
    acked: dict[str, State] = {}
    stats = {"acks": 0, "in_flight_committed": 0, "in_flight_lost": 0, "idle": 0}
    with (tmp_path / "writer.stderr").open("w+b") as stderr:
        server = WriterServer(stderr)
        try:
            for generation in range(KILLS):
                pending = _run_until_killed(server, path, rng, generation, acked, stats)
                _verify(path, acked, pending, stats, rng, generation)
        finally:
            server.close()
    print(f"crash test: {KILLS} kills, {len(acked)} memories, {stats}")
    assert stats["acks"] >= KILLS, f"too few acknowledged writes: {stats}"
    # The kills must really hit operations mid-way, not only between them.
    in_flight = stats["in_flight_committed"] + stats["in_flight_lost"]
    assert in_flight >= KILLS // 5, f"few kills hit an operation in flight: {stats}"


def _run_until_killed(
    server: WriterServer,
    path: Path,
    rng: random.Random,
    generation: int,
    acked: dict[str, State],
    stats: dict[str, int],
) -> tuple[int, dict[str, State]] | None:
    """One writer's life; returns the operation in flight when it died."""
    server.start_writer(path, rng.getrandbits(32), generation)
    start = server.read()
    assert "start" in start, f"generation {generation}: writer failed to start: {start}"
    assert start["known"] == len(acked), (
        f"generation {generation}: the writer found {start['known']} memories, "
        f"the test knows of {len(acked)}"
    )
    kill_after = rng.randint(0, MAX_LINES_BEFORE_KILL)
    # Without a delay the kill would follow the writer's last line closely.
    spin = rng.choice([0, rng.randrange(10_000), rng.randrange(300_000)])
    lines = 0
    killed = False
    pending: tuple[int, dict[str, State]] | None = None
    while True:
        if not killed and lines >= kill_after:
            server.kill_writer(spin)
            killed = True
        message = server.read()
        lines += 1
        if "exit" in message:
            break
        if "error" in message:
            pytest.fail(f"generation {generation}: the writer failed:\n{message}")
        if "begin" in message:
            assert pending is None, f"begin {message['begin']} before ack of {pending}"
            pending = (int(message["begin"]), message["expect"])
        elif "ack" in message:
            assert pending is not None, f"ack {message['ack']} without a begin"
            assert pending[0] == message["ack"], f"ack {message['ack']} for {pending}"
            acked.update(pending[1])
            stats["acks"] += 1
            pending = None
        else:  # pragma: no cover - protocol error
            pytest.fail(f"unexpected line from the writer: {message}")
    status = int(message["exit"])
    if not (os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL):
        pytest.fail(
            f"generation {generation}: the writer ended by itself (wait status "
            f"{status}) before the kill after {kill_after} lines:\n"
            f"{server.stderr_tail()}"
        )
    return pending


def _verify(
    path: Path,
    acked: dict[str, State],
    pending: tuple[int, dict[str, State]] | None,
    stats: dict[str, int],
    rng: random.Random,
    generation: int,
) -> None:
    where = f"after kill {generation + 1}"
    _check_file(path)
    store = MemoryStore(path, embedder=HashingEmbedder())
    try:
        stored = _stored_state(store)
        if pending is None:
            stats["idle"] += 1
        else:
            number, expect = pending
            before = {i: acked.get(i) for i in expect}
            after = {i: stored.get(i) for i in expect}
            if after == expect:
                stats["in_flight_committed"] += 1
                acked.update(expect)
            elif after == before:
                stats["in_flight_lost"] += 1
            else:
                pytest.fail(
                    f"{where}: operation {number}, in flight, was half applied: "
                    f"stored {after}, before {before}, intended {expect}"
                )
        missing = sorted(acked.keys() - stored.keys())
        assert not missing, f"{where}: acknowledged memories lost: {missing[:10]}"
        extra = sorted(stored.keys() - acked.keys())
        assert not extra, f"{where}: memories nobody wrote: {extra[:10]}"
        wrong = {i: (stored[i], acked[i]) for i in acked if stored[i] != acked[i]}
        assert not wrong, f"{where}: stored != acknowledged state: {wrong}"
        active = [i for i, s in acked.items() if s[2] == Tier.ACTIVE]
        assert len(store.index) == len(active), (
            f"{where}: vector index has {len(store.index)} rows for "
            f"{len(active)} active memories"
        )
        # The full-text and vector rows committed with their memory: an
        # acknowledged memory is found by its own text.
        retriever = Retriever(store)
        for memory_id in rng.sample(active, min(1, len(active))):
            memory = store.get(memory_id, SYSTEM)
            found = retriever.search(
                memory.content, SYSTEM, limit=100, record_access=False
            )
            assert memory_id in {s.memory.id for s in found.items}, (
                f"{where}: search for the text of {memory_id} does not find it"
            )
    finally:
        store.close()
