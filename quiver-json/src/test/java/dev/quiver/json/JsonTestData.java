// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.quiver.core.memory.ArrowBuffer;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

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

    /** JSON text of a tree; with {@code reversed}, every object's members in the reverse order. */
    static String write(JsonValue value, boolean reversed) throws IOException {
        java.io.StringWriter out = new java.io.StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            write(g, value, reversed);
        }
        return out.toString();
    }

    private static void write(JsonGenerator g, JsonValue value, boolean reversed) throws IOException {
        switch (value) {
            case JsonValue.JObject o -> {
                List<Map.Entry<String, JsonValue>> members = new ArrayList<>(o.members().entrySet());
                if (reversed) {
                    Collections.reverse(members);
                }
                g.writeStartObject();
                for (Map.Entry<String, JsonValue> member : members) {
                    g.writeFieldName(member.getKey());
                    write(g, member.getValue(), reversed);
                }
                g.writeEndObject();
            }
            case JsonValue.JArray a -> {
                g.writeStartArray();
                for (JsonValue item : a.items()) {
                    write(g, item, reversed);
                }
                g.writeEndArray();
            }
            case JsonValue.JString s -> g.writeString(s.value());
            case JsonValue.JNumber n -> g.writeNumber(n.text());
            case JsonValue.JBool b -> g.writeBoolean(b.value());
            case JsonValue.JNull n -> g.writeNull();
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
