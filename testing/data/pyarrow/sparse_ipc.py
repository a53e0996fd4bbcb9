# SPDX-License-Identifier: Apache-2.0
"""Writes and reads Arrow IPC SparseTensor messages with the Arrow C++ library inside pyarrow.

pyarrow has sparse tensor classes (SparseCOOTensor, SparseCSRMatrix, SparseCSCMatrix, SparseCSFTensor) but
its Python API has no IPC functions for them; Arrow C++ has (arrow::ipc::WriteSparseTensor,
arrow::ipc::ReadSparseTensor). This module calls those through ctypes, with pyarrow's C API capsules to
pass the tensors between Python and C++ (x86-64/aarch64 Itanium C++ ABI, libstdc++, pyarrow 25).
"""
import ctypes
import glob
import os
import struct

import pyarrow as pa
import pyarrow.lib

_LIB = ctypes.CDLL(glob.glob(os.path.join(os.path.dirname(pa.__file__), "libarrow.so.*"))[0])
_FORMATS = ("coo_tensor", "csr_matrix", "csc_matrix", "csf_tensor")


def _fn(symbol, *args):
    f = getattr(_LIB, symbol)
    f.restype = None
    f.argtypes = args
    return f


def _capi(name, restype, *args):
    capsule = pyarrow.lib.__pyx_capi__[name]
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype = ctypes.c_void_p
    get.argtypes = [ctypes.py_object, ctypes.c_char_p]
    cname = ctypes.pythonapi.PyCapsule_GetName
    cname.restype = ctypes.c_char_p
    cname.argtypes = [ctypes.py_object]
    return ctypes.PYFUNCTYPE(restype, *args)(get(capsule, cname(capsule)))


_P = ctypes.c_void_p
# Result<shared_ptr<T>> and Status are returned through a hidden first pointer: Status is one State*
# (null when OK, else {code, std::string message, ...}); Result holds the Status, then the shared_ptr.
_file_output_open = _fn("_ZN5arrow2io16FileOutputStream4OpenEi", _P, ctypes.c_int)
_file_output_close = _fn("_ZN5arrow2io16FileOutputStream5CloseEv", _P, _P)
_readable_open = _fn("_ZN5arrow2io12ReadableFile4OpenEiPNS_10MemoryPoolE", _P, ctypes.c_int, _P)
_write = _fn("_ZN5arrow3ipc17WriteSparseTensorERKNS_12SparseTensorEPNS_2io12OutputStreamEPiPl",
             _P, _P, _P, _P, _P)
_read = _fn("_ZN5arrow3ipc16ReadSparseTensorEPNS_2io11InputStreamE", _P, _P)
_default_pool = getattr(_LIB, "_ZN5arrow19default_memory_poolEv")
_default_pool.restype = _P
_default_pool.argtypes = []


def _check(status_ptr, what):
    if status_ptr:
        message = ctypes.cast(status_ptr + 8, ctypes.POINTER(ctypes.c_void_p))
        length = ctypes.c_size_t.from_address(status_ptr + 16).value
        text = ctypes.string_at(message[0], length).decode("utf-8", "replace")
        raise RuntimeError(f"{what}: {text}")


def _result(call, what, *args):
    out = (ctypes.c_void_p * 3)()
    call(ctypes.addressof(out), *args)
    _check(out[0], what)
    return out[1]


def _format(tensor):
    for name in _FORMATS:
        if _capi("pyarrow_is_sparse_" + name, ctypes.c_int, ctypes.py_object)(tensor):
            return name
    raise TypeError(f"not a pyarrow sparse tensor: {type(tensor)}")


def write_sparse_tensor(tensor, path):
    """Writes one SparseTensor message (stream framing, then its body) to path with Arrow C++."""
    shared = (ctypes.c_void_p * 2)()
    unwrap = _capi("pyarrow_unwrap_sparse_" + _format(tensor), None, _P, ctypes.py_object)
    unwrap(ctypes.addressof(shared), tensor)
    with open(path, "wb") as f:
        stream = _result(_file_output_open, "open " + path, os.dup(f.fileno()))
        meta, body = ctypes.c_int32(), ctypes.c_int64()
        status = ctypes.c_void_p()
        _write(ctypes.addressof(status), shared[0], stream, ctypes.addressof(meta), ctypes.addressof(body))
        _check(status.value, "WriteSparseTensor")
        _file_output_close(ctypes.addressof(status), stream)
        _check(status.value, "close " + path)


def _table_field(buf, table, field, size):
    """The bytes of scalar field `field` of the flatbuffer table at `table`, or None when absent."""
    vtable = table - struct.unpack_from("<i", buf, table)[0]
    vtable_size = struct.unpack_from("<H", buf, vtable)[0]
    if 4 + 2 * field >= vtable_size:
        return None
    at = struct.unpack_from("<H", buf, vtable + 4 + 2 * field)[0]
    return None if at == 0 else (table + at, buf[table + at:table + at + size])


def message_format(path):
    """The format of the SparseTensor message at the start of path, read from its flatbuffer metadata."""
    with open(path, "rb") as f:
        data = f.read()
    start = 8 if data[:4] == b"\xff\xff\xff\xff" else 4
    length = struct.unpack_from("<i", data, start - 4)[0]
    buf = data[start:start + length]
    message = struct.unpack_from("<I", buf, 0)[0]
    header_type = _table_field(buf, message, 1, 1)
    if header_type is None or header_type[1][0] != 5:
        raise ValueError(f"{path}: not a SparseTensor message")
    at, _ = _table_field(buf, message, 2, 4)
    tensor = at + struct.unpack_from("<I", buf, at)[0]
    index_type = _table_field(buf, tensor, 4, 1)[1][0]
    if index_type == 2:
        at, _ = _table_field(buf, tensor, 5, 4)
        index = at + struct.unpack_from("<I", buf, at)[0]
        axis = _table_field(buf, index, 0, 2)
        return "csc_matrix" if axis is not None and struct.unpack("<h", axis[1])[0] == 1 else "csr_matrix"
    return {1: "coo_tensor", 3: "csf_tensor"}[index_type]


def read_sparse_tensor(path, sparse_format):
    """Reads the SparseTensor message at the start of path with Arrow C++, as a pyarrow tensor of the given
    format (one of coo_tensor, csr_matrix, csc_matrix, csf_tensor), checked against the message first."""
    if sparse_format not in _FORMATS:
        raise ValueError(sparse_format)
    if message_format(path) != sparse_format:
        raise ValueError(f"{path} holds a {message_format(path)}, not a {sparse_format}")
    with open(path, "rb") as f:
        stream = _result(_readable_open, "open " + path, os.dup(f.fileno()), _default_pool())
        shared = (ctypes.c_void_p * 3)()
        _read(ctypes.addressof(shared), stream)
        _check(shared[0], "ReadSparseTensor " + path)
    pair = (ctypes.c_void_p * 2)(shared[1], shared[2])
    wrap = _capi("pyarrow_wrap_sparse_" + sparse_format, ctypes.py_object, _P)
    return wrap(ctypes.addressof(pair))
