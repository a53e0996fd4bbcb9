# SPDX-License-Identifier: Apache-2.0
# argv: PARQUET ARROW - DuckDB and polars read the Parquet file equal to their reading of the Arrow IPC file,
# column by column (DuckDB: row by row with IS DISTINCT FROM). Columns of types they cannot take from Arrow
# (float16, decimal256; polars: time32[s], whose stored schema it misreads in pyarrow's files too) are skipped.
import sys
import duckdb
import polars as pl
import pyarrow as pa
import pyarrow.ipc as ipc

parquet = sys.argv[1]
expected = ipc.open_file(sys.argv[2]).read_all()
n = expected.num_rows
problems = []
checked = 0
for name in expected.column_names:
    t = expected.schema.field(name).type
    if t == pa.float16() or (pa.types.is_decimal(t) and t.precision > 38) or pa.types.is_duration(t):
        continue
    con = duckdb.connect()
    con.execute("SET TimeZone='UTC'")
    con.register("expected", expected.select([name]).append_column("__rn", pa.array(range(n), pa.int64())))
    differing = con.sql(f"""
        select count(*) from
          (select file_row_number as __rn, "{name}" as v from read_parquet('{parquet}', file_row_number=true)) a
          full join (select __rn, "{name}" as v from expected) b using (__rn)
        where a.v is distinct from b.v""").fetchone()[0]
    if differing:
        problems.append(f"duckdb {name}: {differing} rows differ")
    if t != pa.time32("s"):
        a = pl.read_parquet(parquet, columns=[name])
        b = pl.from_arrow(expected.select([name]))
        if not a.equals(b):
            problems.append(f"polars {name}: {a.head(3)} != {b.head(3)}")
    checked += 1
print("\n".join(problems) if problems else f"equal {checked}")
