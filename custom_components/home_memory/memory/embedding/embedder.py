"""Sentence embeddings with all-MiniLM-L6-v2, on onnxruntime or plain numpy.

Both backends run the same model (int8 ONNX export, or the fp32 safetensors
weights through a numpy forward pass), so their vectors are interchangeable:
mean pooling over the attention mask, then L2 normalisation, 384 dimensions.

Everything here blocks; Home Assistant calls it from executor threads, so the
embedders are safe to share between threads.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import OrderedDict
import json
import math
import os
from pathlib import Path
import struct
import threading
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from ..common import malloc_trim
from ..common.errors import ModelError
from .model_files import (
    MAX_TOKENS,
    MODEL_DIMENSIONS,
    MODEL_FILES_BY_NAME,
    MODEL_ID,
    sha256_of,
)
from .onnx_graph import model_to_load

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from tokenizers import Tokenizer

type Backend = Literal["onnxruntime", "numpy"]
type FloatArray = npt.NDArray[np.float32]
type IntArray = npt.NDArray[np.int64]

MODEL_DIR_ENV: Final = "HOME_MEMORY_MODEL_DIR"
BATCH_SIZE: Final = 32
# Padded tokens per forward pass. Attention scores grow with length squared, so
# long texts go through in smaller batches (4 x 256 tokens). This bounds peak
# activation memory (the onnxruntime session runs without its arena, which
# would keep the largest size it ever reached: ~+65 MB at this budget).
MAX_BATCH_TOKENS: Final = 1024
QUERY_CACHE_SIZE: Final = 1024
# These run on 2-core machines next to Home Assistant itself.
MAX_THREADS: Final = 2

_TOKENIZER_FILE: Final = "tokenizer.json"
_CONFIG_FILE: Final = "config.json"
_ONNX_FILE: Final = "model.onnx"
_SAFETENSORS_FILE: Final = "model.safetensors"
_BACKEND_FILES: Final[dict[Backend, tuple[str, ...]]] = {
    "onnxruntime": (_TOKENIZER_FILE, _CONFIG_FILE, _ONNX_FILE),
    "numpy": (_TOKENIZER_FILE, _CONFIG_FILE, _SAFETENSORS_FILE),
}
_WARMUP_TEXT: Final = "warm up"
# The tokens of a query run from which its freed buffers go back to the
# system (malloc_trim costs 0.2 ms; a short question frees a few KB).
_TRIM_FROM_TOKENS: Final = 128


@runtime_checkable
class Embedder(Protocol):
    """What the rest of the engine needs from an embedding model."""

    model_id: str
    dimensions: int
    backend: str

    def embed(self, texts: Sequence[str]) -> FloatArray:
        """Return an (n, dimensions) float32 array of L2-normalised rows."""
        ...

    def embed_query(self, text: str, also: Sequence[str] = ()) -> FloatArray:
        """Return one read-only (dimensions,) vector, cached by text; `also`:
        texts likely asked for next, embedded in the same run and cached."""
        ...


def onnxruntime_available() -> bool:
    """Return whether onnxruntime imports.

    Not cached: Home Assistant may install it while running, and a failed
    import is not remembered by Python, so asking again is cheap and current.
    """
    return _import_ok()


def default_model_dir() -> Path | None:
    """Return the model folder from the environment or the repository, if any."""
    configured = os.environ.get(MODEL_DIR_ENV)
    if configured:
        return Path(configured).expanduser()
    # custom_components/home_memory/memory/embedding/embedder.py -> repository root
    candidate = Path(__file__).resolve().parents[4] / ".models" / MODEL_ID
    return candidate if candidate.is_dir() else None


def verify_model_dir(model_dir: Path, *, need: Backend) -> None:
    """Check that the files `need` uses exist and match the manifest's sha256."""
    for name in _BACKEND_FILES[need]:
        path = model_dir / name
        if not path.is_file():
            raise ModelError(f"model file missing: {path}", file=name)
        expected = MODEL_FILES_BY_NAME[name].sha256
        actual = sha256_of(path)
        if actual != expected:
            raise ModelError(
                f"model file mismatch: {path} has sha256 {actual}, expected {expected}",
                file=name,
            )


