// SPDX-License-Identifier: Apache-2.0
package dev.quiver.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.csv.CsvException;
import dev.quiver.csv.CsvReadOptions;
import dev.quiver.csv.CsvWriteOptions;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.compression.CompressionType;
import dev.quiver.ndjson.NdjsonReadOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The front door reads and writes CSV, TSV and NDJSON by name or content, with their options. */
class TextFormatsTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("id", ArrowType.INT64),
            Field.nullable("name", ArrowType.UTF8));
    private static final Table TABLE = new Table(SCHEMA, List.of(
            RecordBatch.ofRows(SCHEMA, List.of(List.of(1L, "one"), Arrays.asList(2L, null))),
            RecordBatch.ofRows(SCHEMA, List.of(Arrays.asList(null, "three, with a comma")))));

    @TempDir
    Path dir;

    @Test
    void eachTextFormatRoundTripsByItsName() throws IOException {
        for (String name : List.of("t.csv", "t.tsv", "t.ndjson", "t.jsonl", "T.CSV")) {
            Path path = dir.resolve(name);
            Arrow.write(TABLE, path);
            assertEquals(TABLE, Arrow.read(path), name);
            try (RecordBatchReader reader = Arrow.open(path)) {
                assertEquals(SCHEMA, reader.schema(), name);
            }
            Files.delete(path);
        }
    }

    @Test
    void theWrittenTextIsWhatEachFormatSays() throws IOException {
        Arrow.write(TABLE, dir.resolve("t.csv"));
        assertEquals("id,name\n1,one\n2,\n,\"three, with a comma\"\n", Files.readString(dir.resolve("t.csv")));
        Arrow.write(TABLE, dir.resolve("t.tsv"));
        assertEquals("id\tname\n1\tone\n2\t\n\tthree, with a comma\n", Files.readString(dir.resolve("t.tsv")));
        Arrow.write(TABLE, dir.resolve("t.jsonl"));
        assertTrue(Files.readString(dir.resolve("t.jsonl")).startsWith("{\"id\":1,\"name\":\"one\"}\n"),
                Files.readString(dir.resolve("t.jsonl")));
    }

    @Test
    void textFormatsAreRecognizedByContentUnderAnotherName() throws IOException {
        for (String name : List.of("t.csv", "t.tsv", "t.ndjson")) {
            Path written = dir.resolve(name);
            Arrow.write(TABLE, written);
            Path renamed = Files.move(written, dir.resolve("data.txt"));
            ArrowFormat expected = ArrowFormat.byName(written);
            assertEquals(expected, ArrowFormat.of(renamed), name);
            assertEquals(TABLE, Arrow.read(renamed), name);
            Files.delete(renamed);
        }
    }

    @Test
    void integrationJsonAndNdjsonAreToldApartByTheirFirstMember() throws IOException {
        Path ndjson = Files.writeString(dir.resolve("a.json"), "{\"schema\": 1, \"b\": 2}\n{\"schema\": 3, \"b\": 4}\n");
        assertEquals(ArrowFormat.NDJSON, ArrowFormat.of(ndjson));
        assertEquals(2, Arrow.read(ndjson).rowCount());
        Path other = Files.writeString(dir.resolve("b.data"), "{\"x\": true}\n");
        assertEquals(ArrowFormat.NDJSON, ArrowFormat.of(other));
        Path integration = dir.resolve("c.json");
        Arrow.write(TABLE, integration);
        Path renamed = Files.move(integration, dir.resolve("c.data"));
        assertEquals(ArrowFormat.JSON, ArrowFormat.of(renamed));
        Path pretty = Files.writeString(dir.resolve("d.data"), "{\n  \"schema\" : {\"fields\": []}, \"batches\": []}");
        assertEquals(ArrowFormat.JSON, ArrowFormat.of(pretty));
    }

    @Test
    void theNameOfATextFormatWinsOverItsContent() throws IOException {
        Path csv = Files.writeString(dir.resolve("one-column.csv"), "word\nhello\nworld\n");
        assertEquals(ArrowFormat.CSV, ArrowFormat.of(csv));
        assertEquals(List.of("hello", "world"), values(Arrow.read(csv), "word"));
    }

    @Test
    void csvOptionsAreReachedThroughArrowOptions() throws IOException {
        Path path = Files.writeString(dir.resolve("semi.csv"), "# a comment line\nid;name\n1;x\nNA;y\n");
        ArrowOptions options = ArrowOptions.DEFAULT.withCsvRead(CsvReadOptions.DEFAULT.withDelimiter(';')
                .withSkipRows(1).withNullValues(Set.of("NA")).withTypes(Map.of("id", ArrowType.INT32)));
        Table table = Arrow.read(path, options);
        assertEquals(Schema.of(Field.nullable("id", ArrowType.INT32), Field.nullable("name", ArrowType.UTF8)),
                table.schema());
        assertEquals(Arrays.asList(1, null), values(table, "id"));

        Path out = dir.resolve("out.csv");
        Arrow.write(TABLE, out, ArrowOptions.DEFAULT.withCsvWrite(CsvWriteOptions.DEFAULT.withDelimiter('|')
                .withHeader(false).withNullText("NULL")));
        assertEquals("1|one\n2|NULL\nNULL|three, with a comma\n", Files.readString(out));
        Path tsv = dir.resolve("semi.tsv");
        Arrow.write(TABLE, tsv, ArrowOptions.DEFAULT.withCsvWrite(CsvWriteOptions.DEFAULT.withDelimiter(';')));
        assertTrue(Files.readString(tsv).startsWith("id;name\n"), "an explicit delimiter is kept for TSV");
    }

    @Test
    void ndjsonOptionsAreReachedThroughArrowOptions() throws IOException {
        Path path = Files.writeString(dir.resolve("e.ndjson"), "{\"a\": 1, \"extra\": 2}\n{\"a\": 3}\n");
        Schema schema = Schema.of(Field.nullable("a", ArrowType.INT32));
        Table table = Arrow.read(path, ArrowOptions.DEFAULT.withNdjsonRead(NdjsonReadOptions.DEFAULT
                .withSchema(schema).withIgnoreUnknownKeys(true).withBatchSize(1)));
        assertEquals(schema, table.schema());
        assertEquals(2, table.batches().size());
        assertEquals(List.of(1, 3), values(table, "a"));
    }

    @Test
    void theAllocatorOfTheOptionsHoldsTextInputToo() throws IOException {
        Path path = dir.resolve("t.csv");
        Arrow.write(TABLE, path);
        try (var scoped = BufferAllocator.scoped()) {
            Table table = Arrow.read(path, ArrowOptions.DEFAULT.withAllocator(scoped));
            assertEquals(TABLE, table);
            assertTrue(scoped.allocatedBytes() > 0, "the CSV columns come from the options' allocator");
        }
    }

    @Test
    void aFormatGivenInTheOptionsWinsOverNameAndContent() throws IOException {
        Path path = Files.writeString(dir.resolve("data.arrow"), "a\tb\n1\t2\n");
        Table table = Arrow.read(path, ArrowOptions.DEFAULT.withFormat(ArrowFormat.TSV));
        assertEquals(List.of("a", "b"), table.schema().fields().stream().map(Field::name).toList());
        Path out = dir.resolve("out.bin");
        Arrow.write(TABLE, out, ArrowOptions.DEFAULT.withFormat(ArrowFormat.NDJSON));
        assertEquals(TABLE, Arrow.read(out, ArrowOptions.DEFAULT.withFormat(ArrowFormat.NDJSON)));
    }

    @Test
    void compressionIsRefusedForText() {
        ArrowOptions zstd = ArrowOptions.DEFAULT.withCodec(CompressionCodec.of(CompressionType.ZSTD));
        for (String name : List.of("x.csv", "x.tsv", "x.ndjson")) {
            Path out = dir.resolve(name);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Arrow.write(TABLE, out, zstd));
            assertTrue(e.getMessage().contains("has no body compression"), e.getMessage());
            assertFalse(Files.exists(out), name);
        }
    }

    @Test
    void malformedTextEndsInTheReadersException() throws IOException {
        Path path = Files.writeString(dir.resolve("bad.csv"), "a,b\n1,2\n3\n");
        assertThrows(CsvException.class, () -> Arrow.read(path));
    }

    @Test
    void namesAndShortNamesMapToFormats() {
        assertEquals(ArrowFormat.FILE, ArrowFormat.byName(Path.of("x.feather")));
        assertEquals(ArrowFormat.FILE, ArrowFormat.byName(Path.of("x.arrow_file")));
        assertEquals(ArrowFormat.STREAM, ArrowFormat.byName(Path.of("x.stream")));
        assertEquals(ArrowFormat.JSON, ArrowFormat.byName(Path.of("x.json.gz")));
        assertEquals(ArrowFormat.NDJSON, ArrowFormat.byName(Path.of("x.JSONL")));
        assertEquals(ArrowFormat.PARQUET, ArrowFormat.byName(Path.of("x.parquet")));
        assertNull(ArrowFormat.byName(Path.of("x.xlsx")));
        assertNull(ArrowFormat.byName(Path.of("/")));
        assertEquals(ArrowFormat.TSV, ArrowFormat.named("TSV"));
        assertEquals(ArrowFormat.STREAM, ArrowFormat.named("arrows"));
        UnknownFormatException e = assertThrows(UnknownFormatException.class, () -> ArrowFormat.named("xlsx"));
        assertEquals("unknown format 'xlsx' (csv, tsv, arrow, arrows, json, ndjson, parquet)", e.getMessage());
    }

    private static List<Object> values(Table table, String column) {
        var chunks = table.column(column);
        List<Object> out = new java.util.ArrayList<>();
        for (long i = 0; i < chunks.length(); i++) {
            out.add(chunks.getObject(i));
        }
        return out;
    }
}
