"""Keep int8 embedding tables int8 inside onnxruntime: a graph edit at load time.

Only the rows of the word-embedding table a text uses are dequantised, per
run (47 MB of float32 copies saved); the output does not change by a bit and
the model file stays the pinned one.

In more words: docs/engine.md, "`memory/embedding/onnx_graph.py`".
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
import mmap
from pathlib import Path
import tempfile
from typing import TYPE_CHECKING, Final

from ..common.errors import GraphFormatError

if TYPE_CHECKING:
    from collections.abc import Iterator

type _Data = bytes | mmap.mmap

# Protobuf wire types and the field numbers of onnx.proto used here.
_VARINT: Final = 0
_I64: Final = 1
_LEN: Final = 2
_I32: Final = 5
_MODEL_GRAPH: Final = 7
_GRAPH_NODE: Final = 1
_GRAPH_INITIALIZER: Final = 5
_GRAPH_OUTPUT: Final = 12
_GRAPH_VALUE_INFO: Final = 13
_NODE_INPUT: Final = 1
_NODE_OUTPUT: Final = 2
_NODE_NAME: Final = 3
_NODE_OP_TYPE: Final = 4
_NODE_ATTRIBUTE: Final = 5
_NODE_DOMAIN: Final = 7
_ATTRIBUTE_NAME: Final = 1
_ATTRIBUTE_INT: Final = 3
_TENSOR_DIMS: Final = 1
_TENSOR_DATA_TYPE: Final = 2
_TENSOR_NAME: Final = 8
_VALUE_INFO_NAME: Final = 1
_FLOAT: Final = 1
_INT8: Final = 3


@dataclass(frozen=True, slots=True)
class _Record:
    """One field of a message: its number, wire type and where it lies."""

    number: int
    wire_type: int
    start: int  # first byte of the record (its key)
    end: int  # one past its last byte
    value: int  # a varint's value, or where a length-delimited payload starts


def _varint(data: _Data, pos: int, end: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        if pos >= end or shift > 63:
            raise GraphFormatError("truncated or overlong varint")
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7


def _records(data: _Data, start: int, end: int) -> Iterator[_Record]:
    """The fields of the message stored in data[start:end], in order."""
    pos = start
    while pos < end:
        key, value_pos = _varint(data, pos, end)
        number, wire_type = key >> 3, key & 7
        if wire_type == _VARINT:
            value, next_pos = _varint(data, value_pos, end)
        elif wire_type == _LEN:
            length, value = _varint(data, value_pos, end)
            next_pos = value + length
        elif wire_type == _I64:
            value, next_pos = value_pos, value_pos + 8
        elif wire_type == _I32:
            value, next_pos = value_pos, value_pos + 4
        else:
            raise GraphFormatError(f"unsupported wire type {wire_type}")
        if next_pos > end:
            raise GraphFormatError("a field runs past the end of its message")
        yield _Record(number, wire_type, pos, next_pos, value)
        pos = next_pos


def _payload(data: _Data, record: _Record) -> tuple[int, int]:
    if record.wire_type != _LEN:
        raise GraphFormatError(f"field {record.number} is not length-delimited")
    return record.value, record.end


def _text(data: _Data, record: _Record) -> str:
    start, end = _payload(data, record)
    try:
        return data[start:end].decode()
    except UnicodeDecodeError as err:
        raise GraphFormatError(f"field {record.number} is not UTF-8") from err


def _encode_varint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def _encode_len(number: int, payload: bytes) -> bytes:
    return _encode_varint(number << 3 | _LEN) + _encode_varint(len(payload)) + payload


@dataclass(slots=True)
class _Node:
    record: _Record
    op_type: str = ""
    domain: str = ""
    name: str = ""
    inputs: list[str] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)
    # Attribute name -> (its int value if it has one, its encoded payload).
    attributes: dict[str, tuple[int | None, bytes]] = field(default_factory=dict)

    def is_op(self, op_type: str) -> bool:
        return self.op_type == op_type and self.domain in ("", "ai.onnx")


def _parse_node(data: _Data, record: _Record) -> _Node:
    node = _Node(record)
    for item in _records(data, *_payload(data, record)):
        if item.number == _NODE_INPUT:
            node.inputs.append(_text(data, item))
        elif item.number == _NODE_OUTPUT:
            node.outputs.append(_text(data, item))
        elif item.number == _NODE_NAME:
            node.name = _text(data, item)
        elif item.number == _NODE_OP_TYPE:
            node.op_type = _text(data, item)
        elif item.number == _NODE_DOMAIN:
            node.domain = _text(data, item)
        elif item.number == _NODE_ATTRIBUTE:
            start, end = _payload(data, item)
            name, number = "", None
            for part in _records(data, start, end):
                if part.number == _ATTRIBUTE_NAME:
                    name = _text(data, part)
                elif part.number == _ATTRIBUTE_INT and part.wire_type == _VARINT:
                    number = part.value
            node.attributes[name] = (number, data[start:end])
    return node


@dataclass(frozen=True, slots=True)
class _Tensor:
    data_type: int
    dims: tuple[int, ...]


def _parse_initializer(data: _Data, record: _Record) -> tuple[str, _Tensor]:
    name, data_type, dims = "", 0, []
    for item in _records(data, *_payload(data, record)):
        if item.number == _TENSOR_NAME:
            name = _text(data, item)
        elif item.number == _TENSOR_DATA_TYPE and item.wire_type == _VARINT:
            data_type = item.value
        elif item.number == _TENSOR_DIMS:
            if item.wire_type == _VARINT:
                dims.append(item.value)
            else:  # packed
                pos, end = _payload(data, item)
                while pos < end:
                    value, pos = _varint(data, pos, end)
                    dims.append(value)
    return name, _Tensor(data_type, tuple(dims))


def _encode_node(
    op_type: str,
    inputs: list[str],
    outputs: list[str],
    name: str,
    attributes: list[bytes],
) -> bytes:
    parts = [_encode_len(_NODE_INPUT, text.encode()) for text in inputs]
    parts += [_encode_len(_NODE_OUTPUT, text.encode()) for text in outputs]
    parts.append(_encode_len(_NODE_NAME, name.encode()))
    parts.append(_encode_len(_NODE_OP_TYPE, op_type.encode()))
    parts += [_encode_len(_NODE_ATTRIBUTE, payload) for payload in attributes]
    return b"".join(parts)


@dataclass(frozen=True, slots=True)
class _Rewrite:
    """One table lookup to move in front of its dequantisation."""

    gather: _Node
    cast: _Node
    mul: _Node
    table: str  # the int8 initializer
    scales: str  # its per-row float32 scales, shape (rows, 1)


def _find_rewrites(
    nodes: list[_Node], initializers: dict[str, _Tensor], graph_outputs: set[str]
) -> list[_Rewrite]:
    producer = {name: node for node in nodes for name in node.outputs}
    consumers: dict[str, int] = {}
    for node in nodes:
        for name in node.inputs:
            consumers[name] = consumers.get(name, 0) + 1
    found = []
    for gather in nodes:
        if not gather.is_op("Gather") or len(gather.inputs) != 2:
            continue
        if gather.attributes.get("axis", (0, b""))[0] != 0:
            continue
        weight = gather.inputs[0]
        mul = producer.get(weight)
        if mul is None or not mul.is_op("Mul") or len(mul.inputs) != 2:
            continue
        cast = next(
            (
                candidate
                for candidate in (producer.get(name) for name in mul.inputs)
                if candidate is not None and candidate.is_op("Cast")
            ),
            None,
        )
        if cast is None or len(cast.inputs) != 1:
            continue
        if cast.attributes.get("to", (None, b""))[0] != _FLOAT:
            continue
        scales = next((name for name in mul.inputs if name != cast.outputs[0]), "")
        table = initializers.get(cast.inputs[0])
        scale = initializers.get(scales)
        if (
            table is None
            or scale is None
            or table.data_type != _INT8
            or len(table.dims) != 2
            or scale.data_type != _FLOAT
            or scale.dims != (table.dims[0], 1)
        ):
            continue
        # The fp32 table must have no other reader, or it would be folded anyway.
        if consumers.get(weight) != 1 or consumers.get(cast.outputs[0]) != 1:
            continue
        if weight in graph_outputs or cast.outputs[0] in graph_outputs:
            continue
        found.append(_Rewrite(gather, cast, mul, cast.inputs[0], scales))
    return found


def _replacement(rewrite: _Rewrite, taken: set[str]) -> bytes:
    """The four nodes that take the place of `rewrite.gather`."""
    out = rewrite.gather.outputs[0]
    base = rewrite.gather.name or out
    values = ("int8_rows", "row_scales", "float_rows")
    steps = ("gather_int8", "gather_scales", "cast", "mul")
    names = {key: f"{out}/{key}" for key in values}
    names |= {key: f"{base}/{key}" for key in steps}
    if taken & set(names.values()):
        raise GraphFormatError(f"names for the rewrite of {out!r} are taken")
    taken.update(names.values())
    ids = rewrite.gather.inputs[1]
    gather_attributes = [payload for _, payload in rewrite.gather.attributes.values()]
    cast_attributes = [payload for _, payload in rewrite.cast.attributes.values()]
    nodes = (
        _encode_node(
            "Gather",
            [rewrite.table, ids],
            [names["int8_rows"]],
            names["gather_int8"],
            gather_attributes,
        ),
        _encode_node(
            "Gather",
            [rewrite.scales, ids],
            [names["row_scales"]],
            names["gather_scales"],
            gather_attributes,
        ),
        _encode_node(
            "Cast",
            [names["int8_rows"]],
            [names["float_rows"]],
            names["cast"],
            cast_attributes,
        ),
        _encode_node(
            "Mul",
            [names["float_rows"], names["row_scales"]],
            [out],
            names["mul"],
            [],
        ),
    )
    return b"".join(_encode_len(_GRAPH_NODE, node) for node in nodes)


def _rewritten(model: _Data) -> tuple[list[bytes | memoryview], int]:
    """The model's bytes in pieces, with its int8 table lookups rewritten.

    Returns ([], 0) when the graph has no `Gather(Mul(Cast(int8), scales))`
    with per-row scales. The untouched stretches are views of `model`.
    """
    graph = next(
        (r for r in _records(model, 0, len(model)) if r.number == _MODEL_GRAPH), None
    )
    if graph is None:
        return [], 0
    records = list(_records(model, *_payload(model, graph)))
    nodes = [_parse_node(model, r) for r in records if r.number == _GRAPH_NODE]
    initializers = dict(
        _parse_initializer(model, r) for r in records if r.number == _GRAPH_INITIALIZER
    )
    graph_outputs = {
        name
        for r in records
        if r.number == _GRAPH_OUTPUT
        for name in _value_info_names(model, r)
    }
    rewrites = _find_rewrites(nodes, initializers, graph_outputs)
    if not rewrites:
        return [], 0

    taken = {name for node in nodes for name in (node.name, *node.outputs)}
    taken |= set(initializers)
    replaced = {rewrite.gather.record.start: rewrite for rewrite in rewrites}
    dropped = {
        node.record.start
        for rewrite in rewrites
        for node in (rewrite.cast, rewrite.mul)
    }
    # The fp32 weight and its unscaled cast no longer exist.
    gone = {
        name
        for rewrite in rewrites
        for name in (rewrite.cast.outputs[0], rewrite.mul.outputs[0])
    }
    dropped |= {
        record.start
        for record in records
        if record.number == _GRAPH_VALUE_INFO
        and gone & set(_value_info_names(model, record))
    }
    new_nodes = {
        start: _replacement(rewrite, taken) for start, rewrite in replaced.items()
    }
    # Nothing below raises: views of a memory map must not outlive this call
    # in a traceback, or the map cannot close.
    view = memoryview(model)
    graph_parts: list[bytes | memoryview] = [
        new_nodes.get(record.start) or view[record.start : record.end]
        for record in records
        if record.start not in dropped
    ]
    length = sum(len(part) for part in graph_parts)
    key = _encode_varint(_MODEL_GRAPH << 3 | _LEN) + _encode_varint(length)
    parts = [view[: graph.start], key, *graph_parts, view[graph.end :]]
    return parts, len(rewrites)


def rewrite_file(source: Path, dest: Path) -> int:
    """Write `source` with its int8 table lookups rewritten to `dest`.

    Returns how many were rewritten; with 0 nothing is written. The source is
    mapped and the result written piece by piece, so no model-sized buffer
    is allocated. Raises GraphFormatError for a file that is not a protobuf
    message, OSError when it cannot be read.
    """
    parts: list[bytes | memoryview] = []
    with source.open("rb") as handle:
        try:
            data = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        except ValueError as err:  # an empty file cannot be mapped
            raise GraphFormatError(f"{source} is empty") from err
    with data:
        try:
            parts, count = _rewritten(data)
            if count:
                with dest.open("wb") as out:
                    out.writelines(parts)
        finally:
            # The map cannot close while views of it exist.
            parts.clear()
    return count


@contextlib.contextmanager
def model_to_load(model_path: Path) -> Iterator[Path]:
    """The file onnxruntime should load: a rewritten temporary copy, or the model.

    `model_path` itself when nothing is rewritten or it cannot be (unreadable,
    not a protobuf message, no writable temporary folder): onnxruntime then
    loads, or names the problem with, the original. The copy is deleted on exit.
    """
    try:
        scratch = tempfile.TemporaryDirectory(prefix="home-memory-model-")
    except OSError:
        yield model_path
        return
    with scratch as folder:
        edited = Path(folder) / model_path.name
        try:
            count = rewrite_file(model_path, edited)
        except GraphFormatError, OSError:
            count = 0
        yield edited if count else model_path


def _value_info_names(data: _Data, record: _Record) -> list[str]:
    return [
        _text(data, item)
        for item in _records(data, *_payload(data, record))
        if item.number == _VALUE_INFO_NAME
    ]
