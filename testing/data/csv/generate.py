# SPDX-License-Identifier: Apache-2.0
"""Writes the small CSV files the quiver-csv tests read: one by pyarrow's CSV writer, one by DuckDB's
COPY ... TO, each with the types its writer had (see expected-types.txt). Run from this folder with a
Python that has pyarrow and duckdb:  python generate.py"""
import datetime
import decimal

import duckdb
import pyarrow as pa
import pyarrow.csv as pc

table = pa.table({
    "id": pa.array([1, 2, 3, None], pa.int64()),
    "x": pa.array([1.5, -2.25, None, 1e20], pa.float64()),
    "flag": pa.array([True, False, None, True]),
    "name": pa.array(["plain", "with, comma", 'with "quote"', "two\nlines"]),
    "day": pa.array([datetime.date(2024, 1, 2), None, datetime.date(1969, 12, 31), datetime.date(2000, 2, 29)]),
    "ts": pa.array([datetime.datetime(2024, 1, 2, 3, 4, 5, 123456), None,
                    datetime.datetime(1970, 1, 1), datetime.datetime(2030, 12, 31, 23, 59, 59)],
                   pa.timestamp("us")),
    "ts_utc": pa.array([datetime.datetime(2024, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc), None,
                        datetime.datetime(1999, 12, 31, 23, 0, 0, 500000, tzinfo=datetime.timezone.utc),
                        datetime.datetime(2024, 6, 1, tzinfo=datetime.timezone.utc)], pa.timestamp("us", "UTC")),
    "zip": pa.array(["02134", "10001", None, "00501"]),
})
pc.write_csv(table, "pyarrow.csv")

con = duckdb.connect()
con.execute("SET TimeZone = 'UTC'")
con.execute("""CREATE TABLE t AS SELECT * FROM (VALUES
    (1, 1.5::DOUBLE, true, 'plain', DATE '2024-01-02', TIMESTAMP '2024-01-02 03:04:05.123456',
     TIMESTAMPTZ '2024-01-02 03:04:05+00', 12.50::DECIMAL(10, 2), '02134'),
    (2, -2.25::DOUBLE, false, 'with, comma', NULL, TIMESTAMP '1970-01-01 00:00:00',
     TIMESTAMPTZ '1999-12-31 23:00:00.5+00', -5.00::DECIMAL(10, 2), '10001'),
    (NULL, NULL, NULL, 'with "quote"', DATE '1969-12-31', NULL, NULL, NULL, NULL),
    (4, 1e20::DOUBLE, true, 'two
lines', DATE '2000-02-29', TIMESTAMP '2030-12-31 23:59:59', TIMESTAMPTZ '2024-06-01 00:00:00+00',
     0.05::DECIMAL(10, 2), '00501')
) AS v(id, x, flag, name, day, ts, ts_utc, price, zip)""")
con.execute("COPY t TO 'duckdb.csv' (HEADER, DELIMITER ',')")