def load_embedder(
    model_dir: Path,
    *,
    backend: Literal["auto", "onnxruntime", "numpy"] = "auto",
    verify: bool = True,
) -> Embedder:
    """Load the model from `model_dir` (blocking: run it in an executor).

    "auto" picks onnxruntime when it imports and model.onnx is present, else the
    numpy backend. A file that is present but wrong is an error, never a reason
    to quietly use the other backend.
    """
    chosen: Backend
    if backend == "auto":
        onnx_present = (model_dir / _ONNX_FILE).is_file()
        chosen = "onnxruntime" if onnx_present and _import_ok() else "numpy"
    else:
        chosen = backend
    if chosen == "onnxruntime" and not _import_ok():
        raise ModelError("the onnxruntime backend needs onnxruntime installed")
    if verify:
        verify_model_dir(model_dir, need=chosen)
    else:
        for name in _BACKEND_FILES[chosen]:
            if not (model_dir / name).is_file():
                raise ModelError(f"model file missing: {model_dir / name}", file=name)
    tokenizer = _load_tokenizer(model_dir / _TOKENIZER_FILE)
    config = _load_config(model_dir / _CONFIG_FILE)
    embedder: TransformerEmbedder
    if chosen == "onnxruntime":
        embedder = OnnxEmbedder(model_dir / _ONNX_FILE, tokenizer)
    else:
        embedder = NumpyEmbedder(model_dir / _SAFETENSORS_FILE, tokenizer, config)
    embedder.warm_up()
    return embedder


def _import_ok() -> bool:
    # Cheap once onnxruntime has been imported (sys.modules); a failure is
    # not remembered, so a package installed at run time is seen.
    try:
        import onnxruntime  # noqa: F401
    except ImportError, OSError:
        return False
    return True


def _load_tokenizer(path: Path) -> Tokenizer:
    from tokenizers import Tokenizer

    try:
        tokenizer = Tokenizer.from_file(str(path))
    except Exception as err:  # tokenizers raises plain Exception on bad JSON
        raise ModelError(f"cannot load {path}: {err}", file=path.name) from err
    # The file pads every text to 128 and truncates there; we want up to
    # MAX_TOKENS and pad per batch ourselves.
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=MAX_TOKENS)
    return tokenizer


def _load_config(path: Path) -> dict[str, Any]:
    try:
        config = json.loads(path.read_bytes())
    except (OSError, ValueError) as err:
        raise ModelError(f"cannot read {path}: {err}", file=path.name) from err
    if not isinstance(config, dict):
        raise ModelError(f"{path} is not a JSON object", file=path.name)
    if config.get("hidden_size") != MODEL_DIMENSIONS:
        raise ModelError(
            f"{path}: hidden_size {config.get('hidden_size')!r}, "
            f"expected {MODEL_DIMENSIONS}",
            file=path.name,
        )
    return config


