"""What Home Memory adds to a real Home Assistant: turn latency and memory.

Three `hass` processes from the venv, started with the acceptance suite's
launcher (tests/acceptance/hass_instance.py) on 127.0.0.1, same
configuration, onboarded over REST:

- `base`: without Home Memory;
- `empty`: with Home Memory added through the config flow, no memories;
- `full`: the same with 10,000 memories (the benchmark corpus, written into
  `<config>/home_memory/memory.db` by the engine before the start, as an
  import would; the vector graph is built by the integration itself).

Figures:

- `assist_turn_added_ms_p95`: p95 of a built-in-agent text turn
  (`/api/conversation/process`: "what time is it", "turn on/off the kitchen
  light") on `full` minus p95 on `base`. The two get their turns interleaved
  (in a shuffled order each round) so load from elsewhere on the machine
  falls on both alike. Timed at the client: the same HTTP round trip on both.
- `hass_rss_added_mb_10000`: resident memory (VmRSS) of `full` minus `base`,
  once the model is loaded, the graph is in service and a few searches ran.
  `hass_rss_added_mb_0` is the same for `empty`, so the difference of the two
  is what the memories themselves cost. `/proc/<pid>/smaps` splits each into
  the shared libraries (onnxruntime, usearch, tokenizers, ...) and anonymous
  memory (Python objects, the model's weights and arenas, the vector index
  and graph, SQLite's cache).
"""

from __future__ import annotations

import argparse
from collections import defaultdict
import contextlib
import json
from pathlib import Path
import random
import sys
import time
from typing import TYPE_CHECKING, Any

from .child import run_child
from .data import CORPUS_SEED, CORPUS_VERSION, corpus
from .timing import Latency

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from tests.acceptance.hass_instance import HassInstance

MEMORIES = 10_000
TURNS = ("what time is it", "turn on the kitchen light", "turn off the kitchen light")
ROUNDS = 30  # x 3 phrases = 90 timed turns per instance
WARMUP_ROUNDS = 3
SEARCHES = ("where is the spare key", "what does Anna like for breakfast")
_MB = 1024 * 1024

# smaps mappings, first match wins; anything else file-backed is "other files".
_LIBRARIES = (
    ("onnxruntime", "onnxruntime"),
    ("usearch", "usearch"),
    ("sqlite_vec", "sqlite_vec"),
    ("tokenizers", "tokenizers"),
    ("numpy", "numpy"),
    ("other extension modules", "site-packages"),
)


def smaps_mb(pid: int) -> dict[str, float]:
    """Resident MB of a process by kind of mapping (Linux /proc/<pid>/smaps)."""
    sizes: dict[str, float] = defaultdict(float)
    kind = "anonymous"
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        parts = line.split()
        if not parts:
            continue
        if "-" in parts[0] and not parts[0].endswith(":"):
            path = parts[5] if len(parts) > 5 else ""
            if not path or path in {"[heap]", "[stack]"} or path.startswith("[anon"):
                kind = "anonymous"
            elif path.startswith("["):
                kind = "other"
            else:
                kind = next(
                    (name for name, part in _LIBRARIES if part in path), "other files"
                )
        elif parts[0] == "Rss:":
            sizes[kind] += int(parts[1]) * 1024 / _MB
    return dict(sizes)


