// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.testkit.PythonPeer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files written by pyarrow with each of its writing options, by DuckDB and by polars, across the types
 * they write with nulls and nesting: Quiver reads each equal to pyarrow's reading.
 */
class WrittenByOthersTest {
    /** Writes the files into argv[1]; prints their names. */
    private static final String WRITER = """
            import sys, datetime, decimal, pyarrow as pa, pyarrow.parquet as pq
            out = sys.argv[1]
            n = 3000
            def nn(f, i):
                return None if i % 7 == 3 else f(i)
            cols = {
                'b': [nn(lambda i: i % 3 == 0, i) for i in range(n)],
                'i8': pa.array([nn(lambda i: (i % 256) - 128, i) for i in range(n)], pa.int8()),
                'i16': pa.array([nn(lambda i: i * 7 - 9000, i) for i in range(n)], pa.int16()),
                'i32': pa.array([nn(lambda i: i * 100003 - 2**30, i) for i in range(n)], pa.int32()),
                'i64': pa.array([nn(lambda i: i * 10**12 - 2**62, i) for i in range(n)], pa.int64()),
                'u8': pa.array([nn(lambda i: i % 256, i) for i in range(n)], pa.uint8()),
                'u16': pa.array([nn(lambda i: (i * 31) % 65536, i) for i in range(n)], pa.uint16()),
                'u32': pa.array([nn(lambda i: (i * 2654435761) % 2**32, i) for i in range(n)], pa.uint32()),
                'u64': pa.array([nn(lambda i: (i * 11400714819323198485) % 2**64, i) for i in range(n)], pa.uint64()),
                'f32': pa.array([nn(lambda i: i / 3.0, i) for i in range(n)], pa.float32()),
                'f64': pa.array([nn(lambda i: (i - 1500) / 7.0, i) for i in range(n)], pa.float64()),
                's': pa.array([nn(lambda i: 'str%d' % (i % 50) + 'x' * (i % 20), i) for i in range(n)], pa.string()),
                'ls': pa.array([nn(lambda i: 'large%d' % i, i) for i in range(n)], pa.large_string()),
                'bin': pa.array([nn(lambda i: bytes([i % 256]) * (i % 5), i) for i in range(n)], pa.binary()),
                'fsb': pa.array([nn(lambda i: (i).to_bytes(4, 'little'), i) for i in range(n)], pa.binary(4)),
                'd9': pa.array([nn(lambda i: decimal.Decimal(i * 13 - 5000) / 100, i) for i in range(n)], pa.decimal128(9, 2)),
                'd30': pa.array([nn(lambda i: decimal.Decimal(i * 10**15 - 7) / 1000, i) for i in range(n)], pa.decimal128(30, 3)),
                'd50': pa.array([nn(lambda i: decimal.Decimal(i * 10**30 + 1), i) for i in range(n)], pa.decimal256(50, 0)),
                'date': pa.array([nn(lambda i: datetime.date(2000, 1, 1) + datetime.timedelta(days=i), i) for i in range(n)], pa.date32()),
                'date64': pa.array([nn(lambda i: i * 86400000, i) for i in range(n)], pa.date64()),
                't32': pa.array([nn(lambda i: i * 1000, i) for i in range(n)], pa.time32('ms')),
                't32s': pa.array([nn(lambda i: i, i) for i in range(n)], pa.time32('s')),
                't64': pa.array([nn(lambda i: i * 1000003, i) for i in range(n)], pa.time64('us')),
                't64n': pa.array([nn(lambda i: i * 1000000007, i) for i in range(n)], pa.time64('ns')),
                'ts_s': pa.array([nn(lambda i: i * 1000, i) for i in range(n)], pa.timestamp('s')),
                'ts_ms': pa.array([nn(lambda i: i * 1000, i) for i in range(n)], pa.timestamp('ms', 'Europe/Paris')),
                'ts_us': pa.array([nn(lambda i: i * 10**9, i) for i in range(n)], pa.timestamp('us', 'UTC')),
                'ts_ns': pa.array([nn(lambda i: i * 10**12 + 1, i) for i in range(n)], pa.timestamp('ns')),
                'dur': pa.array([nn(lambda i: i * 5, i) for i in range(n)], pa.duration('ms')),
                'h': pa.array([nn(lambda i: __import__('numpy').float16(i / 8), i) for i in range(n)], pa.float16()),
                'dict': pa.array([nn(lambda i: 'cat%d' % (i % 5), i) for i in range(n)]).dictionary_encode(),
                'l': pa.array([nn(lambda i: [j for j in range(i % 4)] if i % 11 else [None, 1], i) for i in range(n)], pa.list_(pa.int32())),
                'll': pa.array([nn(lambda i: [[j, None] for j in range(i % 3)], i) for i in range(n)], pa.list_(pa.list_(pa.int64()))),
                'lgl': pa.array([nn(lambda i: ['x'] * (i % 3), i) for i in range(n)], pa.large_list(pa.string())),
                'st': pa.array([nn(lambda i: {'a': i if i % 5 else None, 'b': {'c': 'v%d' % i, 'd': [i, i + 1]}}, i) for i in range(n)]),
                'ls_st': pa.array([nn(lambda i: [{'x': i, 'y': None if i % 2 else 'y'}] * (i % 3), i) for i in range(n)]),
                'm': pa.array([nn(lambda i: [('k%d' % j, j if j % 2 else None) for j in range(i % 4)], i) for i in range(n)], pa.map_(pa.string(), pa.int32())),
                'nul': pa.nulls(n),
            }
            t = pa.table(cols)
            def w(name, table=t, **kw):
                pq.write_table(table, out + '/' + name + '.parquet', **kw)
                print(name)
            w('pyarrow-default')
            w('pyarrow-v1-pages', data_page_version='1.0')
            w('pyarrow-v2-pages', data_page_version='2.0')
            w('pyarrow-no-dictionary', use_dictionary=False)
            for c in ['none', 'snappy', 'gzip', 'brotli', 'zstd', 'lz4']:
                w('pyarrow-codec-' + c, compression=c)
            w('pyarrow-small-pages', data_page_size=512, row_group_size=700, write_batch_size=100)
            w('pyarrow-page-index', write_page_index=True)
            w('pyarrow-int96', use_deprecated_int96_timestamps=True)
            w('pyarrow-legacy-lists', use_compliant_nested_type=False)
            w('pyarrow-no-arrow-schema', store_schema=False)
            w('pyarrow-version-1.0', version='1.0', coerce_timestamps='us', allow_truncated_timestamps=True)
            w('pyarrow-crc', write_page_checksum=True)
            ints = ['i8', 'i16', 'i32', 'i64', 'u8', 'u16', 'u32', 'u64', 'date', 't32', 't64', 'ts_us', 'dur']
            w('pyarrow-delta', use_dictionary=False, column_encoding={
                **{c: 'DELTA_BINARY_PACKED' for c in ints}, 's': 'DELTA_BYTE_ARRAY', 'ls': 'DELTA_LENGTH_BYTE_ARRAY',
                'bin': 'DELTA_BYTE_ARRAY', 'fsb': 'DELTA_BYTE_ARRAY'})
            w('pyarrow-delta-v2', use_dictionary=False, data_page_version='2.0', column_encoding={
                **{c: 'DELTA_BINARY_PACKED' for c in ints}, 's': 'DELTA_LENGTH_BYTE_ARRAY'})
            w('pyarrow-byte-stream-split', use_dictionary=False, column_encoding={
                'f32': 'BYTE_STREAM_SPLIT', 'f64': 'BYTE_STREAM_SPLIT', 'i32': 'BYTE_STREAM_SPLIT',
                'i64': 'BYTE_STREAM_SPLIT', 'fsb': 'BYTE_STREAM_SPLIT', 'h': 'BYTE_STREAM_SPLIT', 'd30': 'BYTE_STREAM_SPLIT'})
            w('pyarrow-empty', table=t.slice(0, 0))
            try:
                import duckdb
                con = duckdb.connect()
                con.execute(\"\"\"COPY (SELECT (i % 100)::TINYINT a, (i % 30000)::SMALLINT b, i c, i::BIGINT * 1000000 d, (i % 250)::UTINYINT e,
                    (i % 60000)::USMALLINT f, i::UINTEGER g, i::UBIGINT h, i / 3.0 fl, (i / 3.0)::FLOAT f4,
                    CASE WHEN i % 7 = 3 THEN NULL ELSE 'v' || i END s, i % 2 = 0 bo,
                    DATE '2000-01-01' + i::INTEGER dt, TIMESTAMP '2000-01-01' + to_seconds(i) ts,
                    TIMESTAMPTZ '2000-01-01 00:00:00+00' + to_seconds(i) tz, TIME '01:02:03' + to_seconds(i) tm,
                    (i * 1.25)::DECIMAL(10, 2) d1, (i * 3)::DECIMAL(38, 4) d2, (i % 999)::DECIMAL(4, 1) d3, [i, i + 1, NULL] li,
                    {'x': i, 'y': 'y' || i} st, MAP {'k': i} mp, CASE WHEN i % 5 = 0 THEN NULL ELSE [[i], []] END nested,
                    gen_random_uuid() IS NULL AS u, 'blob'::BLOB bl
                    FROM range(3000) t(i)) TO '\"\"\" + out + \"\"\"/duckdb.parquet' (FORMAT parquet)\"\"\")
                print('duckdb')
            except ImportError:
                pass
            try:
                import polars as plr
                df = plr.DataFrame({'a': [None if i % 7 == 3 else i for i in range(3000)],
                    's': [None if i % 5 == 1 else 'p%d' % i for i in range(3000)],
                    'f': [i / 3 for i in range(3000)], 'b': [i % 2 == 0 for i in range(3000)],
                    'l': [[i, None] if i % 3 else None for i in range(3000)],
                    'st': [{'x': i, 'y': [str(i)]} for i in range(3000)],
                    'd': [datetime.date(2020, 1, 1) + datetime.timedelta(days=i) for i in range(3000)],
                    'ts': [datetime.datetime(2020, 1, 1) + datetime.timedelta(seconds=i) for i in range(3000)]})
                df = df.with_columns(plr.col('a').cast(plr.Int16).alias('i16'), plr.col('s').cast(plr.Categorical).alias('cat'))
                df.write_parquet(out + '/polars.parquet')
                print('polars')
                df.write_parquet(out + '/polars-zstd-stats.parquet', compression='zstd', statistics=True, row_group_size=500)
                print('polars-zstd-stats')
            except ImportError:
                pass
            """;