class QueryCache:
    """A small thread-safe LRU of read-only query vectors."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[str, FloatArray] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: str) -> FloatArray | None:
        with self._lock:
            value = self._items.get(key)
            if value is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return value

    def put(self, key: str, value: FloatArray) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)

    def vectors(
        self, keys: Sequence[str], compute: Callable[[list[str]], FloatArray]
    ) -> list[FloatArray]:
        """The cached vectors of `keys`, those missing computed in one call
        (`compute` returns a row for each text it is given)."""
        found = {key: self.get(key) for key in dict.fromkeys(keys)}
        missing = [key for key, value in found.items() if value is None]
        if missing:
            for key, row in zip(missing, compute(missing), strict=True):
                value = row.copy()
                value.flags.writeable = False
                self.put(key, value)
                found[key] = value
        return [value.view() for key in keys if (value := found[key]) is not None]

    def vector(self, key: str, compute: Callable[[str], FloatArray]) -> FloatArray:
        """The cached vector of `key`, computed (and kept read-only) on a miss."""
        cached = self.get(key)
        if cached is None:
            cached = compute(key).copy()
            cached.flags.writeable = False
            self.put(key, cached)
        # A view of a read-only array cannot be made writeable again, so no
        # caller can change what the cache hands to the next one.
        return cached.view()

    def info(self) -> tuple[int, int, int]:
        """(hits, misses, size)."""
        return self.hits, self.misses, len(self)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0


class TransformerEmbedder(ABC):
    """Tokenise, batch, pool and normalise; subclasses run the encoder."""

    model_id: str = MODEL_ID
    dimensions: int = MODEL_DIMENSIONS
    backend: str
    # Whether a row of a padded run is bit for bit the text run alone (no
    # for numpy's BLAS, whose sums depend on the shape: 1e-7 apart).
    pads_exactly: bool = True

    def __init__(self, tokenizer: Tokenizer) -> None:
        """Share one tokenizer; it is only read after this point."""
        self._tokenizer = tokenizer
        self._cache = QueryCache(QUERY_CACHE_SIZE)
        # One forward pass at a time: each already uses both cores, and
        # interleaving two would only add memory.
        self._run_lock = threading.Lock()

    @abstractmethod
    def _forward(
        self, input_ids: IntArray, attention_mask: IntArray, token_type_ids: IntArray
    ) -> FloatArray:
        """Return the encoder's last hidden state, shape (batch, seq, hidden)."""

    def embed(self, texts: Sequence[str]) -> FloatArray:
        """Return an (n, dimensions) float32 array of L2-normalised rows."""
        if isinstance(texts, str):
            # A str is a Sequence[str] too; embedding it char by char is a bug.
            raise TypeError("embed() takes a sequence of texts, not one str")
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        if not texts:
            return out
        encodings = self._tokenizer.encode_batch(list(texts))
        lengths = [len(encoding.ids) for encoding in encodings]
        # Longest first, so neighbours have similar lengths and pad little.
        order = sorted(range(len(texts)), key=lambda i: lengths[i], reverse=True)
        for batch in _batches(order, lengths):
            longest = lengths[batch[0]]
            input_ids = np.zeros((len(batch), longest), dtype=np.int64)
            type_ids = np.zeros_like(input_ids)
            mask = np.zeros_like(input_ids)
            for row, index in enumerate(batch):
                encoding = encodings[index]
                n = lengths[index]
                input_ids[row, :n] = encoding.ids
                type_ids[row, :n] = encoding.type_ids
                mask[row, :n] = 1
            with self._run_lock:
                hidden = self._forward(input_ids, mask, type_ids)
            out[batch] = _mean_pool_normalise(hidden, mask)
        del hidden
        malloc_trim.release_freed_memory()
        return out

    def embed_query(self, text: str, also: Sequence[str] = ()) -> FloatArray:
        """Return one read-only (dimensions,) vector, cached by text; `also`:
        texts likely asked for next, embedded in the same run and cached
        (two short texts in one run cost 7.6 ms, one at a time 9.1; s23)."""
        if not also:
            return self._cache.vector(text, self._embed_one)
        return self._cache.vectors([text, *also], self._embed_few)[0]

    def _embed_few(self, texts: list[str]) -> FloatArray:
        """embed(texts), bit for bit, without the batch machinery: a few
        short texts (a question and its parts) in one run.

        `encode` tokenises on this thread; `encode_batch` hands even one text
        to the tokenizer's thread pool, whose wake-up was a 4 ms tail in one
        query of a hundred on a busy machine (docs/retrieval-quality.md).
        """
        if len(texts) > 1 and not self.pads_exactly:
            return np.concatenate([self._embed_few([text]) for text in texts])
        encodings = [self._tokenizer.encode(text) for text in texts]
        longest = max(len(encoding.ids) for encoding in encodings)
        input_ids = np.zeros((len(texts), longest), dtype=np.int64)
        type_ids = np.zeros_like(input_ids)
        mask = np.zeros_like(input_ids)
        for row, encoding in enumerate(encodings):
            n = len(encoding.ids)
            input_ids[row, :n] = encoding.ids
            type_ids[row, :n] = encoding.type_ids
            mask[row, :n] = 1
        with self._run_lock:
            hidden = self._forward(input_ids, mask, type_ids)
        vectors = _mean_pool_normalise(hidden, mask)
        del hidden
        if mask.size >= _TRIM_FROM_TOKENS:  # a question's few KB stay for reuse
            malloc_trim.release_freed_memory()
        return vectors

    def _embed_one(self, text: str) -> FloatArray:
        """embed([text])[0], bit for bit (`_embed_few`)."""
        vector: FloatArray = self._embed_few([text])[0]
        return vector

    def cache_info(self) -> tuple[int, int, int]:
        """Return (hits, misses, size) of the query cache."""
        return self._cache.info()

    def clear_cache(self) -> None:
        """Forget cached query vectors and reset the counters."""
        self._cache.clear()

    def warm_up(self) -> None:
        """Run one short text so the first real query is not the slow one."""
        self.embed([_WARMUP_TEXT])


