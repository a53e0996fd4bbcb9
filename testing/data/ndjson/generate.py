#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the NDJSON files Quiver's tests read, and what pyarrow reads from them.

DuckDB writes NDJSON (COPY ... TO 'x.ndjson' (FORMAT JSON)); pyarrow has no NDJSON writer, so it takes the
other side: pyarrow.json.read_json reads each DuckDB file with the schema Quiver is expected to infer,
and its table is kept as an IPC file beside it. The tests check that Quiver infers that schema and reads
the same values. Run from this folder: python3 generate.py (duckdb==1.5.6, pyarrow==25.0.1)."""
import duckdb
import pyarrow as pa
import pyarrow.ipc as ipc
import pyarrow.json as pj

assert duckdb.__version__ == "1.5.6", duckdb.__version__
assert pa.__version__ == "25.0.1", pa.__version__

SCALARS = """
SELECT * FROM (VALUES
  (1, 1.5::DOUBLE, true, 'plain', DATE '2024-02-29', TIMESTAMP '2024-02-29 10:11:12.345678',
   TIMESTAMPTZ '2024-02-29 10:11:12+00', 123.45::DECIMAL(10, 2), NULL::INTEGER),
  (-9223372036854775808, -0.0::DOUBLE, false, 'quote " backslash \\ tab \t newline
 é € 😀', DATE '1970-01-01', TIMESTAMP '1969-12-31 23:59:59',
   TIMESTAMPTZ '2000-01-01 00:00:00+00', -5.00::DECIMAL(10, 2), NULL::INTEGER),
  (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)
) t(i, f, b, s, d, ts, tstz, dec, n)
"""

NESTED = """
SELECT * FROM (VALUES
  ([1, 2, NULL], {'a': 1, 'b': 'x'}, [{'k': 'v'}], MAP {'one': 1, 'two': 2}),
  ([], {'a': NULL, 'b': 'y'}, [], MAP {}),
  (NULL, NULL, NULL, NULL)
) t(ints, obj, objs, m)
"""

# What Quiver infers with timestamp inference on: DuckDB's decimals are JSON numbers with a fraction
# (float64), its map an object (a struct of the keys seen), its TIMESTAMPTZ text carries an offset.
SCALARS_SCHEMA = pa.schema([
    ("i", pa.int64()), ("f", pa.float64()), ("b", pa.bool_()), ("s", pa.utf8()), ("d", pa.date32()),
    ("ts", pa.timestamp("us")), ("tstz", pa.timestamp("us", tz="UTC")), ("dec", pa.float64()),
    ("n", pa.null()),
])
NESTED_SCHEMA = pa.schema([
    ("ints", pa.list_(pa.int64())),
    ("obj", pa.struct([("a", pa.int64()), ("b", pa.utf8())])),
    ("objs", pa.list_(pa.struct([("k", pa.utf8())]))),
    ("m", pa.struct([("one", pa.int64()), ("two", pa.int64())])),
])


def write(name, query, schema):
    con = duckdb.connect()
    con.execute("SET TimeZone = 'UTC'")
    con.execute(f"COPY ({query}) TO '{name}.ndjson' (FORMAT JSON)")
    # pyarrow parses dates only through a cast from the strings.
    as_read = pa.schema([pa.field(f.name, pa.utf8()) if f.type == pa.date32() else f for f in schema])
    table = pj.read_json(f"{name}.ndjson", parse_options=pj.ParseOptions(explicit_schema=as_read))
    table = table.cast(schema)
    with ipc.new_file(f"{name}.pyarrow.arrow", table.schema) as writer:
        writer.write_table(table)


write("duckdb_scalars", SCALARS, SCALARS_SCHEMA)
write("duckdb_nested", NESTED, NESTED_SCHEMA)
