package dev.quiver.json;

import dev.quiver.core.memory.ArrowBuffer;
import java.io.IOException;
import java.io.InputStream;

/** Helpers to build small integration JSON documents and inspect buffers in tests. */
final class JsonTestData {
    private JsonTestData() {
    }

    /** A file of one schema field (JSON text) and one batch holding one column (JSON text). */
    static String file(String field, long count, String column) {
        return "{\"schema\": {\"fields\": [" + field + "]}, \"batches\": [{\"count\": " + count
                + ", \"columns\": [" + column + "]}]}";
    }

    /** A field named "c" of the given type JSON and no children. */
    static String leafField(String type) {
        return "{\"name\": \"c\", \"nullable\": true, \"type\": " + type + ", \"children\": []}";
    }

    /** The JSON value of a whole stream (plain or gzip-compressed), as a tree. */
    static JsonValue parse(InputStream in) throws IOException {
        try (JsonInput input = JsonInput.of(in)) {
            input.next();
            JsonValue value = JsonTreeParser.read(input);
            if (input.next() != null) {
                throw new IllegalArgumentException("more than one JSON value");
            }
            return value;
        }
    }

    /** The first {@code n} bytes of a buffer. */
    static byte[] bytes(ArrowBuffer buffer, int n) {
        byte[] out = new byte[n];
        for (int i = 0; i < n; i++) {
            out[i] = buffer.getByte(i);
        }
        return out;
    }

    static byte[] b(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }
}