def _batches(order: list[int], lengths: list[int]) -> Iterator[list[int]]:
    """Split indices (sorted by length, longest first) into forward passes.

    A batch holds at most BATCH_SIZE texts and MAX_BATCH_TOKENS padded tokens,
    and ends where lengths halve: one long text must not pad a batch of short
    ones to its length (a few memories at a time is the common case).
    """
    batch: list[int] = []
    for index in order:
        if batch:
            longest = lengths[batch[0]]
            if (
                len(batch) == BATCH_SIZE
                or (len(batch) + 1) * longest > MAX_BATCH_TOKENS
                or 2 * lengths[index] < longest
            ):
                yield batch
                batch = []
        batch.append(index)
    if batch:
        yield batch


def _mean_pool_normalise(hidden: FloatArray, mask: IntArray) -> FloatArray:
    weights = mask.astype(np.float32)[:, :, None]
    summed = (hidden * weights).sum(axis=1)
    counts = np.maximum(weights.sum(axis=1), 1.0)
    pooled = summed / counts
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    # A zero vector stays zero instead of turning into NaNs.
    result: FloatArray = (pooled / np.maximum(norms, 1e-12)).astype(np.float32)
    return result


class OnnxEmbedder(TransformerEmbedder):
    """The int8 ONNX export on onnxruntime's CPU provider."""

    backend = "onnxruntime"

    def __init__(self, model_path: Path, tokenizer: Tokenizer) -> None:
        """Open a small, sequential CPU session."""
        super().__init__(tokenizer)
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = min(MAX_THREADS, os.cpu_count() or 1)
        options.inter_op_num_threads = 1
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        # Idle worker threads would otherwise spin on the cores Home Assistant
        # needs; an embedding is rare enough that wake-up latency is cheap.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        # The arena would keep the buffers of the largest batch ever run (tens
        # of MB) for good; plain malloc/free costs no measurable time here.
        options.enable_cpu_mem_arena = False
        # The word-embedding table stays int8 (-34 MB resident): see onnx_graph.
        try:
            with model_to_load(model_path) as path:
                self._session = ort.InferenceSession(
                    str(path), options, providers=["CPUExecutionProvider"]
                )
        except Exception as err:  # onnxruntime raises its own Fail types
            raise ModelError(
                f"onnxruntime cannot load {model_path}: {err}", file=model_path.name
            ) from err
        self._inputs = {node.name for node in self._session.get_inputs()}
        outputs = [node.name for node in self._session.get_outputs()]
        self._output = "last_hidden_state" if "last_hidden_state" in outputs else None
        if self._output is None or not {"input_ids", "attention_mask"} <= self._inputs:
            raise ModelError(
                f"{model_path} has inputs {sorted(self._inputs)} and outputs "
                f"{outputs}; expected input_ids, attention_mask -> last_hidden_state",
                file=model_path.name,
            )

    def _forward(
        self, input_ids: IntArray, attention_mask: IntArray, token_type_ids: IntArray
    ) -> FloatArray:
        feed = {
            "input_ids": input_ids,
            "attention_mask": attention_mask,
            "token_type_ids": token_type_ids,
        }
        feed = {name: value for name, value in feed.items() if name in self._inputs}
        (hidden,) = self._session.run([self._output], feed)
        result: FloatArray = np.asarray(hidden, dtype=np.float32)
        return result


