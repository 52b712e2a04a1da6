"""Tests for the sentence embedder (both backends, model folder checks)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
import json
import math
from pathlib import Path
import shutil
import struct
import sys

import numpy as np
import pytest

from custom_components.home_memory.memory.common import malloc_trim
from custom_components.home_memory.memory.common.errors import ModelError
from custom_components.home_memory.memory.embedding import embedder as embedder_module
from custom_components.home_memory.memory.embedding.embedder import (
    Embedder,
    NumpyEmbedder,
    OnnxEmbedder,
    TransformerEmbedder,
    default_model_dir,
    load_embedder,
    onnxruntime_available,
    read_safetensors,
    verify_model_dir,
)
from custom_components.home_memory.memory.embedding.model_files import (
    MAX_TOKENS,
    MODEL_DIMENSIONS,
    MODEL_FILES_BY_NAME,
    MODEL_ID,
)

QUERY = "What's the status with TestCorp?"
INVOICE = "TestCorp owes me 5000 from invoice INV-001"
UNRELATED = "The garden tomatoes need watering twice a week in July."

VARIED = [
    QUERY,
    INVOICE,
    UNRELATED,
    "",
    "Turn off the kitchen lights at 11pm.",
    "My sister's birthday is on the 14th of March 🎂🎉",
    "🏠🔥🚒",
    "مرحبا، كيف حالك اليوم؟",
    "שלום, מה שלומך היום?",
    "Der Kühlschrank ist seit gestern kaputt.",
    "東京の天気は晴れです。",
    "The Wi-Fi password is hunter2 — don't share it.",
    "Remind me to renew the car insurance before 2025-06-30.",
    "I prefer the thermostat at 21.5 °C in the evening.",
    "ok",
    "   ",
    "The dentist appointment moved from Tuesday to Thursday at 9:15.",
    "Bob is allergic to peanuts and shellfish.",
    "Grandma's lasagne recipe uses ricotta, not béchamel.",
    "INV-002 INV-003 INV-004 all paid in full",
]
# Past MAX_TOKENS (~540 tokens); kept out of VARIED, where it would make every
# numpy-backend test pay for a 256-token forward pass.
LONG = "the quick brown fox jumps over the lazy dog " * 60


def _cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


@pytest.fixture(scope="module")
def model_dir() -> Path:
    """The assembled model folder; its absence is a setup error, not a skip."""
    path = default_model_dir()
    if path is None:
        pytest.fail("no model folder: run scripts/setup (or set HOME_MEMORY_MODEL_DIR)")
    return path


@pytest.fixture(scope="module")
def onnx_embedder(model_dir: Path) -> TransformerEmbedder:
    """The onnxruntime backend, loaded once for the module."""
    loaded = load_embedder(model_dir, backend="onnxruntime")
    assert isinstance(loaded, OnnxEmbedder)
    return loaded


@pytest.fixture(scope="module")
def numpy_embedder(model_dir: Path) -> TransformerEmbedder:
    """The numpy backend, loaded once for the module."""
    loaded = load_embedder(model_dir, backend="numpy")
    assert isinstance(loaded, NumpyEmbedder)
    return loaded


@pytest.fixture(params=["onnxruntime", "numpy"])
def any_embedder(
    request: pytest.FixtureRequest,
    onnx_embedder: TransformerEmbedder,
    numpy_embedder: TransformerEmbedder,
) -> TransformerEmbedder:
    """Each backend in turn."""
    return onnx_embedder if request.param == "onnxruntime" else numpy_embedder


@pytest.fixture
def no_onnxruntime(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make `import onnxruntime` fail, as on a machine without it."""
    monkeypatch.setitem(sys.modules, "onnxruntime", None)


def _copy_model(src: Path, dst: Path, names: tuple[str, ...]) -> Path:
    # Real copies (not links): tests alter them and must never reach the source.
    dst.mkdir()
    for name in names:
        shutil.copyfile(src / name, dst / name)
    return dst


