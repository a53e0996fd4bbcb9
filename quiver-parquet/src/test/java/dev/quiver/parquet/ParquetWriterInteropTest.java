// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.parquet.format.CompressionCodec;
import dev.quiver.parquet.format.Encoding;
import dev.quiver.testkit.PythonPeer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Files Quiver writes, read by pyarrow, DuckDB and polars (run when QUIVER_PYTHON names a Python with all three). */
class ParquetWriterInteropTest {
    private static final Optional<PythonPeer> PYTHON = PythonPeer.find();

    @TempDir
    Path dir;

    static Stream<Arguments> optionSets() {
        ParquetWriteOptions d = ParquetWriteOptions.DEFAULT;
        return Stream.of(
                Arguments.of("default", d),
                Arguments.of("uncompressed", d.withCodec(CompressionCodec.UNCOMPRESSED)),
                Arguments.of("gzip", d.withCodec(CompressionCodec.GZIP)),
                Arguments.of("zstd level 9", d.withCodec(CompressionCodec.ZSTD).withCompressionLevel(9)),
                Arguments.of("lz4 raw", d.withCodec(CompressionCodec.LZ4_RAW)),
                Arguments.of("lz4 hadoop", d.withCodec(CompressionCodec.LZ4)),
                Arguments.of("page v2 zstd", d.withDataPageVersion(2).withCodec(CompressionCodec.ZSTD)),
                Arguments.of("page v2 uncompressed", d.withDataPageVersion(2).withCodec(CompressionCodec.UNCOMPRESSED)),
                Arguments.of("no dictionary", d.withDictionary(false)),
                Arguments.of("dictionary fallback", d.withDictionaryPageSizeLimit(200).withPageRowLimit(50)),
                Arguments.of("small pages and row groups", d.withPageSize(300).withRowGroupSize(256)),
                Arguments.of("delta and split encodings", d.withDictionary(false)
                        .withEncoding("i32", Encoding.DELTA_BINARY_PACKED)
                        .withEncoding("i64", Encoding.DELTA_BINARY_PACKED)
                        .withEncoding("ts_nanosecond", Encoding.DELTA_BINARY_PACKED)
                        .withEncoding("utf8", Encoding.DELTA_LENGTH_BYTE_ARRAY)
                        .withEncoding("large_utf8", Encoding.DELTA_BYTE_ARRAY)
                        .withEncoding("fsb3", Encoding.DELTA_BYTE_ARRAY)
                        .withEncoding("f32", Encoding.BYTE_STREAM_SPLIT)
                        .withEncoding("f64", Encoding.BYTE_STREAM_SPLIT)
                        .withEncoding("dec38_5", Encoding.BYTE_STREAM_SPLIT)
                        .withEncoding("bool", Encoding.RLE)
                        .withEncoding("list_i32", Encoding.DELTA_BINARY_PACKED)
                        .withDataPageVersion(2).withPageSize(1000)),
                Arguments.of("one thread, bloom filters", d.withThreads(1)
                        .withBloomFilter("utf8", new ParquetWriteOptions.BloomFilterOptions(1000, 0.01))
                        .withBloomFilter("i64", new ParquetWriteOptions.BloomFilterOptions(100, 0.1))),
                Arguments.of("no statistics, no page index, no stored schema is last", d.withStatistics(false)
                        .withPageIndex(false)));
    }

