"""The peers: ChromaDB (HNSW) and sqlite-vec (brute force), on our vectors.

Each peer runs in its own subprocess (`python -m benchmarks.peers NAME ...`):
its threads, caches and memory stay out of the engine's measurements, and a
peer that fails to import or crashes costs only its own figures. Both get the
cached corpus vectors and the engine's own query vectors, and answer the pure
vector question: top 20 by cosine.

ChromaDB is a benchmark-only dependency. `ensure_chromadb` installs the
pinned version into the project's venv the first time a run needs it (uv, as
scripts/setup uses), never from setup.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
import importlib.metadata
import json
import os
from pathlib import Path
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from . import REPO_ROOT
from .timing import Latency, rate, time_calls

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

# Newest release that resolves and installs on Python 3.14 here (checked with
# `uv pip install --dry-run`); a fixed pin keeps the figures comparable.
CHROMADB_PIN = "1.5.9"
TOP_K = 20
PEER_TIMEOUT_S = 1800

type Vectors = npt.NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class PeerRun:
    """A peer's figures (name -> value) or why it has none."""

    figures: dict[str, float]
    version: str | None
    error: str | None = None


# -- installing ChromaDB on first need ---------------------------------------------


def installed_version(distribution: str) -> str | None:
    """The installed version of a distribution in this interpreter, or None."""
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def _uv() -> str | None:
    candidates = [
        shutil.which("uv"),
        str(REPO_ROOT / ".toolchain" / "uv" / "bin" / "uv"),
        str(Path(sys.executable).parent / "uv"),
    ]
    return next((c for c in candidates if c and os.access(c, os.X_OK)), None)


def ensure_chromadb(*, allow_install: bool = True) -> tuple[str | None, str | None]:
    """(version, None) once chromadb is importable, else (None, reason)."""
    version = installed_version("chromadb")
    if version is not None:
        return version, None
    if not allow_install:
        return None, "chromadb is not installed (--no-install)"
    requirement = f"chromadb=={CHROMADB_PIN}"
    uv = _uv()
    if uv is not None:
        command = [
            uv,
            "pip",
            "install",
            "--quiet",
            "--python",
            sys.executable,
            requirement,
        ]
    else:
        command = [sys.executable, "-m", "pip", "install", "--quiet", requirement]
    env = {**os.environ}
    env.setdefault("UV_CACHE_DIR", str(REPO_ROOT / ".cache" / "uv"))
    print(f"  installing {requirement} (benchmark only) ...", file=sys.stderr)
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, env=env, timeout=900, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as err:
        return None, f"installing {requirement} failed: {err}"
    if done.returncode != 0:
        tail = " ".join(done.stderr.strip().splitlines()[-3:])
        return None, f"installing {requirement} failed: {tail}"
    importlib.invalidate_caches()
    version = installed_version("chromadb")
    if version is None:
        return None, f"{requirement} installed but not found"
    return version, None


# -- running a peer in a subprocess ------------------------------------------------