ONNX_FILES = ("tokenizer.json", "config.json", "model.onnx")
NUMPY_FILES = ("tokenizer.json", "config.json", "model.safetensors")


# --- shapes, normalisation, batching -----------------------------------------


def test_attributes(any_embedder: TransformerEmbedder) -> None:
    """The embedder reports the pinned model id and 384 dimensions."""
    assert isinstance(any_embedder, Embedder)
    assert any_embedder.model_id == MODEL_ID
    assert any_embedder.dimensions == MODEL_DIMENSIONS == 384


def test_backend_names(
    onnx_embedder: TransformerEmbedder, numpy_embedder: TransformerEmbedder
) -> None:
    """Each embedder names its backend: onnxruntime or numpy."""
    assert onnx_embedder.backend == "onnxruntime"
    assert numpy_embedder.backend == "numpy"


def test_shapes_and_normalisation(any_embedder: TransformerEmbedder) -> None:
    """Embeddings are finite float32 unit vectors, one distinct row per text."""
    vectors = any_embedder.embed(VARIED)
    assert vectors.shape == (len(VARIED), 384)
    assert vectors.dtype == np.float32
    assert np.all(np.isfinite(vectors))
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    # Different texts give different vectors (no row left as zeros or copied).
    assert _cosine(vectors[0], vectors[2]) < 0.9


def test_empty_input(any_embedder: TransformerEmbedder) -> None:
    """No texts give an empty float32 array of the right width."""
    vectors = any_embedder.embed([])
    assert vectors.shape == (0, 384)
    assert vectors.dtype == np.float32


def test_single_str_is_rejected(any_embedder: TransformerEmbedder) -> None:
    """A bare string is refused (it would be embedded letter by letter)."""
    with pytest.raises(TypeError):
        any_embedder.embed("hello")


def test_batched_equals_one_by_one(any_embedder: TransformerEmbedder) -> None:
    """Embedding in batches gives the same vectors as one text at a time."""
    # More than one batch of 32, with lengths mixed so sorting reorders them.
    texts = [f"{text} (note {i})" for i, text in enumerate(VARIED * 2)]
    batched = any_embedder.embed(texts)
    single = np.stack([any_embedder.embed([text])[0] for text in texts])
    np.testing.assert_allclose(batched, single, atol=1e-4)


@pytest.mark.parametrize(
    ("lengths", "expected"),
    [
        ([10] * 40, [32, 8]),
        ([256, 12, 11, 10], [1, 3]),
        ([256] * 10, [4, 4, 2]),
        ([100, 60, 49, 30], [2, 2]),
        ([5], [1]),
        ([], []),
    ],
)
def test_batches(lengths: list[int], expected: list[int]) -> None:
    """Batches keep the sorted order and stay under the token budget."""
    order = sorted(range(len(lengths)), key=lambda i: lengths[i], reverse=True)
    batches = list(embedder_module._batches(order, lengths))
    assert [len(batch) for batch in batches] == expected
    assert [i for batch in batches for i in batch] == order
    for batch in batches:
        assert len(batch) * lengths[batch[0]] <= embedder_module.MAX_BATCH_TOKENS


def test_order_is_preserved(any_embedder: TransformerEmbedder) -> None:
    """Vectors come back in the order of the input texts."""
    forward = any_embedder.embed(VARIED)
    backward = any_embedder.embed(VARIED[::-1])
    np.testing.assert_allclose(forward, backward[::-1], atol=1e-4)


def test_long_text_is_truncated(any_embedder: TransformerEmbedder) -> None:
    """Text past the token limit is cut and changes nothing."""
    words = [f"word{i % 50}" for i in range(2000)]
    long_text = " ".join(words)
    assert len(any_embedder._tokenizer.encode(long_text).ids) == MAX_TOKENS
    with_tail = long_text + " spaceships lasers aliens invade the moon base"
    vectors = any_embedder.embed([long_text, with_tail, "word1 word2"])
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    # Everything past MAX_TOKENS is cut, so the tail changes nothing.
    np.testing.assert_allclose(vectors[0], vectors[1], atol=1e-5)
    assert _cosine(vectors[0], vectors[2]) < 0.99


