"""Writer processes for test_crash_safety.py (run as a script, not collected).

Run with the repository root as working directory and on PYTHONPATH.

Importing the engine takes over a second, so this script is a small fork
server: it imports everything once, then for each request line on stdin

    {"path": "<db file>", "seed": <int>, "generation": <int>}

forks a writer that opens a MemoryStore on the file and changes it forever,
reporting on stdout (one JSON object a line, each written with one os.write of
less than PIPE_BUF bytes, so a kill never leaves half a line):

    {"start": <pid>, "known": <memories found at open>}
    {"begin": n, "op": "...", "expect": {id: [digest, importance, tier, version]}}
    {"ack": n}                      # the call returned: the write is acknowledged

until the test sends {"kill": <spin>}: the server idles <spin> loop rounds,
SIGKILLs the writer, reports
{"exit": <wait status>} and waits for the next request. A writer that fails
reports {"error": "<traceback>"} and exits. States are [digest of the content,
importance, tier, version]: what get() must return for that id once the write
is acknowledged (the digest keeps lines short however long the text).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
import random
import signal
import sys
import tempfile
import traceback
from typing import Any

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    MemoryFilter,
    MemoryPatch,
    NewMemory,
    Tier,
)
from custom_components.home_memory.memory.store import MemoryStore
from tests.core.conftest import HashingEmbedder

ALL_TIERS = (Tier.ACTIVE, Tier.DELETED, Tier.ARCHIVED)
MAX_OPERATIONS = 100_000  # a writer that is never killed stops here (exit 3)
FILLER = ("kitchen", "garden", "boiler", "coffee", "garage", "doctor", "piano")

type State = list[Any]  # [digest, importance, tier, version]


def digest(content: str) -> str:
    """Stands for a text in the protocol (texts may be longer than a line)."""
    return hashlib.sha256(content.encode()).hexdigest()[:24]


def emit(message: dict[str, Any]) -> None:
    """One line, one write(2): atomic on a pipe below PIPE_BUF (4096) bytes."""
    data = (json.dumps(message, separators=(",", ":")) + "\n").encode()
    assert len(data) < 4096, "protocol line too long to be written atomically"
    os.write(1, data)


def load_state(store: MemoryStore) -> dict[str, State]:
    """Every memory in the file, as the writer's starting knowledge."""
    state: dict[str, State] = {}
    flt = MemoryFilter(tiers=ALL_TIERS, include_expired=True)
    offset: int | None = 0
    while offset is not None:
        page = store.list_memories(SYSTEM, flt, offset=offset, limit=500)
        for m in page.items:
            state[m.id] = [digest(m.content), m.importance, str(m.tier), m.version]
        offset = page.next_offset
    return state


def text(rng: random.Random, memory_id: str, revision: int) -> str:
    """A unique text (its id and revision are in it) of varying length.

    Only the id and revision tell two texts apart; the id is the sentence's
    subject, so create never takes one note for a correction of another
    (statements.relate: another subject is a separate memory).
    """
    words = rng.choices(FILLER, k=rng.choice([3, 10, 60, 300]))
    return f"Note {memory_id} is at revision {revision}: " + " ".join(words)


def writer(path: str, seed: int, generation: int) -> None:
    """Open the store and write until killed."""
    rng = random.Random(seed)
    store = MemoryStore(path, embedder=HashingEmbedder())
    state = load_state(store)
    emit({"start": os.getpid(), "known": len(state)})
    for n in range(1, MAX_OPERATIONS):
        active = sorted(i for i, s in state.items() if s[2] == Tier.ACTIVE)
        deleted = sorted(i for i, s in state.items() if s[2] == Tier.DELETED)
        op = rng.choices(
            ["create", "batch", "update", "delete", "restore"],
            weights=[35, 10, 30, 15, 10 if deleted else 0],
        )[0]
        if op in {"update", "delete"} and not active:
            op = "create"
        memory_id = f"g{generation:02d}n{n:05d}"
        expect: dict[str, State]
        if op in {"create", "batch"}:
            ids = (
                [memory_id]
                if op == "create"
                else [f"{memory_id}b{i}" for i in range(4)]
            )
            items = [
                NewMemory(id=i, content=text(rng, i, 1), importance=rng.random())
                for i in ids
            ]
            expect = {
                i: [digest(new.content), new.importance, "active", 1]
                for i, new in zip(ids, items, strict=True)
            }
            emit({"begin": n, "op": op, "expect": expect})
            got = {
                r.memory.id: [
                    digest(r.memory.content),
                    r.memory.importance,
                    str(r.memory.tier),
                    r.memory.version,
                ]
                for r in store.create_many(items, SYSTEM)
            }
        elif op == "update":
            target = rng.choice(active)
            old = state[target]
            patch = MemoryPatch(
                content=text(rng, target, old[3] + 1), importance=rng.random()
            )
            expect = {
                target: [
                    digest(patch.content or ""),
                    patch.importance,
                    "active",
                    old[3] + 1,
                ]
            }
            emit({"begin": n, "op": op, "expect": expect})
            m = store.update(target, patch, SYSTEM)
            got = {m.id: [digest(m.content), m.importance, str(m.tier), m.version]}
        else:
            pool = active if op == "delete" else deleted
            targets = rng.sample(pool, min(len(pool), rng.choice([1, 1, 2, 3])))
            tier = "deleted" if op == "delete" else "active"
            expect = {i: [*state[i][:2], tier, state[i][3]] for i in targets}
            emit({"begin": n, "op": op, "expect": expect})
            call = store.soft_delete if op == "delete" else store.restore
            moved = call(SYSTEM, ids=targets)
            got = {i: expect[i] for i in moved}
        if got != expect:
            raise AssertionError(f"operation {n} ({op}) returned {got}, not {expect}")
        state.update(expect)
        emit({"ack": n})
    store.close()
    os._exit(3)


def warm_up() -> None:
    """Run every writer code path once, so that each forked writer inherits
    the lazy imports, sqlite-vec and the index's rotation instead of redoing
    them."""
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "warm.db"
        for _ in range(2):  # the second open loads the index from rows
            store = MemoryStore(path, embedder=HashingEmbedder())
            load_state(store)
            memory_id = store.create(NewMemory(content="warm up 1"), SYSTEM).memory.id
            store.update(memory_id, MemoryPatch(content="warm up 2"), SYSTEM)
            store.soft_delete(SYSTEM, ids=[memory_id])
            store.restore(SYSTEM, ids=[memory_id])
            store.close()


def main() -> None:
    """Fork a writer per request; kill it when told and report how it ended.

    The server, the writer's parent, sends the SIGKILL: until it reaps the
    writer, the pid cannot belong to any other process.
    """
    warm_up()
    emit({"ready": os.getpid()})
    pid: int | None = None
    for line in sys.stdin:
        request = json.loads(line)
        if "kill" in request:
            assert pid is not None, "kill without a writer"
            # A seeded number of idle loops (no sleep): the kill then lands at
            # any point of the writer's operation, not just after a line.
            for _ in range(int(request["kill"])):
                pass
            os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
            pid = None
            emit({"exit": status})
            continue
        assert pid is None, "one writer at a time"
        pid = os.fork()
        if pid == 0:  # the writer
            try:
                writer(request["path"], request["seed"], request["generation"])
            except BaseException:  # noqa: BLE001 - report anything, then die
                emit({"error": traceback.format_exc()[-3000:]})
            os._exit(1)
    if pid is not None:  # the test gave up: leave nothing running
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)


if __name__ == "__main__":
    main()