# --- numpy backend -----------------------------------------------------------

_SAFETENSORS_DTYPES: Final = {"F32": "<f4", "F16": "<f2", "I64": "<i8"}
_MAX_HEADER_BYTES: Final = 16 << 20


def read_safetensors(path: Path) -> dict[str, npt.NDArray[Any]]:
    """Read every tensor of a safetensors file as a read-only numpy array.

    Layout: 8-byte little-endian header length, a JSON header mapping names to
    dtype, shape and [start, end) offsets, then the raw little-endian data.
    """
    try:
        data = path.read_bytes()
    except OSError as err:
        raise ModelError(f"cannot read {path}: {err}", file=path.name) from err

    def bad(reason: str) -> ModelError:
        return ModelError(
            f"{path} is not a valid safetensors file: {reason}", file=path.name
        )

    if len(data) < 8:
        raise bad("shorter than its header length")
    (header_len,) = struct.unpack("<Q", data[:8])
    if header_len > min(_MAX_HEADER_BYTES, len(data) - 8):
        raise bad(f"header length {header_len} is out of range")
    try:
        header = json.loads(data[8 : 8 + header_len])
    except ValueError as err:
        raise bad(f"header is not JSON ({err})") from err
    if not isinstance(header, dict):
        raise bad("header is not a JSON object")
    base = 8 + header_len
    # bytes are immutable, so every array made from them is read-only: the
    # weights are shared safely between threads.
    tensors: dict[str, npt.NDArray[Any]] = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        try:
            dtype = np.dtype(_SAFETENSORS_DTYPES[info["dtype"]])
            shape = tuple(int(dim) for dim in info["shape"])
            begin, end = (int(offset) for offset in info["data_offsets"])
        except (KeyError, TypeError, ValueError) as err:
            raise bad(f"tensor {name!r} has an unsupported entry {info!r}") from err
        count = math.prod(shape)
        if end - begin != count * dtype.itemsize or not 0 <= begin <= end:
            raise bad(f"tensor {name!r} offsets do not match its shape")
        if base + end > len(data):
            raise bad(f"tensor {name!r} runs past the end of the file")
        tensors[name] = np.frombuffer(
            data, dtype=dtype, count=count, offset=base + begin
        ).reshape(shape)
    return tensors


def _erf(x: FloatArray) -> FloatArray:
    """Abramowitz & Stegun 7.1.26: |error| < 1.5e-7, below float32 resolution.

    Computed in place on a few scratch arrays: this runs on the widest
    activations (tokens x 1536), where temporaries dominate peak memory.
    """
    a = np.abs(x)
    t = a * np.float32(0.3275911)
    t += 1.0
    np.reciprocal(t, out=t)
    poly = t * np.float32(1.061405429)
    for coefficient in (-1.453152027, 1.421413741, -0.284496736, 0.254829592):
        poly += coefficient
        poly *= t
    np.square(a, out=a)
    np.negative(a, out=a)
    np.exp(a, out=a)
    poly *= a
    np.subtract(1.0, poly, out=poly)
    poly *= np.sign(x)
    return poly


