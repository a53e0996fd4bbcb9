#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Reads what Quiver wrote with pyarrow 25 and checks its values; run by Quiver's PyarrowReadsQuiverTest.

Usage: check_quiver_output.py DIR. DIR holds manifest.json (written by the test: each dense and sparse
tensor's file, type, shape, dimension names and row-major dense values) and the files it names, and
extensions.arrow_file / extensions.stream: the batch of CanonicalExtensionsRoundTripTest.batch(), whose
values are restated below. Prints one line per item, "OK name" or "FAIL name: why", then "DONE".
"""
import datetime
import json
import os
import sys
import traceback
import uuid

import numpy as np
import pyarrow as pa
import pyarrow.ipc as ipc

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sparse_ipc  # noqa: E402


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def check_dense(path, item, tensor):
    check(tensor.to_numpy().dtype == np.dtype(item["dtype"]), f"type {tensor.type}, expected {item['dtype']}")
    check(list(tensor.shape) == item["shape"], f"shape {tensor.shape}, expected {item['shape']}")
    names = [n or "" for n in (tensor.dim_names or [])]
    check(names == item["dim_names"] or (not any(names) and not item["dim_names"]),
          f"dim_names {tensor.dim_names}, expected {item['dim_names']}")
    expected = np.array(item["values"], dtype=item["dtype"]).reshape(item["shape"])
    check(np.array_equal(tensor.to_numpy(), expected), f"values {tensor.to_numpy().tolist()}, expected {expected.tolist()}")


def check_tensor(path, item):
    with pa.OSFile(path) as f:
        check_dense(path, item, ipc.read_tensor(f))


def check_sparse(path, item):
    sparse = sparse_ipc.read_sparse_tensor(path, item["format"])
    check(sparse.non_zero_length == item["non_zero_length"],
          f"non_zero_length {sparse.non_zero_length}, expected {item['non_zero_length']}")
    if "canonical" in item:
        check(sparse.has_canonical_format == item["canonical"], f"has_canonical_format {sparse.has_canonical_format}")
    check_dense(path, item, sparse.to_tensor())


UTC = datetime.timezone.utc
ID = bytes([0x12] + [0] * 14 + [0x34])
EXTENSIONS = {
    "uuid": (pa.uuid(), [uuid.UUID(bytes=ID), None, uuid.UUID(int=0)]),
    "json": (pa.json_(pa.utf8()), ['{"a":1}', None, "[]"]),
    "bool8": (pa.bool8(), [True, None, False]),
    "opaque": (pa.opaque(pa.binary(), type_name="geometry", vendor_name="PostGIS"), [b"\x01\x02", None, b""]),
    "fixed": (pa.fixed_shape_tensor(pa.float32(), [2, 2], dim_names=["x", "y"], permutation=[1, 0]),
              [[1, 2, 3, 4], None, [5, 6, 7, 8]]),
}
# Types pyarrow 25 has no Python class for: arrow.variable_shape_tensor is known to its C++ library (a
# BaseExtensionType), the other two are read as their storage with the extension name on the field.
STORAGE = {
    "variable": ("arrow.variable_shape_tensor", "dim_names=[h,w], uniform_shape=[null,2]",
                 [{"data": [1, 2, 3, 4, 5, 6], "shape": [3, 2]}, None, {"data": [7, 8], "shape": [1, 2]}]),
    "timestamp_with_offset": ("arrow.timestamp_with_offset", None, [
        {"timestamp": datetime.datetime(2024, 10, 25, 1, 29, 0, 123456, tzinfo=UTC), "offset_minutes": -779},
        None,
        {"timestamp": datetime.datetime(1969, 12, 31, 10, 59, 59, 999999, tzinfo=UTC), "offset_minutes": 780}]),
    "variant": ("arrow.parquet.variant", None, [
        {"metadata": bytes([0x11, 2, 0, 1, 2]) + b"ab", "value": bytes([0x02, 2, 0, 1, 0, 2, 4, 3 << 2, 1, 5]) + b"x"},
        None,
        {"metadata": bytes([1, 0, 0]), "value": bytes([(3 << 2) | 1]) + b"xyz"}]),
    "variant_shredded": ("arrow.parquet.variant", None, [
        {"metadata": bytes([1, 0, 0]), "value": None, "typed_value": 34},
        None,
        {"metadata": bytes([1, 0, 0]), "value": bytes([0]), "typed_value": None}]),
}


def check_extensions(table):
    check(set(table.column_names) == set(EXTENSIONS) | set(STORAGE), f"columns {table.column_names}")
    for name, (type_, values) in EXTENSIONS.items():
        column = table.column(name)
        check(column.type == type_, f"{name}: type {column.type}, expected {type_}")
        got = column.to_pylist() if name != "fixed" else column.combine_chunks().storage.to_pylist()
        check(got == values, f"{name}: values {got}, expected {values}")
    # The permuted fixed-shape tensor in its logical layout, as Quiver's FixedShapeTensorArray.getElement reads it.
    logical = table.column("fixed").chunk(0)[0].to_numpy()
    check(logical.tolist() == [[1, 3], [2, 4]], f"fixed: logical tensor {logical.tolist()}")
    for name, (extension, parameters, values) in STORAGE.items():
        field = table.schema.field(name)
        column = table.column(name).combine_chunks()
        if isinstance(field.type, pa.BaseExtensionType):
            got_name, description, storage = field.type.extension_name, str(field.type), column.storage
        else:
            meta = field.metadata or {}
            got_name = meta.get(b"ARROW:extension:name", b"").decode()
            description, storage = meta.get(b"ARROW:extension:metadata", b"").decode(), column
        check(got_name == extension, f"{name}: extension {got_name!r}, expected {extension}")
        check(parameters is None or parameters in description, f"{name}: parameters {description}")
        got = storage.to_pylist()
        check(got == values, f"{name}: values {got}, expected {values}")


def run(name, action):
    try:
        action()
        print("OK " + name)
    except Exception as e:  # noqa: BLE001 - every failure is reported per item
        detail = str(e) if isinstance(e, AssertionError) else traceback.format_exc(limit=3)
        print(f"FAIL {name}: {detail}".replace("\n", " | "))


def main(folder):
    with open(os.path.join(folder, "manifest.json")) as f:
        manifest = json.load(f)
    for item in manifest["tensors"]:
        run(item["name"], lambda item=item: check_tensor(os.path.join(folder, item["file"]), item))
    for item in manifest["sparse"]:
        run(item["name"], lambda item=item: check_sparse(os.path.join(folder, item["file"]), item))
    run("extensions.arrow_file", lambda: check_extensions(
        ipc.open_file(os.path.join(folder, "extensions.arrow_file")).read_all()))
    run("extensions.stream", lambda: check_extensions(
        ipc.open_stream(os.path.join(folder, "extensions.stream")).read_all()))
    print("DONE")


if __name__ == "__main__":
    main(sys.argv[1])
