#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the pyarrow 25 files Quiver's tests read: every canonical extension type pyarrow 25 has
(uuid, json, bool8, opaque, fixed_shape_tensor) as an IPC file and stream, dense tensors written
with pyarrow.ipc.write_tensor, and sparse tensors of each format (COO, CSR, CSC, CSF) written by Arrow C++'s
WriteSparseTensor (sparse_ipc.py), each beside its dense values as NAME.dense.tensor.
Run from this folder: python3 generate.py (pyarrow==25.0.1, numpy)."""
import uuid

import numpy as np
import pyarrow as pa
import pyarrow.ipc as ipc

import sparse_ipc

assert pa.__version__ == "25.0.1", pa.__version__


def extensions_table():
    uuids = pa.ExtensionArray.from_storage(
        pa.uuid(),
        pa.array([uuid.UUID("12345678-1234-5678-1234-567812345678").bytes, None, bytes(16)], pa.binary(16)))
    json = pa.ExtensionArray.from_storage(pa.json_(pa.utf8()), pa.array(['{"a": 1}', None, "[1,2]"]))
    bool8 = pa.ExtensionArray.from_storage(pa.bool8(), pa.array([1, None, 0], pa.int8()))
    opaque = pa.ExtensionArray.from_storage(
        pa.opaque(pa.binary(), type_name="geometry", vendor_name="PostGIS"),
        pa.array([b"\x01\x02", None, b""], pa.binary()))
    tensor_type = pa.fixed_shape_tensor(pa.float32(), [2, 2], dim_names=["x", "y"], permutation=[1, 0])
    tensors = pa.ExtensionArray.from_storage(
        tensor_type, pa.array([[1, 2, 3, 4], None, [5, 6, 7, 8]], pa.list_(pa.float32(), 4)))
    plain_type = pa.fixed_shape_tensor(pa.int64(), [2, 3])
    plain = pa.ExtensionArray.from_storage(
        plain_type, pa.array([list(range(6)), list(range(10, 16)), None], pa.list_(pa.int64(), 6)))
    return pa.table({"uuid": uuids, "json": json, "bool8": bool8, "opaque": opaque, "tensor": tensors,
                     "tensor_plain": plain})


def write_tables():
    table = extensions_table()
    with ipc.new_file("extensions.arrow_file", table.schema) as w:
        w.write_table(table)
    with ipc.new_stream("extensions.stream", table.schema) as w:
        w.write_table(table)


def write_tensor(name, tensor):
    with pa.OSFile(name, "wb") as f:
        ipc.write_tensor(tensor, f)


def write_tensors():
    # Row-major int32 2x3 with dimension names.
    write_tensor("tensor_int32_2x3.tensor",
                 pa.Tensor.from_numpy(np.arange(6, dtype=np.int32).reshape(2, 3), dim_names=["r", "c"]))
    # Column-major (Fortran order) float64 2x3: strides [8, 16].
    write_tensor("tensor_float64_2x3_colmajor.tensor",
                 pa.Tensor.from_numpy(np.asfortranarray(np.arange(6, dtype=np.float64).reshape(2, 3) / 2)))
    # Three dimensions, uint8, no names.
    write_tensor("tensor_uint8_2x2x2.tensor", pa.Tensor.from_numpy(np.arange(8, dtype=np.uint8).reshape(2, 2, 2)))


def sparse_values():
    """The dense values of the sparse tensor files: mostly zeros, a few non-zero cells."""
    coo = np.zeros((2, 3, 4), dtype=np.int64)
    coo[0, 1, 2], coo[1, 1, 2], coo[0, 2, 1], coo[1, 2, 0], coo[1, 0, 3] = 1, 2, 3, -4, 5
    matrix = np.array([[0, 1, 2, 0, 0], [0, 0, 3, 0, 0], [0, 4, 0, 5, 0], [0, 0, 0, 0, 0]])
    csf = np.zeros((2, 3, 4, 5), dtype=np.float32)
    for (i, j, k, m), v in {(0, 0, 0, 1): 1, (0, 0, 0, 2): 2, (0, 1, 0, 0): 3, (0, 1, 0, 2): 4, (0, 1, 1, 0): 5,
                            (1, 1, 1, 0): 6, (1, 1, 1, 1): 7, (1, 1, 1, 2): 8.5}.items():
        csf[i, j, k, m] = v
    return {
        "sparse_coo_int64_2x3x4": (pa.SparseCOOTensor, coo, ["a", "b", "c"]),
        "sparse_csr_float64_4x5": (pa.SparseCSRMatrix, matrix.astype(np.float64) / 2, None),
        "sparse_csc_int32_4x5": (pa.SparseCSCMatrix, matrix.astype(np.int32), ["row", "col"]),
        "sparse_csf_float32_2x3x4x5": (pa.SparseCSFTensor, csf, None),
        "sparse_coo_uint8_empty_3x2": (pa.SparseCOOTensor, np.zeros((3, 2), dtype=np.uint8), None),
    }


def write_sparse_tensors():
    for name, (cls, dense, names) in sparse_values().items():
        sparse_ipc.write_sparse_tensor(cls.from_dense_numpy(dense, dim_names=names), name + ".sparse")
        write_tensor(name + ".dense.tensor", pa.Tensor.from_numpy(dense, dim_names=names))
    # A non-canonical COO tensor: coordinates out of row-major order.
    coords = np.array([[1, 0], [0, 1], [0, 0]], dtype=np.int64)
    coo = pa.SparseCOOTensor.from_numpy(np.array([[7], [8], [9]], dtype=np.int16), coords, shape=(2, 2))
    assert not coo.has_canonical_format
    sparse_ipc.write_sparse_tensor(coo, "sparse_coo_int16_noncanonical_2x2.sparse")
    write_tensor("sparse_coo_int16_noncanonical_2x2.dense.tensor", coo.to_tensor())


if __name__ == "__main__":
    write_tables()
    write_tensors()
    write_sparse_tensors()