    @TestFactory
    Stream<DynamicTest> filesOfOtherWritersReadAsPyarrowReadsThem(@TempDir Path dir) throws IOException {
        Optional<PythonPeer> python = PythonPeer.find();
        Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        Path files = Files.createDirectories(dir.resolve("files"));
        Path arrow = Files.createDirectories(dir.resolve("arrow"));
        List<Path> written = python.get().run(WRITER, files.toString()).lines().map(n -> files.resolve(n + ".parquet"))
                .toList();
        assertTrue(written.size() >= 20, "files written: " + written);
        PyarrowReading pyarrow = PyarrowReading.of(python.get(), written, arrow);
        return written.stream().flatMap(file -> Stream.of(
                DynamicTest.dynamicTest(file.getFileName().toString(), () -> assertTimeoutPreemptively(
                        Duration.ofSeconds(60), () -> pyarrow.assertSameAsPyarrow(file, ParquetReadOptions.DEFAULT))),
                DynamicTest.dynamicTest(file.getFileName() + " (one thread, CRCs checked, batches of 100)",
                        () -> assertTimeoutPreemptively(Duration.ofSeconds(60), () -> pyarrow.assertSameAsPyarrow(file,
                                ParquetReadOptions.DEFAULT.withThreads(1).withVerifyChecksums(true).withBatchSize(100))))));
    }
}
