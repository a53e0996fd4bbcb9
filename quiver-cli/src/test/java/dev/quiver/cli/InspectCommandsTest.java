// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcStreamWriter;
import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.ipc.compression.ZstdCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** schema, cat and stats on a small file with nested values. */
class InspectCommandsTest {
    static final Schema SCHEMA = Schema.of(
            Field.notNull("id", ArrowType.INT32),
            Field.nullable("name", ArrowType.UTF8),
            Field.nullable("tags", ArrowType.List.of(ArrowType.INT64)),
            Field.nullable("point", ArrowType.Struct.of(Field.nullable("x", ArrowType.FLOAT64),
                    Field.nullable("y", ArrowType.FLOAT64))),
            Field.nullable("attrs", ArrowType.Map.of(ArrowType.UTF8, ArrowType.INT32, false)));

    @TempDir
    Path dir;
    Path file;

    static RecordBatch batch(int first) {
        Map<String, Object> point = new LinkedHashMap<>();
        point.put("x", 1.5);
        point.put("y", null);
        return RecordBatch.ofRows(SCHEMA, List.of(
                Arrays.asList(first, "alpha", List.of(1L, 2L), point, List.of(Map.entry("k", 7))),
                Arrays.asList(first + 1, null, null, null, null),
                Arrays.asList(first + 2, "a much longer name than the others", List.of(), point, List.of())));
    }

    @BeforeEach
    void writeFile() throws IOException {
        file = dir.resolve("nested.arrow");
        try (OutputStream out = Files.newOutputStream(file);
                IpcFileWriter writer = IpcFileWriter.open(out, SCHEMA, IpcWriteOptions.DEFAULT.withCodec(new ZstdCodec()))) {
            writer.write(batch(0));
            writer.write(batch(3));
        }
    }

    @Test
    void schemaListsTheFields() {
        Cli.Result r = Cli.run("schema", file);
        assertEquals(0, r.exit(), r.err());
        assertEquals(List.of("Arrow file, 5 fields:", "  id: int32 not null", "  name: utf8",
                "  tags: " + SCHEMA.field(2).type(), "  point: " + SCHEMA.field(3).type(),
                "  attrs: " + SCHEMA.field(4).type()), r.out().lines().toList());
    }

    @Test
    void catPrintsAnAlignedTableWithReadableNestedValues() {
        Cli.Result r = Cli.run("cat", file);
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(8, lines.size(), r.out());
        int tagsColumn = lines.get(0).indexOf("tags");
        assertTrue(tagsColumn > 0);
        assertTrue(lines.get(1).matches("[- ]+"), lines.get(1));
        assertTrue(lines.get(2).startsWith(" 0  alpha "), lines.get(2));
        assertEquals("[1, 2]", lines.get(2).substring(tagsColumn, tagsColumn + 6));
        assertTrue(lines.get(2).contains("{x: 1.5, y: null}"), lines.get(2));
        assertTrue(lines.get(2).endsWith("[\"k\": 7]"), lines.get(2));
        assertEquals("null", lines.get(3).substring(tagsColumn, tagsColumn + 4));
        assertTrue(lines.get(4).contains("a much longer name than the others"), lines.get(4));
        assertTrue(lines.get(7).startsWith(" 5  "), lines.get(7));
    }

    @Test
    void catLimitStopsAndSaysSo() {
        Cli.Result r = Cli.run("cat", file, "--limit", "4");
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(7, lines.size(), r.out());
        assertEquals("... (first 4 rows; --limit N shows more)", lines.getLast());
        Cli.Result all = Cli.run("cat", file, "-n", "6");
        assertEquals(8, all.out().lines().count(), all.out());
    }

    @Test
    void catRefusesANegativeLimit() {
        Cli.Result r = Cli.run("cat", file, "--limit", "-1");
        assertEquals(2, r.exit());
        assertEquals(List.of("quiver cat: --limit must be 0 or more, not -1"), r.errLines());
    }

    @Test
    void statsCountsBatchesRowsNullsBytesAndCompression() {
        Cli.Result r = Cli.run("stats", file);
        assertEquals(0, r.exit(), r.err());
        String out = r.out();
        assertTrue(out.contains("batches:     2\n"), out);
        assertTrue(out.contains("rows:        6\n"), out);
        assertTrue(out.contains("compression: ZSTD\n"), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("id +int32 +0 +\\d+ B")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("name +utf8 +2 +\\d+ B")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("tags +list<.*> +2 +\\d+ B")), out);
    }

    @Test
    void statsOfAnUncompressedStream() throws IOException {
        Path stream = dir.resolve("plain.arrows");
        try (OutputStream out = Files.newOutputStream(stream); IpcStreamWriter writer = IpcStreamWriter.open(out, SCHEMA)) {
            writer.write(batch(0));
        }
        Cli.Result r = Cli.run("stats", stream);
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("(Arrow stream, "), r.out());
        assertTrue(r.out().contains("compression: none\n"), r.out());
        assertTrue(r.out().contains("rows:        3\n"), r.out());
    }
}
