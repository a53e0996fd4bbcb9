// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writers refuse the nesting depth readers refuse (IpcLimits.MAX_NESTING_DEPTH), at any depth. */
class NestingDepthTest {
    @TempDir
    Path dir;

    /** A schema whose deepest field is at {@code depth} (a top-level field is at depth 0). */
    static Schema nested(int depth) {
        Field f = Field.nullable("leaf", ArrowType.INT32);
        for (int i = 0; i < depth; i++) {
            f = Field.nullable("s" + i, i % 2 == 0 ? ArrowType.Struct.of(f) : new ArrowType.List(f));
        }
        return Schema.of(f);
    }

    private static byte[] streamOf(Schema schema) {
        return TestData.written(out -> IpcStreamWriter.open(out, schema, IpcWriteOptions.DEFAULT).close());
    }

    @Test
    void theDeepestAllowedSchemaIsWrittenAndReadBack() {
        Schema schema = nested(IpcLimits.MAX_NESTING_DEPTH);
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(streamOf(schema)))) {
            assertEquals(schema, r.schema());
        }
        byte[] file = TestData.written(out -> IpcFileWriter.open(out, schema, IpcWriteOptions.DEFAULT).close());
        try (IpcFileReader r = IpcFileReader.open(TestData.segment(file), IpcReadOptions.DEFAULT)) {
            assertEquals(schema, r.schema());
        }
    }

    @Test
    void oneLevelDeeperIsRefusedByWritersAndReaders() {
        Schema schema = nested(IpcLimits.MAX_NESTING_DEPTH + 1);
        IpcException e = assertThrows(IpcException.class, () -> streamOf(schema));
        assertTrue(e.getMessage().contains("nest deeper than 64"), e.getMessage());
        assertThrows(IpcException.class, () -> TestData.written(out -> IpcFileWriter.open(out, schema,
                IpcWriteOptions.DEFAULT).close()));
        // The same schema message, framed without the writer's check, is refused by the reader.
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            new MessageFramer(new ByteOutput(Channels.newChannel(out)), 8).write(
                    MessageCodec.encodeSchema(schema, Map.of()), MessageBody.EMPTY);
        } catch (IOException ex) {
            throw new AssertionError(ex);
        }
        IpcException read = assertThrows(IpcException.class,
                () -> IpcStreamReader.open(new ByteArrayInputStream(out.toByteArray())));
        assertTrue(read.getMessage().contains("nest deeper than 64"), read.getMessage());
    }

    @Test
    void aDictionaryValueTypeCountsTowardsTheDepth() {
        Field values = nested(IpcLimits.MAX_NESTING_DEPTH).field(0);
        ArrowType.Dictionary dict = new ArrowType.Dictionary(ArrowType.INT32, values.type(), false);
        Schema schema = Schema.of(Field.nullable("top", ArrowType.Struct.of(new Field("d", dict, true, 0L,
                Map.of()))));
        assertThrows(IpcException.class, () -> streamOf(schema));
    }

    @Test
    void anyDepthIsRefusedWithoutExhaustingTheStack() {
        Schema schema = nested(10_000);
        IpcException e = assertThrows(IpcException.class, () -> streamOf(schema));
        assertTrue(e.getMessage().contains("nest deeper than 64"), e.getMessage());
    }

    @Test
    void aRefusedSchemaLeavesAnExistingFileAsItWas() throws IOException {
        Path file = Files.write(dir.resolve("kept.arrow"), new byte[] {1, 2, 3});
        assertThrows(IpcException.class, () -> IpcFileWriter.open(file, nested(65)).close());
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(file));
    }
}