def test_backends_agree(
    onnx_embedder: TransformerEmbedder, numpy_embedder: TransformerEmbedder
) -> None:
    """The onnxruntime and numpy backends give nearly the same vectors."""
    texts = [*VARIED, LONG]
    onnx_vectors = onnx_embedder.embed(texts)
    numpy_vectors = numpy_embedder.embed(texts)
    cosines = np.sum(onnx_vectors * numpy_vectors, axis=1)
    worst = int(np.argmin(cosines))
    assert cosines[worst] >= 0.99, f"{texts[worst]!r}: cosine {cosines[worst]}"


def test_semantic_sanity(any_embedder: TransformerEmbedder) -> None:
    """A related text is clearly closer to the query than an unrelated one."""
    query, invoice, unrelated = any_embedder.embed([QUERY, INVOICE, UNRELATED])
    related = _cosine(query, invoice)
    assert 0.35 < related < 0.75
    assert related > _cosine(query, unrelated) + 0.25


def test_concurrent_calls_match_sequential(any_embedder: TransformerEmbedder) -> None:
    """Concurrent embedding calls give the same vectors as sequential ones."""
    groups = [VARIED[i::4] for i in range(4)]
    expected = [any_embedder.embed(group) for group in groups]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(any_embedder.embed, groups * 3))
    for i, result in enumerate(results):
        np.testing.assert_allclose(result, expected[i % 4], atol=1e-5)


# --- query cache -------------------------------------------------------------


def test_query_cache(any_embedder: TransformerEmbedder) -> None:
    """A repeated query is served from the cache with the same vector."""
    any_embedder.clear_cache()
    first = any_embedder.embed_query(QUERY)
    assert first.shape == (384,)
    assert any_embedder.cache_info() == (0, 1, 1)
    second = any_embedder.embed_query(QUERY)
    assert any_embedder.cache_info() == (1, 1, 1)
    np.testing.assert_array_equal(first, second)
    np.testing.assert_allclose(first, any_embedder.embed([QUERY])[0], atol=1e-5)


def test_query_vector_is_the_embed_vector_bit_for_bit(
    any_embedder: TransformerEmbedder,
) -> None:
    """A query's vector is exactly what embed() gives the same text alone.

    Stored vectors come from embed(), query vectors from embed_query's own
    one-text path: a single differing bit would move cosines and rankings.
    """
    words = " ".join(f"word{i % 50}" for i in range(2000))
    texts = ["", "x", QUERY, "  Émile's café?  ", *VARIED, LONG, words]
    any_embedder.clear_cache()
    for text in texts:
        np.testing.assert_array_equal(
            any_embedder.embed_query(text), any_embedder.embed([text])[0]
        )


def test_query_vector_cannot_be_mutated(any_embedder: TransformerEmbedder) -> None:
    """A cached query vector is read-only, so no caller can spoil the cache."""
    vector = any_embedder.embed_query(INVOICE)
    before = vector.copy()
    with pytest.raises(ValueError, match="read-only"):
        vector[0] = 42.0
    with pytest.raises(ValueError, match="WRITEABLE"):
        vector.flags.writeable = True
    np.testing.assert_array_equal(any_embedder.embed_query(INVOICE), before)


def test_query_cache_evicts_least_recent() -> None:
    """The query cache evicts the least recently used entry."""
    cache = embedder_module.QueryCache(2)
    one, two, three = (np.full(3, v, dtype=np.float32) for v in (1, 2, 3))
    cache.put("one", one)
    cache.put("two", two)
    assert cache.get("one") is one  # "two" is now the least recent
    cache.put("three", three)
    assert cache.get("two") is None
    assert cache.get("one") is one
    assert cache.get("three") is three
    assert len(cache) == 2
    assert (cache.hits, cache.misses) == (3, 1)


# --- model folder checks -----------------------------------------------------


