// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcStreamWriter;
import dev.quiver.ipc.IpcWriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** Inputs whose first batch is valid and whose second is not, built with the library. */
final class BrokenInputs {
    static final Schema SCHEMA = Schema.of(Field.nullable("id", ArrowType.INT32), Field.nullable("name", ArrowType.UTF8));
    /** The second batch's only string: unique in the bytes written. */
    private static final String MARK = "QQQQQQQQQQQQ";

    private BrokenInputs() {
    }

    private static List<RecordBatch> batches() {
        return List.of(RecordBatch.ofRows(SCHEMA, List.of(List.of(1, "ann"), List.of(2, "bob"))),
                RecordBatch.ofRows(SCHEMA, List.of(List.of(3, MARK))));
    }

    /** An Arrow stream cut off inside the body of its second batch. */
    static Path truncatedStream(Path path) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (IpcStreamWriter writer = IpcStreamWriter.open(bytes, SCHEMA)) {
            batches().forEach(writer::write);
        }
        byte[] all = bytes.toByteArray();
        int cut = indexOf(all, MARK.getBytes(StandardCharsets.US_ASCII)) + 2;
        return Files.write(path, Arrays.copyOf(all, cut));
    }

    /** An Arrow file (footer intact) whose second batch holds a string that is not UTF-8. */
    static Path invalidUtf8File(Path path) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (IpcFileWriter writer = IpcFileWriter.open(bytes, SCHEMA, IpcWriteOptions.DEFAULT)) {
            batches().forEach(writer::write);
        }
        byte[] all = bytes.toByteArray();
        all[indexOf(all, MARK.getBytes(StandardCharsets.US_ASCII))] = (byte) 0xFF;
        return Files.write(path, all);
    }

    /** Integration JSON whose second batch has a string where an int32 belongs. */
    static Path invalidJson(Path path) throws IOException {
        String field = "{\"name\": \"id\", \"nullable\": true, \"type\": {\"name\": \"int\", \"isSigned\": true, "
                + "\"bitWidth\": 32}, \"children\": []}";
        String good = "{\"count\": 1, \"columns\": [{\"name\": \"id\", \"count\": 1, \"VALIDITY\": [1], \"DATA\": [1]}]}";
        String bad = "{\"count\": 1, \"columns\": [{\"name\": \"id\", \"count\": 1, \"VALIDITY\": [1], \"DATA\": [\"x\"]}]}";
        return Files.writeString(path, "{\"schema\": {\"fields\": [" + field + "]}, \"batches\": [" + good + ", " + bad
                + "]}");
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        throw new IllegalStateException("marker not found");
    }
}