def _gelu(x: FloatArray) -> FloatArray:
    """Exact (erf) GELU as BERT's "gelu"; not the tanh approximation."""
    result = _erf(x * np.float32(1.0 / math.sqrt(2.0)))
    result += 1.0
    result *= x
    result *= 0.5
    return result


def _layer_norm(
    x: FloatArray, weight: FloatArray, bias: FloatArray, eps: float
) -> FloatArray:
    centred: FloatArray = x - x.mean(axis=-1, keepdims=True)
    var = np.square(centred).mean(axis=-1, keepdims=True)
    var += np.float32(eps)
    centred /= np.sqrt(var)
    centred *= weight
    centred += bias
    return centred


class _Layer:
    """One encoder layer's weights, laid out for x @ W on (tokens, hidden) rows."""

    def __init__(
        self, w: dict[str, FloatArray], prefix: str, hidden: int, scale: float
    ) -> None:
        def lin(name: str) -> tuple[FloatArray, FloatArray]:
            # .T is a view; BLAS reads it transposed without a copy.
            return w[f"{prefix}{name}.weight"].T, w[f"{prefix}{name}.bias"]

        parts = [lin(f"attention.self.{n}") for n in ("query", "key", "value")]
        # One (hidden, 3*hidden) product instead of three: fewer BLAS calls,
        # which is most of the cost for short queries. Costs ~1.8 MB per layer.
        qkv_weight = np.concatenate([wt for wt, _ in parts], axis=1)
        qkv_bias = np.concatenate([b for _, b in parts])
        # Fold the 1/sqrt(head_dim) attention scale into the query projection,
        # saving a pass over q on every call.
        qkv_weight[:, :hidden] *= scale
        qkv_bias[:hidden] *= scale
        self.qkv = (qkv_weight, qkv_bias)
        self.attn_out = lin("attention.output.dense")
        self.attn_norm = (
            w[f"{prefix}attention.output.LayerNorm.weight"],
            w[f"{prefix}attention.output.LayerNorm.bias"],
        )
        self.intermediate = lin("intermediate.dense")
        self.output = lin("output.dense")
        self.out_norm = (
            w[f"{prefix}output.LayerNorm.weight"],
            w[f"{prefix}output.LayerNorm.bias"],
        )