    private static String script(String name) throws IOException {
        try (InputStream in = ParquetWriterInteropTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Writes {@code batch} in three parts (a slice at an offset among them) as Parquet and as an IPC file. */
    private Path[] write(RecordBatch batch, ParquetWriteOptions options) {
        Path parquet = dir.resolve("data.parquet");
        Path arrow = dir.resolve("data.arrow");
        long n = batch.rowCount();
        try (ParquetWriter writer = ParquetWriter.open(parquet, batch.schema(), options)) {
            writer.write(batch.slice(0, 100));
            writer.write(batch.slice(100, 0));
            writer.write(batch.slice(100, n - 100));
        }
        try (IpcFileWriter writer = IpcFileWriter.open(arrow, batch.schema())) {
            writer.write(batch);
        }
        return new Path[] {parquet, arrow};
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("optionSets")
    void pyarrowReadsEveryTypeEqual(String name, ParquetWriteOptions options) throws IOException {
        Assumptions.assumeTrue(PYTHON.isPresent(), PythonPeer.SKIP_MESSAGE);
        RecordBatch batch = WriteFixtures.allTypes(700, name.hashCode());
        Path[] files = write(batch.slice(11, 650), options);
        assertEquals("equal", PYTHON.get().run(script("pyarrow_reads_equal.py"), files[0].toString(),
                files[1].toString()).strip());
    }

    @Test
    void duckdbAndPolarsReadEqual() throws IOException {
        Assumptions.assumeTrue(PYTHON.isPresent(), PythonPeer.SKIP_MESSAGE);
        RecordBatch batch = WriteFixtures.allTypes(600, 5);
        for (ParquetWriteOptions options : new ParquetWriteOptions[] {ParquetWriteOptions.DEFAULT,
            ParquetWriteOptions.DEFAULT.withDataPageVersion(2).withCodec(CompressionCodec.ZSTD).withDictionary(false)
                    .withRowGroupSize(250)}) {
            Path[] files = write(batch, options);
            String out = PYTHON.get().run(script("duckdb_polars_read_equal.py"), files[0].toString(),
                    files[1].toString()).strip();
            assertEquals(true, out.startsWith("equal "), out);
        }
    }

    @Test
    void statisticsEqualPyarrowsOwn() throws IOException {
        Assumptions.assumeTrue(PYTHON.isPresent(), PythonPeer.SKIP_MESSAGE);
        RecordBatch batch = WriteFixtures.allTypes(900, 9);
        Path[] files = write(batch, ParquetWriteOptions.DEFAULT.withRowGroupSize(300));
        String out = PYTHON.get().run(script("pyarrow_statistics.py"), files[0].toString(), files[1].toString(),
                "300").strip();
        assertEquals(true, out.startsWith("equal "), out);
    }

    @Test
    void duckdbProbesTheBloomFilters() throws IOException {
        Assumptions.assumeTrue(PYTHON.isPresent(), PythonPeer.SKIP_MESSAGE);
        dev.quiver.core.type.Schema schema = dev.quiver.core.type.Schema.of(
                dev.quiver.core.type.Field.nullable("s", dev.quiver.core.type.ArrowType.UTF8),
                dev.quiver.core.type.Field.nullable("n", dev.quiver.core.type.ArrowType.INT64));
        java.util.List<java.util.List<?>> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            rows.add(java.util.List.of("word" + i, (long) i * 3));
        }
        Path parquet = dir.resolve("bloom.parquet");
        ParquetWriteOptions.BloomFilterOptions bloom = new ParquetWriteOptions.BloomFilterOptions(2000, 0.01);
        try (ParquetWriter writer = ParquetWriter.open(parquet, schema, ParquetWriteOptions.DEFAULT
                .withBloomFilter("s", bloom).withBloomFilter("n", bloom).withRowGroupSize(1000))) {
            writer.write(RecordBatch.ofRows(schema, rows));
        }
        String script = """
                import sys, duckdb
                def excluded(column, value):
                    return [r[2] for r in duckdb.execute("select * from parquet_bloom_probe(?, ?, ?)",
                                                         [sys.argv[1], column, value]).fetchall()]
                print(excluded('s', 'word5'), excluded('s', 'word1999'), excluded('n', 3 * 1500),
                      excluded('s', 'absent'), excluded('n', 1))
                """;
        assertEquals("[False, True] [True, False] [True, False] [True, True] [True, True]",
                PYTHON.get().run(script, parquet.toString()).strip());
    }
}