def run_peer(
    name: str,
    corpus_path: Path,
    queries_path: Path,
    sizes: Sequence[int],
    *,
    recall_size: int | None,
    warmup: int,
) -> PeerRun:
    """Run one peer over every size in a child process; never raises."""
    with tempfile.TemporaryDirectory(prefix=f"bench-{name}-") as scratch:
        out = Path(scratch) / "result.json"
        command = [
            sys.executable, "-m", "benchmarks.peers", name,
            "--corpus", str(corpus_path), "--queries", str(queries_path),
            "--sizes", ",".join(map(str, sizes)), "--warmup", str(warmup),
            "--scratch", scratch, "--out", str(out),
        ]  # fmt: skip
        if recall_size is not None:
            command += ["--recall-size", str(recall_size)]
        try:
            done = subprocess.run(
                command,
                cwd=REPO_ROOT,
                capture_output=True,
                text=True,
                timeout=PEER_TIMEOUT_S,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return PeerRun({}, None, f"{name} took longer than {PEER_TIMEOUT_S} s")
        if done.returncode != 0 or not out.is_file():
            tail = " ".join(done.stderr.strip().splitlines()[-3:])
            return PeerRun({}, None, f"{name} failed (exit {done.returncode}): {tail}")
        result = json.loads(out.read_text())
        return PeerRun(result["figures"], result["version"])


# -- the peers themselves (run inside the child process) ---------------------------


def _exact_top(corpus: Vectors, queries: Vectors, k: int) -> list[float]:
    """The k-th best exact cosine of each query (ties count as found)."""
    return [float(-np.partition(-(corpus @ q), k - 1)[k - 1]) for q in queries]


def _recall(
    found: Sequence[Sequence[int]], corpus: Vectors, queries: Vectors, k: int
) -> float:
    hits = 0
    for ids, query, kth in zip(
        found, queries, _exact_top(corpus, queries, k), strict=True
    ):
        scores = corpus[np.asarray(ids, dtype=np.int64)] @ query
        hits += int(np.count_nonzero(scores >= kth - 1e-5))
    return hits / (k * len(queries))


def _chroma(
    corpus: Vectors, queries: Vectors, sizes: Sequence[int], args: argparse.Namespace
) -> tuple[dict[str, float], str]:
    import chromadb
    from chromadb.config import Settings

    figures: dict[str, float] = {}
    for n in sizes:
        client = chromadb.PersistentClient(
            path=str(Path(args.scratch) / f"chroma-{n}"),
            settings=Settings(anonymized_telemetry=False),
        )
        # No embedding function: Chroma gets our vectors and must not fetch a
        # model of its own.
        collection = client.create_collection(
            f"bench_{n}",
            embedding_function=None,
            configuration={"hnsw": {"space": "cosine"}},
        )
        batch = min(5000, client.get_max_batch_size())
        started = time.perf_counter_ns()
        for start in range(0, n, batch):
            stop = min(start + batch, n)
            collection.add(
                ids=[str(i) for i in range(start, stop)], embeddings=corpus[start:stop]
            )
        figures[f"chroma_insert_per_s_{n}"] = rate(
            n, (time.perf_counter_ns() - started) / 1e9
        )

        def query(vector: Vectors, collection: Any = collection) -> Any:
            return collection.query(
                query_embeddings=[vector], n_results=TOP_K, include=["distances"]
            )

        latency = time_calls(query, list(queries), warmup=list(queries[: args.warmup]))
        _put(figures, "chroma_search", n, latency)
        if n == args.recall_size:
            found = [[int(i) for i in query(q)["ids"][0]] for q in queries]
            figures[f"chroma_recall_at_20_vs_exact_{n}"] = _recall(
                found, corpus[:n], queries, TOP_K
            )
    return figures, installed_version("chromadb") or "?"


def _sqlite_vec(
    corpus: Vectors, queries: Vectors, sizes: Sequence[int], args: argparse.Namespace
) -> tuple[dict[str, float], str]:
    import sqlite_vec

    figures: dict[str, float] = {}
    for n in sizes:
        conn = sqlite3.connect(Path(args.scratch) / f"vec-{n}.db", isolation_level=None)
        conn.enable_load_extension(True)
        sqlite_vec.load(conn)
        conn.enable_load_extension(False)
        conn.execute(
            "CREATE VIRTUAL TABLE items USING vec0("
            f"embedding float[{corpus.shape[1]}] distance_metric=cosine)"
        )
        started = time.perf_counter_ns()
        conn.execute("BEGIN")
        conn.executemany(
            "INSERT INTO items (rowid, embedding) VALUES (?, ?)",
            ((i, corpus[i].tobytes()) for i in range(n)),
        )
        conn.execute("COMMIT")
        figures[f"sqlitevec_insert_per_s_{n}"] = rate(
            n, (time.perf_counter_ns() - started) / 1e9
        )

        # vec0 KNN without an index: a full scan of every vector per query.
        def query(vector: Vectors, conn: sqlite3.Connection = conn) -> list[Any]:
            return conn.execute(
                "SELECT rowid, distance FROM items WHERE embedding MATCH ? AND k = ?",
                (vector.tobytes(), TOP_K),
            ).fetchall()

        latency = time_calls(query, list(queries), warmup=list(queries[: args.warmup]))
        _put(figures, "sqlitevec_bruteforce", n, latency)
        conn.close()
    (version,) = (
        sqlite3.connect(":memory:").execute("SELECT sqlite_version()").fetchone()
    )
    return figures, f"{installed_version('sqlite-vec')} (SQLite {version})"


def _put(figures: dict[str, float], prefix: str, n: int, latency: Latency) -> None:
    figures[f"{prefix}_p50_ms_{n}"] = latency.p50
    figures[f"{prefix}_p95_ms_{n}"] = latency.p95


_PEERS: dict[
    str,
    Callable[
        [Vectors, Vectors, Sequence[int], argparse.Namespace],
        tuple[dict[str, float], str],
    ],
] = {"chroma": _chroma, "sqlitevec": _sqlite_vec}


def main(argv: Sequence[str] | None = None) -> None:
    """Child-process entry: run one peer, write its figures as JSON."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.peers")
    parser.add_argument("peer", choices=sorted(_PEERS))
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--queries", type=Path, required=True)
    parser.add_argument("--sizes", required=True)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--recall-size", type=int)
    parser.add_argument("--scratch", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    corpus = np.load(args.corpus, mmap_mode="r")
    queries = np.ascontiguousarray(np.load(args.queries), dtype=np.float32)
    sizes = [int(s) for s in args.sizes.split(",")]
    # Only the rows a size needs, in memory (as the engine has them).
    loaded = np.ascontiguousarray(corpus[: max(sizes)], dtype=np.float32)
    figures, version = _PEERS[args.peer](loaded, queries, sizes, args)
    args.out.write_text(json.dumps({"figures": figures, "version": version}))


if __name__ == "__main__":
    main()