class NumpyEmbedder(TransformerEmbedder):
    """The fp32 weights through a plain numpy BERT forward pass."""

    backend = "numpy"
    pads_exactly = False

    def __init__(
        self, weights_path: Path, tokenizer: Tokenizer, config: dict[str, Any]
    ) -> None:
        """Read the weights and check them against config.json."""
        super().__init__(tokenizer)
        name = weights_path.name
        try:
            self._layers_n = int(config["num_hidden_layers"])
            self._heads = int(config["num_attention_heads"])
            self._eps = float(config.get("layer_norm_eps", 1e-12))
            hidden = int(config["hidden_size"])
            intermediate = int(config["intermediate_size"])
        except (KeyError, TypeError, ValueError) as err:
            raise ModelError(f"config.json lacks {err}", file=_CONFIG_FILE) from err
        if config.get("hidden_act", "gelu") != "gelu" or hidden % self._heads:
            raise ModelError(
                "config.json describes a model this backend does not implement",
                file=_CONFIG_FILE,
            )
        self._head_dim = hidden // self._heads

        tensors = read_safetensors(weights_path)
        # sentence-transformers stores bare BertModel names; a full HF
        # checkpoint prefixes them with "bert.".
        prefix = "" if "embeddings.word_embeddings.weight" in tensors else "bert."
        vocab = int(config.get("vocab_size", 30522))
        positions = int(config.get("max_position_embeddings", 512))
        types = int(config.get("type_vocab_size", 2))
        expected: dict[str, tuple[int, ...]] = {
            "embeddings.word_embeddings.weight": (vocab, hidden),
            "embeddings.position_embeddings.weight": (positions, hidden),
            "embeddings.token_type_embeddings.weight": (types, hidden),
            "embeddings.LayerNorm.weight": (hidden,),
            "embeddings.LayerNorm.bias": (hidden,),
        }
        for i in range(self._layers_n):
            p = f"encoder.layer.{i}."
            linears: tuple[tuple[str, tuple[int, int]], ...] = (
                ("attention.self.query", (hidden, hidden)),
                ("attention.self.key", (hidden, hidden)),
                ("attention.self.value", (hidden, hidden)),
                ("attention.output.dense", (hidden, hidden)),
                ("intermediate.dense", (intermediate, hidden)),
                ("output.dense", (hidden, intermediate)),
            )
            for lin, (rows, cols) in linears:
                expected[f"{p}{lin}.weight"] = (rows, cols)
                expected[f"{p}{lin}.bias"] = (rows,)
            for norm in ("attention.output.LayerNorm", "output.LayerNorm"):
                expected[f"{p}{norm}.weight"] = (hidden,)
                expected[f"{p}{norm}.bias"] = (hidden,)
        weights: dict[str, FloatArray] = {}
        for key, shape in expected.items():
            tensor = tensors.get(prefix + key)
            if tensor is None:
                raise ModelError(f"{weights_path} has no tensor {key!r}", file=name)
            if tensor.shape != shape:
                raise ModelError(
                    f"{weights_path}: {key!r} has shape {tensor.shape}, "
                    f"expected {shape}",
                    file=name,
                )
            # No copy for F32 (the common case); F16 is widened once.
            weights[key] = tensor.astype(np.float32, copy=False)
        if positions < MAX_TOKENS:
            raise ModelError(
                f"config.json allows {positions} positions, fewer than {MAX_TOKENS}",
                file=_CONFIG_FILE,
            )

        self._word = weights["embeddings.word_embeddings.weight"]
        self._position = weights["embeddings.position_embeddings.weight"]
        self._token_type = weights["embeddings.token_type_embeddings.weight"]
        self._emb_norm = (
            weights["embeddings.LayerNorm.weight"],
            weights["embeddings.LayerNorm.bias"],
        )
        self._layers = [
            _Layer(
                weights, f"encoder.layer.{i}.", hidden, 1 / math.sqrt(self._head_dim)
            )
            for i in range(self._layers_n)
        ]

    def _forward(
        self, input_ids: IntArray, attention_mask: IntArray, token_type_ids: IntArray
    ) -> FloatArray:
        batch, seq = input_ids.shape
        heads, head_dim = self._heads, self._head_dim
        hidden = heads * head_dim
        # Activations stay 2-D (batch*seq, hidden): one BLAS call per linear
        # layer rather than one per sequence.
        x = (
            self._word[input_ids]
            + self._position[:seq][None, :, :]
            + self._token_type[token_type_ids]
        ).reshape(batch * seq, hidden)
        x = _layer_norm(x, *self._emb_norm, self._eps)
        # Padding keys get a large negative score, so softmax gives them ~0.
        bias = np.where(attention_mask[:, None, None, :] > 0, 0.0, -1e9).astype(
            np.float32
        )
        for layer in self._layers:
            qkv = (x @ layer.qkv[0] + layer.qkv[1]).reshape(
                batch, seq, 3, heads, head_dim
            )
            # (batch, heads, seq, head_dim) each; q is already scaled.
            q, k, v = qkv.transpose(2, 0, 3, 1, 4)
            # Softmax in place: the (batch, heads, seq, seq) scores are the
            # largest array of the pass.
            scores = q @ k.transpose(0, 1, 3, 2)
            scores += bias
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch * seq, hidden)
            attended = context @ layer.attn_out[0]
            attended += layer.attn_out[1]
            attended += x
            x = _layer_norm(attended, *layer.attn_norm, self._eps)
            inner = x @ layer.intermediate[0]
            inner += layer.intermediate[1]
            out = _gelu(inner) @ layer.output[0]
            out += layer.output[1]
            out += x
            x = _layer_norm(out, *layer.out_norm, self._eps)
        return x.reshape(batch, seq, hidden)
