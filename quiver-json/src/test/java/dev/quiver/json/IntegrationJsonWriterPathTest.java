// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writing to a path makes the file appear whole, or leaves what was there. */
class IntegrationJsonWriterPathTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("a", ArrowType.INT32));

    @TempDir
    Path dir;

    private List<Path> files() throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.sorted().toList();
        }
    }

    @Test
    void aFailureHalfWayLeavesTheExistingFileUntouched() throws IOException {
        byte[] old = "{\"old\": true}".getBytes(StandardCharsets.UTF_8);
        for (String name : List.of("out.json", "out.json.gz")) {
            Path path = Files.write(dir.resolve(name), old);
            Schema other = Schema.of(Field.nullable("b", ArrowType.INT64));
            JsonFile broken = new JsonFile(SCHEMA, List.of(RecordBatch.ofRows(SCHEMA, List.of(List.of(1))),
                    RecordBatch.ofRows(other, List.of(List.of(2L)))));
            assertThrows(JsonFormatException.class, () -> IntegrationJsonWriter.write(broken, path));
            assertArrayEquals(old, Files.readAllBytes(path), name);
        }
        assertEquals(List.of(dir.resolve("out.json"), dir.resolve("out.json.gz")), files());
    }

    @Test
    void aWrittenFileReadsBack() throws IOException {
        for (String name : List.of("new.json", "new.json.gz")) {
            Path path = dir.resolve(name);
            IntegrationJsonWriter.write(new JsonFile(SCHEMA, List.of(RecordBatch.ofRows(SCHEMA,
                    List.of(List.of(5))))), path);
            assertEquals(5, IntegrationJsonReader.read(path).batches().get(0).column(0).getObject(0));
        }
        assertEquals(List.of(dir.resolve("new.json"), dir.resolve("new.json.gz")), files());
    }
}