def rss_mb(pid: int) -> float:
    """VmRSS of a process in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024 / _MB
    raise RuntimeError(f"no VmRSS for {pid}")


def build_store(config_dir: Path, count: int) -> None:
    """Write `count` corpus memories where the integration keeps its database."""
    from custom_components.home_memory.const import DB_FILE, DB_FOLDER

    from .speed import bulk_load, open_store
    from .vectors import cached_vectors, engine_embedder, stored_text

    embedder = engine_embedder()
    items = corpus(count)
    vectors, _path, _seconds = cached_vectors(
        embedder,
        [stored_text(item.content) for item in items],
        name="corpus",
        version=f"{CORPUS_VERSION}-{CORPUS_SEED}",
    )
    store = open_store(config_dir / DB_FOLDER, embedder)
    try:
        bulk_load(store, items, vectors)
    finally:
        store.close()
    # Home Assistant keeps the graph in its cache folder: let it build its own.
    for saved in (config_dir / DB_FOLDER).glob("graph.usearch*"):
        saved.unlink()
    assert (config_dir / DB_FOLDER / DB_FILE).is_file()


class _Instance:
    """One onboarded `hass`, with or without Home Memory."""

    def __init__(
        self,
        name: str,
        *,
        home_memory: bool,
        memories: int,
        env: dict[str, str] | None = None,
    ) -> None:
        from tests.acceptance.hass_instance import HassInstance

        self.name = name
        self.home_memory = home_memory
        self.hass: HassInstance = HassInstance(with_home_memory=home_memory, env=env)
        if memories:
            build_store(self.hass.config_dir, memories)
        self.token = ""
        self.entry_id = ""

    def start(self) -> None:
        self.hass.start()
        self.token = self.hass.onboard().token
        if self.home_memory:
            self.entry_id = self.hass.add_home_memory(self.token)

    def wait_ready(self, timeout: float = 600.0) -> dict[str, Any]:
        """Model loaded, nothing left to embed, graph in service (if any)."""
        if not self.home_memory:
            return {}
        deadline = time.monotonic() + timeout
        while True:
            diag = self.hass.diagnostics(self.token, self.entry_id).ok()["data"]
            graph = diag["backends"]["vector_graph"]
            total = sum(diag["memories"]["by_tier"].values())
            if (
                diag["model"]["status"] == "ready"
                and diag["memories"]["pending_embeddings"] == 0
                and (graph["in_service"] or total < 8192 or not graph["enabled"])
            ):
                return dict(diag)
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.name} not ready: {diag}")
            time.sleep(1)

    def turn(self, text: str) -> float:
        """One built-in-agent turn; the client-side milliseconds."""
        started = time.perf_counter_ns()
        self.hass.conversation_process(text, token=self.token)
        return (time.perf_counter_ns() - started) / 1e6

    @property
    def pid(self) -> int:
        assert self.hass.process is not None
        return self.hass.process.pid


@contextlib.contextmanager
def _instances(
    log: Callable[[str], None], env: dict[str, str] | None
) -> Iterator[dict[str, _Instance]]:
    made: dict[str, _Instance] = {}
    try:
        log(f"realhass: writing {MEMORIES:,} memories into a config folder")
        made["full"] = _Instance("full", home_memory=True, memories=MEMORIES, env=env)
        made["empty"] = _Instance("empty", home_memory=True, memories=0, env=env)
        made["base"] = _Instance("base", home_memory=False, memories=0, env=env)
        for instance in made.values():
            log(f"realhass: starting hass ({instance.name})")
            instance.start()
        yield made
    finally:
        for instance in made.values():
            instance.hass.cleanup()


def measure(
    log: Callable[[str], None],
    rounds: int = ROUNDS,
    env: dict[str, str] | None = None,
) -> tuple[dict[str, float], list[str]]:
    """All figures, and notes on what dominates; `env` for every hass."""
    figures: dict[str, float] = {}
    notes: list[str] = []
    with _instances(log, env) as made:
        for name in ("full", "empty"):
            diag = made[name].wait_ready()
            log(f"realhass: {name} ready, graph {diag['backends']['vector_graph']}")
        base, full = made["base"], made["full"]
        log(f"realhass: {rounds * len(TURNS)} interleaved turns on base and full")
        rng = random.Random(7)
        samples: dict[str, list[float]] = {"base": [], "full": []}
        for round_no in range(WARMUP_ROUNDS + rounds):
            for text in TURNS:
                pair = [base, full]
                rng.shuffle(pair)
                for instance in pair:
                    elapsed = instance.turn(text)
                    if round_no >= WARMUP_ROUNDS:
                        samples[instance.name].append(elapsed)
        lat = {name: Latency(tuple(values)) for name, values in samples.items()}
        figures["assist_turn_p95_ms_without"] = lat["base"].p95
        figures["assist_turn_p95_ms_with_10000"] = lat["full"].p95
        figures["assist_turn_added_ms_p50"] = lat["full"].p50 - lat["base"].p50
        figures["assist_turn_added_ms_p95"] = lat["full"].p95 - lat["base"].p95
        figures["assist_turns_timed"] = float(len(samples["full"]))
        # Steady state in use: a few searches load the query path too.
        for instance in (made["full"], made["empty"]):
            for query in SEARCHES:
                instance.hass.call_service(
                    "home_memory", "search", {"query": query}, token=instance.token
                ).ok()
        time.sleep(5)
        rss = {name: rss_mb(instance.pid) for name, instance in made.items()}
        maps = {name: smaps_mb(instance.pid) for name, instance in made.items()}
        figures["hass_rss_mb_without"] = rss["base"]
        figures["hass_rss_mb_with_10000"] = rss["full"]
        figures["hass_rss_added_mb_0"] = rss["empty"] - rss["base"]
        figures["hass_rss_added_mb_10000"] = rss["full"] - rss["base"]
        kinds = sorted(set().union(*maps.values()))
        added = {
            kind: maps["full"].get(kind, 0.0) - maps["base"].get(kind, 0.0)
            for kind in kinds
        }
        for kind, value in sorted(added.items(), key=lambda kv: -kv[1]):
            if abs(value) >= 0.5:
                notes.append(
                    f"hass RSS added by Home Memory with {MEMORIES:,} memories, "
                    f"{kind}: {value:.1f} MB (with no memories "
                    f"{maps['empty'].get(kind, 0.0) - maps['base'].get(kind, 0.0):.1f})"
                )
    return figures, notes


def run_realhass(
    log: Callable[[str], None],
) -> tuple[dict[str, float], list[str], str | None]:
    """Measure in a child process; (figures, notes, error or None)."""
    log("realhass: three hass processes (progress below)")
    raw, error = run_child("benchmarks.realhass")
    if error is not None:
        return {}, [], error
    return raw["figures"], raw["notes"], None


def main(argv: Sequence[str] | None = None) -> None:
    """Child-process entry: print figures and notes as one JSON line."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.realhass")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="environment for every hass, e.g. MALLOC_ARENA_MAX=2 (repeatable)",
    )
    args = parser.parse_args(argv)
    env = dict(item.split("=", 1) for item in args.env)
    figures, notes = measure(
        lambda message: print(
            f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True
        ),
        args.rounds,
        env or None,
    )
    print(json.dumps({"figures": figures, "notes": notes}))


if __name__ == "__main__":
    main()
