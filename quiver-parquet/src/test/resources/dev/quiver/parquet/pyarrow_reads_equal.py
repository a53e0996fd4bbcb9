# SPDX-License-Identifier: Apache-2.0
# argv: PARQUET ARROW - pyarrow reads the Parquet file equal, column by column, to the Arrow IPC file.
# Types Arrow C++ itself does not restore from ARROW:schema (date64, time32[s], timestamp[s]) are compared
# after casting the expected column to the type read.
import sys
import pyarrow as pa
import pyarrow.parquet as pq
import pyarrow.ipc as ipc

expected = ipc.open_file(sys.argv[2]).read_all()
got = pq.read_table(sys.argv[1])
coerced = {pa.date64(): pa.date32(), pa.time32("s"): pa.time32("ms")}
problems = []
if got.column_names != expected.column_names:
    problems.append(f"columns {got.column_names} != {expected.column_names}")
for name in expected.column_names:
    e = expected.column(name)
    g = got.column(name)
    if e.type != g.type:
        lossless = coerced.get(e.type) == g.type or (
            pa.types.is_timestamp(e.type) and e.type.unit == "s" and g.type == pa.timestamp("ms", e.type.tz))
        if not lossless:
            problems.append(f"{name}: type {g.type} != {e.type}")
            continue
        e = e.cast(g.type)
    if not e.equals(g):
        for i in range(len(e)):
            # str() as well: NaN is not equal to itself, even in the same place
            if not e[i].equals(g[i]) and str(e[i]) != str(g[i]):
                problems.append(f"{name}[{i}]: {g[i]} != {e[i]}")
                break
for key, value in (expected.schema.metadata or {}).items():
    if (got.schema.metadata or {}).get(key) != value:
        problems.append(f"schema metadata {key!r} lost")
if got.num_rows != expected.num_rows:
    problems.append(f"rows {got.num_rows} != {expected.num_rows}")
print("\n".join(problems) if problems else "equal")
