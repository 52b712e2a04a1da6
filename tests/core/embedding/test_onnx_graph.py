"""Tests for the load-time graph edit that keeps int8 embedding tables int8."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

import numpy as np
import onnxruntime as ort
import pytest

from benchmarks.data import corpus, questions
from custom_components.home_memory.memory.common.errors import GraphFormatError
from custom_components.home_memory.memory.embedding import onnx_graph
from custom_components.home_memory.memory.embedding.embedder import (
    OnnxEmbedder,
    default_model_dir,
    load_embedder,
)
from custom_components.home_memory.memory.embedding.onnx_graph import (
    model_to_load,
    rewrite_file,
)

if TYPE_CHECKING:
    from pathlib import Path

# sha256 of the pinned model.onnx after the edit: the edit is a pure function
# of the file's bytes, the same on every machine and every load.
EDITED_SHA256 = "233b7a7ac069c2849d0623d62e947b7daa6b89ff02a7055cd9223fdc471be5a7"


@pytest.fixture(scope="module")
def model_path() -> Path:
    """The pinned int8 model.onnx in the model folder."""
    folder = default_model_dir()
    if folder is None:
        pytest.fail("no model folder: run scripts/setup (or set HOME_MEMORY_MODEL_DIR)")
    return folder / "model.onnx"


def _rewrite(model: bytes, folder: Path) -> tuple[bytes, int]:
    """rewrite_file on bytes: (the rewritten bytes, or the input when none, count)."""
    source, dest = folder / "in.onnx", folder / "out.onnx"
    source.write_bytes(model)
    count = rewrite_file(source, dest)
    assert dest.exists() == bool(count)
    return (dest.read_bytes() if count else model), count


# --- a tiny model built by hand -----------------------------------------------


def _len(number: int, payload: bytes) -> bytes:
    return onnx_graph._encode_len(number, payload)


def _int(number: int, value: int) -> bytes:
    return onnx_graph._encode_varint(number << 3) + onnx_graph._encode_varint(value)


def _value_info(name: str, elem_type: int, rank: int) -> bytes:
    dims = b"".join(_len(1, _len(2, f"d{i}".encode())) for i in range(rank))
    tensor = _int(1, elem_type) + _len(2, dims)
    return _len(1, name.encode()) + _len(2, _len(1, tensor))


def _initializer(name: str, array: np.ndarray, data_type: int) -> bytes:
    dims = b"".join(_int(1, dim) for dim in array.shape)
    return dims + _int(2, data_type) + _len(8, name.encode()) + _len(9, array.tobytes())


def _node(op: str, inputs: list[str], outputs: list[str], *attrs: bytes) -> bytes:
    return onnx_graph._encode_node(op, inputs, outputs, f"{op}_{outputs[0]}", [*attrs])


def _tiny_model(*, second_reader: bool = False, taken: str = "") -> bytes:
    """ids -> Gather(Cast(table) * scales): a 5 x 3 int8 table, per-row scales."""
    table = np.arange(-7, 8, dtype=np.int8).reshape(5, 3)
    scales = np.array([[0.5], [0.25], [2.0], [1.5], [0.1]], dtype=np.float32)
    to_float = _len(1, b"to") + _int(3, 1) + _int(20, 2)
    nodes = [
        _node("Cast", ["table_q"], ["table_f"], to_float),
        _node("Mul", ["table_f", "table_scale"], ["table"]),
        _node("Gather", ["table", "ids"], ["rows"]),
    ]
    outputs = [_value_info("rows", 1, 2)]
    if second_reader:
        nodes.append(_node("Identity", ["table"], ["whole"]))
        outputs.append(_value_info("whole", 1, 2))
    graph = b"".join(
        (
            *(_len(1, node) for node in nodes),
            _len(2, b"tiny"),
            _len(5, _initializer("table_q", table, 3)),
            _len(5, _initializer("table_scale", scales, 1)),
            *([_len(5, _initializer(taken, scales, 1))] if taken else []),
            _len(11, _value_info("ids", 7, 1)),
            *(_len(12, output) for output in outputs),
            _len(13, _value_info("table", 1, 2)),
        )
    )
    opset = _len(1, b"") + _int(2, 17)
    return _int(1, 8) + _len(7, graph) + _len(8, opset)


def _run(model: bytes, ids: list[int]) -> np.ndarray:
    session = ort.InferenceSession(model, providers=["CPUExecutionProvider"])
    (rows,) = session.run(["rows"], {"ids": np.array(ids, dtype=np.int64)})
    return np.asarray(rows)


def test_tiny_table_lookup_is_rewritten_with_the_same_values(tmp_path: Path) -> None:
    """The rewritten lookup returns exactly the rows the folded table held."""
    model = _tiny_model()
    edited, count = _rewrite(model, tmp_path)
    assert count == 1
    assert edited != model
    ids = [4, 0, 2, 2, 1]
    expected = np.arange(-7, 8, dtype=np.float32).reshape(5, 3)[ids]
    expected *= np.array([0.1, 0.5, 2.0, 2.0, 0.25], dtype=np.float32)[:, None]
    np.testing.assert_array_equal(_run(edited, ids), expected)
    np.testing.assert_array_equal(_run(edited, ids), _run(model, ids))


def test_table_with_another_reader_is_left_alone(tmp_path: Path) -> None:
    """A dequantised table that something else reads whole is not rewritten."""
    model = _tiny_model(second_reader=True)
    assert _rewrite(model, tmp_path) == (model, 0)


@pytest.mark.parametrize("garbage", [b"\x3a\xff\xff\xff\xff\x0f", b"\xff" * 12, b""])
def test_bytes_that_are_not_protobuf_are_a_format_error(
    garbage: bytes, tmp_path: Path
) -> None:
    """Garbage (or an empty file) raises GraphFormatError and writes nothing."""
    with pytest.raises(GraphFormatError):
        _rewrite(garbage, tmp_path)
    assert not (tmp_path / "out.onnx").exists()


def test_a_taken_name_is_a_format_error_and_the_original_loads(
    tmp_path: Path,
) -> None:
    """A graph already using a name the rewrite needs is loaded unedited."""
    model = tmp_path / "taken.onnx"
    model.write_bytes(_tiny_model(taken="rows/int8_rows"))
    with pytest.raises(GraphFormatError, match="taken"):
        rewrite_file(model, tmp_path / "out.onnx")
    with model_to_load(model) as path:
        assert path == model


def test_a_message_without_a_graph_is_unchanged(tmp_path: Path) -> None:
    """Bytes with no graph field are not rewritten."""
    model = _int(1, 8) + _len(2, b"producer")
    assert _rewrite(model, tmp_path) == (model, 0)


def test_model_to_load_falls_back_to_the_original(tmp_path: Path) -> None:
    """Unreadable or pattern-free files are loaded as they are; the copy is removed."""
    garbage = tmp_path / "garbage.onnx"
    garbage.write_bytes(b"\xff" * 12)
    with model_to_load(garbage) as path:
        assert path == garbage
    missing = tmp_path / "missing.onnx"
    with model_to_load(missing) as path:
        assert path == missing
    tiny = tmp_path / "tiny.onnx"
    tiny.write_bytes(_tiny_model())
    with model_to_load(tiny) as path:
        assert path != tiny
        assert path.name == "tiny.onnx"
        copy = path
        _run(path.read_bytes(), [1])
    assert not copy.exists()


# --- the real model --------------------------------------------------------------


def test_real_model_rewrites_word_and_position_tables(
    model_path: Path, tmp_path: Path
) -> None:
    """Both int8 embedding tables are rewritten, reproducibly, and only once."""
    edited, count = _rewrite(model_path.read_bytes(), tmp_path)
    assert count == 2
    assert hashlib.sha256(edited).hexdigest() == EDITED_SHA256
    (tmp_path / "again").mkdir()
    again, count_again = _rewrite(edited, tmp_path / "again")
    assert (again, count_again) == (edited, 0)


def _reference_embedder(loaded: OnnxEmbedder, model_path: Path) -> OnnxEmbedder:
    """The same embedder on the unedited graph, as loaded before the edit."""
    reference = object.__new__(OnnxEmbedder)
    reference.__dict__.update(loaded.__dict__)
    options = loaded._session.get_session_options()
    reference._session = ort.InferenceSession(
        str(model_path), options, providers=["CPUExecutionProvider"]
    )
    reference._cache = type(loaded._cache)(16)
    return reference


def test_vectors_equal_those_of_the_unedited_model() -> None:
    """On 500 household sentences and questions the vectors do not change."""
    folder = default_model_dir()
    assert folder is not None
    loaded = load_embedder(folder, backend="onnxruntime")
    assert isinstance(loaded, OnnxEmbedder)
    reference = _reference_embedder(loaded, folder / "model.onnx")
    texts = [item.content for item in corpus(400)] + questions(100)
    new, old = loaded.embed(texts), reference.embed(texts)
    cosines = np.sum(new * old, axis=1)
    assert cosines.min() >= 0.99
    # Stronger than the contract: the same float32 products, so the same bits.
    np.testing.assert_array_equal(new, old)


def test_session_keeps_no_copy_of_the_model_bytes() -> None:
    """After loading, nothing in the session object holds the 23 MB model bytes."""
    folder = default_model_dir()
    assert folder is not None
    loaded = load_embedder(folder, backend="onnxruntime", verify=False)
    assert isinstance(loaded, OnnxEmbedder)
    held = [
        name
        for name, value in vars(loaded._session).items()
        if isinstance(value, bytes | bytearray | memoryview) and len(value) > 1 << 20
    ]
    assert held == []