@pytest.mark.parametrize(
    ("need", "name"),
    [
        ("onnxruntime", "tokenizer.json"),
        ("onnxruntime", "config.json"),
        ("onnxruntime", "model.onnx"),
        ("numpy", "model.safetensors"),
    ],
)
def test_missing_file(model_dir: Path, tmp_path: Path, need: str, name: str) -> None:
    """A missing model file is a ModelError that names the file."""
    files = ONNX_FILES if need == "onnxruntime" else NUMPY_FILES
    copy = _copy_model(model_dir, tmp_path / "model", files)
    (copy / name).unlink()
    with pytest.raises(ModelError, match="missing") as excinfo:
        verify_model_dir(copy, need=need)  # type: ignore[arg-type]
    assert excinfo.value.file == name
    assert name in str(excinfo.value)
    with pytest.raises(ModelError) as excinfo:
        load_embedder(copy, backend=need)  # type: ignore[arg-type]
    assert excinfo.value.file == name


@pytest.mark.parametrize(
    ("need", "name", "how"),
    [
        ("onnxruntime", "config.json", "flip"),
        ("onnxruntime", "model.onnx", "truncate"),
        ("numpy", "tokenizer.json", "flip"),
        ("numpy", "model.safetensors", "flip"),
    ],
)
def test_corrupted_file(
    model_dir: Path, tmp_path: Path, need: str, name: str, how: str
) -> None:
    """A changed model file fails its checksum and the error names both hashes."""
    files = ONNX_FILES if need == "onnxruntime" else NUMPY_FILES
    copy = _copy_model(model_dir, tmp_path / "model", files)
    target = copy / name
    data = bytearray(target.read_bytes())
    if how == "truncate":
        del data[len(data) // 2 :]
    else:
        data[len(data) // 2] ^= 0x01
    target.write_bytes(bytes(data))
    with pytest.raises(ModelError, match="mismatch") as excinfo:
        verify_model_dir(copy, need=need)  # type: ignore[arg-type]
    assert excinfo.value.file == name
    message = str(excinfo.value)
    assert name in message
    assert MODEL_FILES_BY_NAME[name].sha256 in message
    assert embedder_module.sha256_of(target) in message


def test_verify_passes_on_the_real_folder(model_dir: Path) -> None:
    """The pinned model folder passes verification for both backends."""
    verify_model_dir(model_dir, need="onnxruntime")
    verify_model_dir(model_dir, need="numpy")


def test_auto_does_not_fall_back_from_a_bad_onnx_file(
    model_dir: Path, tmp_path: Path
) -> None:
    """A corrupt model.onnx is an error, not a silent fall back to numpy."""
    copy = _copy_model(model_dir, tmp_path / "model", ONNX_FILES + NUMPY_FILES[2:])
    (copy / "model.onnx").write_bytes(b"not a model")
    with pytest.raises(ModelError, match="mismatch") as excinfo:
        load_embedder(copy)
    assert excinfo.value.file == "model.onnx"


def test_unverified_garbage_onnx_is_a_model_error(
    model_dir: Path, tmp_path: Path
) -> None:
    """An unverified garbage model.onnx is a ModelError naming it."""
    copy = _copy_model(model_dir, tmp_path / "model", ONNX_FILES)
    (copy / "model.onnx").write_bytes(b"not a model")
    with pytest.raises(ModelError) as excinfo:
        load_embedder(copy, backend="onnxruntime", verify=False)
    assert excinfo.value.file == "model.onnx"


def test_unverified_garbage_tokenizer_is_a_model_error(
    model_dir: Path, tmp_path: Path
) -> None:
    """An unverified garbage tokenizer.json is a ModelError naming it."""
    copy = _copy_model(model_dir, tmp_path / "model", ONNX_FILES)
    (copy / "tokenizer.json").write_text("{", encoding="utf-8")
    with pytest.raises(ModelError) as excinfo:
        load_embedder(copy, backend="onnxruntime", verify=False)
    assert excinfo.value.file == "tokenizer.json"


def test_auto_prefers_onnxruntime(model_dir: Path) -> None:
    """The automatic backend is onnxruntime when it is available."""
    assert load_embedder(model_dir, verify=False).backend == "onnxruntime"


def test_auto_uses_numpy_without_model_onnx(model_dir: Path, tmp_path: Path) -> None:
    """The automatic backend is numpy when model.onnx is absent."""
    copy = _copy_model(model_dir, tmp_path / "model", NUMPY_FILES)
    assert load_embedder(copy).backend == "numpy"


def test_auto_without_any_weights_names_the_numpy_file(
    model_dir: Path, tmp_path: Path
) -> None:
    """With no weights at all the error names model.safetensors."""
    copy = _copy_model(model_dir, tmp_path / "model", ONNX_FILES[:2])
    with pytest.raises(ModelError) as excinfo:
        load_embedder(copy)
    assert excinfo.value.file == "model.safetensors"


@pytest.mark.usefixtures("no_onnxruntime")
def test_auto_uses_numpy_when_onnxruntime_does_not_import(
    model_dir: Path, numpy_embedder: TransformerEmbedder
) -> None:
    """Without onnxruntime the automatic backend is numpy, with equal vectors."""
    assert not onnxruntime_available()
    loaded = load_embedder(model_dir, verify=False)
    assert loaded.backend == "numpy"
    np.testing.assert_allclose(
        loaded.embed([QUERY]), numpy_embedder.embed([QUERY]), atol=1e-6
    )


@pytest.mark.usefixtures("no_onnxruntime")
def test_explicit_onnxruntime_without_it_is_an_error(model_dir: Path) -> None:
    """Asking for onnxruntime when it is missing is a ModelError."""
    with pytest.raises(ModelError, match="onnxruntime") as excinfo:
        load_embedder(model_dir, backend="onnxruntime")
    assert excinfo.value.file is None


def test_onnxruntime_available_follows_the_import(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """onnxruntime_available is false when the module cannot be imported."""
    assert onnxruntime_available() is True
    monkeypatch.setitem(sys.modules, "onnxruntime", None)
    assert onnxruntime_available() is False


# --- default folder ----------------------------------------------------------


def test_default_model_dir_from_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """HOME_MEMORY_MODEL_DIR sets the default model folder."""
    monkeypatch.setenv("HOME_MEMORY_MODEL_DIR", str(tmp_path / "elsewhere"))
    assert default_model_dir() == tmp_path / "elsewhere"


def test_default_model_dir_in_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the variable the default is the repository's .models folder."""
    monkeypatch.delenv("HOME_MEMORY_MODEL_DIR", raising=False)
    repo = Path(embedder_module.__file__).resolve().parents[4]
    expected = repo / ".models" / MODEL_ID
    assert default_model_dir() == (expected if expected.is_dir() else None)


# --- numpy building blocks ---------------------------------------------------


def test_gelu_matches_exact_erf_form() -> None:
    """The numpy GELU and erf match the exact erf form closely."""
    x = np.linspace(-8, 8, 4001, dtype=np.float32)
    exact = np.array(
        [0.5 * v * (1 + math.erf(v / math.sqrt(2))) for v in x.astype(float)]
    )
    approx = embedder_module._gelu(x)
    assert approx.dtype == np.float32
    assert np.max(np.abs(approx - exact)) < 2e-6
    erf_exact = np.array([math.erf(v) for v in x.astype(float)])
    assert np.max(np.abs(embedder_module._erf(x) - erf_exact)) < 5e-7


def _write_safetensors(path: Path, header: dict[str, object], body: bytes) -> None:
    raw = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(raw)) + raw + body)


def test_read_safetensors_round_trip(tmp_path: Path) -> None:
    """The safetensors reader returns the tensors written, read-only."""
    a = np.arange(6, dtype="<f4").reshape(2, 3)
    b = np.array([7, -8], dtype="<i8")
    header = {
        "__metadata__": {"format": "pt"},
        "a": {"dtype": "F32", "shape": [2, 3], "data_offsets": [0, 24]},
        "b": {"dtype": "I64", "shape": [2], "data_offsets": [24, 40]},
    }
    path = tmp_path / "t.safetensors"
    _write_safetensors(path, header, a.tobytes() + b.tobytes())
    tensors = read_safetensors(path)
    assert set(tensors) == {"a", "b"}
    np.testing.assert_array_equal(tensors["a"], a)
    np.testing.assert_array_equal(tensors["b"], b)
    assert not tensors["a"].flags.writeable


@pytest.mark.parametrize(
    ("header", "body"),
    [
        ({"a": {"dtype": "F32", "shape": [4], "data_offsets": [0, 16]}}, b"\0" * 8),
        ({"a": {"dtype": "F32", "shape": [3], "data_offsets": [0, 16]}}, b"\0" * 16),
        ({"a": {"dtype": "Q4", "shape": [4], "data_offsets": [0, 2]}}, b"\0" * 2),
        ({"a": {"dtype": "F32"}}, b""),
    ],
    ids=["past-end", "shape-mismatch", "unknown-dtype", "incomplete-entry"],
)
def test_read_safetensors_rejects_bad_files(
    tmp_path: Path, header: dict[str, object], body: bytes
) -> None:
    """A malformed safetensors file is a ModelError naming the file."""
    path = tmp_path / "model.safetensors"
    _write_safetensors(path, header, body)
    with pytest.raises(ModelError) as excinfo:
        read_safetensors(path)
    assert excinfo.value.file == "model.safetensors"


def test_read_safetensors_rejects_bad_header_length(tmp_path: Path) -> None:
    """An impossible safetensors header length is refused."""
    path = tmp_path / "model.safetensors"
    path.write_bytes(struct.pack("<Q", 1 << 40) + b"{}")
    with pytest.raises(ModelError, match="header length"):
        read_safetensors(path)


# --- memory ------------------------------------------------------------------


def test_onnx_session_runs_without_arena(onnx_embedder: TransformerEmbedder) -> None:
    """The onnxruntime session does not keep its largest batch's buffers in an arena."""
    assert isinstance(onnx_embedder, OnnxEmbedder)
    options = onnx_embedder._session.get_session_options()
    assert options.enable_cpu_mem_arena is False


def test_embed_gives_freed_memory_back(
    any_embedder: TransformerEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each embed call ends by asking the C library to return freed heap pages."""
    calls: list[int] = []
    monkeypatch.setattr(malloc_trim, "_MALLOC_TRIM", calls.append)
    any_embedder.embed(["one", "two"])
    assert calls == [0]


def test_embed_without_malloc_trim(
    any_embedder: TransformerEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the C library has no malloc_trim, embedding works the same."""
    before = any_embedder.embed(["the spare key is under the mat"])
    monkeypatch.setattr(malloc_trim, "_MALLOC_TRIM", None)
    after = any_embedder.embed(["the spare key is under the mat"])
    np.testing.assert_array_equal(before, after)


@pytest.mark.parametrize(
    ("text", "also"),
    [
        ("what did Ben repair last week", ["what did repair last week"]),
        ("x", [LONG]),
        (QUERY, [QUERY, "  Émile's café?  "]),
    ],
)
def test_texts_asked_next_share_the_run_and_the_cache(
    any_embedder: TransformerEmbedder, text: str, also: list[str]
) -> None:
    """`also` is embedded in the question's own run and cached: asked for
    next, it runs no model, and each vector is what embed() gives it alone
    (padding to the longer text changes no bit of the shorter one's)."""
    any_embedder.clear_cache()
    vector = any_embedder.embed_query(text, also)
    wanted = list(dict.fromkeys([text, *also]))
    assert any_embedder.cache_info() == (0, len(wanted), len(wanted))
    np.testing.assert_array_equal(vector, any_embedder.embed([text])[0])
    for other in also:
        np.testing.assert_array_equal(
            any_embedder.embed_query(other), any_embedder.embed([other])[0]
        )
    assert any_embedder.cache_info()[1] == len(wanted)  # no more misses
