// SPDX-License-Identifier: Apache-2.0
package dev.quiver.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.compression.CompressionType;
import dev.quiver.testkit.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** The front door reads every gold case in each of its forms, and writes tables that read back equal. */
class ArrowTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("id", ArrowType.INT32),
            Field.nullable("name", ArrowType.UTF8));
    private static final Table TABLE = new Table(SCHEMA, List.of(
            RecordBatch.ofRows(SCHEMA, List.of(List.of(1, "one"), List.of(2, "two"))),
            RecordBatch.ofRows(SCHEMA, List.of(List.of(3, "three")))));

    private static final Set<String> LOGICAL_ONLY = Set.of("generated_map_non_canonical");

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everyGoldCaseReadsIntoTheSameTableFromItsFileStreamAndJson() {
        return TestData.goldCases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            Table json = Arrow.read(c.json());
            assertSameData(c, json, Arrow.read(c.file()), "file");
            assertSameData(c, json, Arrow.read(c.stream()), "stream");
            assertEquals(json, Arrow.read(c.plainJson(dir)), "plain JSON");
        }));
    }

    /**
     * Equal tables (for {@code nested_dictionary}, whose JSON and IPC forms number the dictionaries
     * differently, too); for one case, equal data as the integration tests compare it: the IPC forms of
     * {@code map_non_canonical} name the map's fields as the canonical {@code key}/{@code value} where
     * its JSON keeps the original names.
     */
    private static void assertSameData(TestData.GoldCase c, Table expected, Table actual, String form) {
        String name = c.name().substring(c.name().lastIndexOf('/') + 1);
        if (LOGICAL_ONLY.contains(name)) {
            assertEquals(Optional.empty(), new BatchComparator().compare(expected.batches(), actual.batches()),
                    form);
        } else {
            assertEquals(expected, actual, form);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyGoldCaseRoundTripsInEachFormat() {
        return TestData.goldCases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            Table table = Arrow.read(c.file());
            for (String name : List.of("t.arrow", "t.feather", "t.arrows", "t.json", "t.json.gz")) {
                Path path = dir.resolve(name);
                Arrow.write(table, path);
                assertEquals(table, Arrow.read(path), name);
                Files.delete(path);
            }
        }));
    }

    @Test
    void theFormatIsRecognizedByContentWhateverTheName() throws IOException {
        Path file = dir.resolve("a.arrow");
        Path stream = dir.resolve("b.arrows");
        Path json = dir.resolve("c.json.gz");
        Arrow.write(TABLE, file);
        Arrow.write(TABLE, stream);
        Arrow.write(TABLE, json);
        assertTrue(Files.readString(dir.resolve("a.arrow"), StandardCharsets.ISO_8859_1).startsWith("ARROW1"));
        for (Path p : List.of(file, stream, json)) {
            Path renamed = Files.move(p, dir.resolve("data.bin"));
            assertEquals(TABLE, Arrow.read(renamed), p.toString());
            Files.delete(renamed);
        }
    }

    @Test
    void optionsChooseTheFormatAndTheCompression() throws IOException {
        Path path = dir.resolve("out.bin");
        Arrow.write(TABLE, path, ArrowOptions.DEFAULT.withFormat(ArrowFormat.FILE)
                .withCodec(CompressionCodec.of(CompressionType.ZSTD)));
        try (IpcFileReader reader = IpcFileReader.open(path)) {
            assertEquals(2, reader.batchCount());
        }
        assertEquals(TABLE, Arrow.read(path));
        assertThrows(IllegalArgumentException.class, () -> Arrow.write(TABLE, dir.resolve("x.json"),
                ArrowOptions.DEFAULT.withCodec(CompressionCodec.of(CompressionType.ZSTD))));
        assertFalse(Files.exists(dir.resolve("x.json")));
    }

    @Test
    void openReadsOneBatchAtATime() {
        Path path = dir.resolve("t.arrows");
        Arrow.write(TABLE, path);
        try (RecordBatchReader reader = Arrow.open(path)) {
            assertEquals(SCHEMA, reader.schema());
            assertEquals(List.of(2L, 1L), reader.stream().map(RecordBatch::rowCount).toList());
        }
    }

    @Test
    void anUnknownFormatIsRefusedByNameAndContent() throws IOException {
        Path binary = Files.write(dir.resolve("notes.bin"), new byte[] {0x01, 0x02, 'h', 'i', 0x7F, 0x10, 0x20, 0x30, 9});
        UnknownFormatException e = assertThrows(UnknownFormatException.class, () -> Arrow.read(binary));
        assertEquals(binary + ": not Arrow IPC, Parquet, integration JSON, NDJSON, CSV or TSV: it starts with 01 02 68 69 7F"
                + " 10 20 30 (an IPC file starts with ARROW1, a Parquet file with PAR1, an IPC stream with FF FF FF FF, JSON with {, CSV and TSV"
                + " with a line of text holding a comma or a tab)", e.getMessage());

        Path prose = Files.writeString(dir.resolve("notes.txt"), "hello world\n");
        assertThrows(UnknownFormatException.class, () -> Arrow.read(prose));

        Path empty = Files.write(dir.resolve("empty.arrow"), new byte[0]);
        assertTrue(assertThrows(UnknownFormatException.class, () -> Arrow.read(empty)).getMessage()
                .contains("the file is empty"));

        Path array = Files.writeString(dir.resolve("list.json"), "[1 2 3]");
        assertThrows(UnknownFormatException.class, () -> Arrow.read(array));

        Path out = dir.resolve("out.txt");
        UnknownFormatException w = assertThrows(UnknownFormatException.class, () -> Arrow.write(TABLE, out));
        assertTrue(w.getMessage().startsWith(out + ": no format for this name: name it .arrow or .feather"),
                w.getMessage());
        assertTrue(w.getMessage().contains(".csv, .tsv, .ndjson, .jsonl or .parquet"), w.getMessage());
        assertFalse(Files.exists(out));
    }

    @Test
    void aBrokenGzipIsRefusedAsAnUnknownFormat() throws IOException {
        Path gz = Files.write(dir.resolve("x.json.gz"), new byte[] {0x1F, (byte) 0x8B, 8, 0, 1, 2});
        UnknownFormatException e = assertThrows(UnknownFormatException.class, () -> Arrow.read(gz));
        assertTrue(e.getMessage().contains("gzip-compressed content that cannot be decompressed"), e.getMessage());
    }
}
