# SPDX-License-Identifier: Apache-2.0
"""DuckDB's Python client running one query over an Arrow IPC file (docs/benchmarks.md, "SQL over Arrow files").

Usage: python duckdb_sql.py FILE QUERY
Memory-maps FILE with pyarrow, reads it as a pyarrow Table (zero-copy over the mapping) named t, runs QUERY
with DuckDB's Python client (which scans the Table through its Arrow scan, projection and filters pushed
into pyarrow's scanner) and prints the result's rows. The counterpart of `quiver sql QUERY --table t=FILE`.
"""
import sys

import duckdb
import pyarrow as pa
import pyarrow.ipc as ipc


def main():
    path, query = sys.argv[1], sys.argv[2]
    t = ipc.open_file(pa.memory_map(path)).read_all()
    con = duckdb.connect()
    con.register("t", t)
    for row in con.sql(query).fetchall():
        print(*row, sep="\t")


if __name__ == "__main__":
    main()
