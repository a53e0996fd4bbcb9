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
    void sizeStatisticsEqualPyarrowsOwn() throws IOException {
        Assumptions.assumeTrue(PYTHON.isPresent(), PythonPeer.SKIP_MESSAGE);
        RecordBatch batch = WriteFixtures.allTypes(900, 11);
        Path[] files = write(batch, ParquetWriteOptions.DEFAULT.withRowGroupSize(300));
        Path reference = dir.resolve("reference.parquet");
        String script = """
                import sys, pyarrow.ipc as ipc, pyarrow.parquet as pq
                t = ipc.open_file(sys.argv[1]).read_all()
                # pyarrow refuses nulls in a non-nullable child under a null struct, which Arrow allows
                t = t.select([n for n in t.column_names if n != "struct"])
                pq.write_table(t, sys.argv[2], row_group_size=int(sys.argv[3]), write_page_index=True)
                print("written")
                """;
        assertEquals("written", PYTHON.get().run(script, files[1].toString(), reference.toString(), "300").strip());
        java.util.List<String> problems = new java.util.ArrayList<>();
        int compared = 0;
        try (ParquetFile ours = ParquetFile.open(files[0]); ParquetFile theirs = ParquetFile.open(reference)) {
            java.util.Map<String, Integer> ourColumns = columnsByPath(ours);
            java.util.Map<String, Integer> theirColumns = columnsByPath(theirs);
            assertEquals(theirs.rowGroupCount(), ours.rowGroupCount());
            for (int g = 0; g < theirs.rowGroupCount(); g++) {
                for (java.util.Map.Entry<String, Integer> e : theirColumns.entrySet()) {
                    int o = ourColumns.get(e.getKey());
                    int t = e.getValue();
                    String where = e.getKey() + " rg " + g;
                    compare(problems, where + " chunk",
                            ours.rowGroup(g).columns().get(o).metaData().sizeStatistics(),
                            theirs.rowGroup(g).columns().get(t).metaData().sizeStatistics());
                    var ourIndex = ours.columnIndex(g, o);
                    var theirIndex = theirs.columnIndex(g, t);
                    if (theirIndex.isPresent() && ourIndex.isPresent()) {
                        same(problems, where + " column index definition levels",
                                ourIndex.get().definitionLevelHistograms(), theirIndex.get().definitionLevelHistograms());
                        same(problems, where + " column index repetition levels",
                                ourIndex.get().repetitionLevelHistograms(), theirIndex.get().repetitionLevelHistograms());
                    }
                    same(problems, where + " offset index bytes",
                            ours.offsetIndex(g, o).orElseThrow().unencodedByteArrayDataBytes(),
                            theirs.offsetIndex(g, t).orElseThrow().unencodedByteArrayDataBytes());
                    compared++;
                }
            }
        }
        assertEquals(java.util.List.of(), problems, compared + " chunks compared");
    }

    private static java.util.Map<String, Integer> columnsByPath(ParquetFile file) {
        java.util.Map<String, Integer> columns = new java.util.TreeMap<>();
        java.util.List<dev.quiver.parquet.format.ColumnChunk> chunks = file.rowGroup(0).columns();
        for (int j = 0; j < chunks.size(); j++) {
            columns.put(String.join(".", chunks.get(j).metaData().pathInSchema()), j);
        }
        return columns;
    }

    private static void compare(java.util.List<String> problems, String where,
            dev.quiver.parquet.format.SizeStatistics ours, dev.quiver.parquet.format.SizeStatistics theirs) {
        if (ours == null || theirs == null) {
            if (ours != theirs) {
                problems.add(where + ": " + ours + " != " + theirs);
            }
            return;
        }
        if (!java.util.Objects.equals(ours.unencodedByteArrayDataBytes(), theirs.unencodedByteArrayDataBytes())) {
            problems.add(where + " bytes: " + ours.unencodedByteArrayDataBytes() + " != "
                    + theirs.unencodedByteArrayDataBytes());
        }
        same(problems, where + " definition levels", ours.definitionLevelHistogram(),
                theirs.definitionLevelHistogram());
        same(problems, where + " repetition levels", ours.repetitionLevelHistogram(),
                theirs.repetitionLevelHistogram());
    }

    private static void same(java.util.List<String> problems, String where, long[] ours, long[] theirs) {
        if (!java.util.Arrays.equals(ours, theirs)) {
            problems.add(where + ": " + java.util.Arrays.toString(ours) + " != " + java.util.Arrays.toString(theirs));
        }
    }

    @Test
    void pyarrowReadsDictionaryArraysAsTheirValues() throws IOException {
        Assumptions.assumeTrue(PYTHON.isPresent(), PythonPeer.SKIP_MESSAGE);
        dev.quiver.core.type.ArrowType.Dictionary type = new dev.quiver.core.type.ArrowType.Dictionary(
                dev.quiver.core.type.ArrowType.INT32, dev.quiver.core.type.ArrowType.UTF8, false);
        dev.quiver.core.type.Schema schema = dev.quiver.core.type.Schema.of(
                dev.quiver.core.type.Field.nullable("d", type),
                dev.quiver.core.type.Field.nullable("s", dev.quiver.core.type.ArrowType.UTF8));
        java.util.List<java.util.List<?>> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            String v = i % 11 == 0 ? null : "v" + (i * 7 % 130);
            rows.add(java.util.Arrays.asList(v, v));
        }
        RecordBatch batch = RecordBatch.ofRows(schema, rows);
        Path parquet = dir.resolve("dictionary.parquet");
        try (ParquetWriter writer = ParquetWriter.open(parquet, schema,
                ParquetWriteOptions.DEFAULT.withRowGroupSize(1000).withPageRowLimit(300))) {
            writer.write(batch.slice(0, 1700));
            writer.write(batch.slice(1700, 1300));
        }
        String script = """
                import sys, pyarrow as pa, pyarrow.parquet as pq
                t = pq.read_table(sys.argv[1])
                print(t.schema.field("d").type, t.column("d").cast(pa.string()).equals(t.column("s")))
                """;
        assertEquals("dictionary<values=string, indices=int32, ordered=0> True",
                PYTHON.get().run(script, parquet.toString()).strip());
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
