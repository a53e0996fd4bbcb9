// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.quiver.core.builder.ArrayBuilder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;

/**
 * Strings into a utf8 field (32- or 64-bit offsets, or views), encoded to UTF-8 in a reused buffer from the
 * parser's characters: no String per value. Other values are taken as their JSON text (a number as
 * written, {@code true}, an object or array re-serialized compactly, numbers as written), so that a field of mixed kinds can
 * be read whole without changing any value's text.
 */
final class TextReader extends ValueReader {
    /** Where the encoded bytes go. */
    interface Sink {
        void append(byte[] bytes, int length);
    }

    private static final JsonFactory FACTORY = new JsonFactory();

    private final ArrayBuilder builder;
    private final Sink sink;
    private byte[] buffer = new byte[256];
    private ByteArrayOutputStream json;

    TextReader(String path, ArrayBuilder builder, Sink sink) {
        super(path);
        this.builder = builder;
        this.sink = sink;
    }

    @Override
    void read(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case VALUE_NULL -> builder.appendNull();
            case START_OBJECT, START_ARRAY -> appendJson(p);
            default -> appendChars(p, p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
        }
    }

    @Override
    void appendNull() {
        builder.appendNull();
    }

    private void appendJson(JsonParser p) throws IOException {
        if (json == null) {
            json = new ByteArrayOutputStream();
        }
        json.reset();
        try (JsonGenerator g = FACTORY.createGenerator(json)) {
            int depth = 0;
            JsonToken t = p.currentToken();
            do {
                if (t.isNumeric()) {
                    g.writeNumber(p.getText());
                } else {
                    g.copyCurrentEvent(p);
                }
                depth += t.isStructStart() ? 1 : t.isStructEnd() ? -1 : 0;
            } while (depth > 0 && (t = p.nextToken()) != null);
        }
        byte[] bytes = json.toByteArray();
        sink.append(bytes, bytes.length);
    }

    private void appendChars(JsonParser p, char[] chars, int offset, int length) {
        if (buffer.length < length * 3) {
            buffer = Arrays.copyOf(buffer, Math.max(length * 3, buffer.length * 2));
        }
        byte[] out = buffer;
        int n = 0;
        int end = offset + length;
        for (int i = offset; i < end; i++) {
            char c = chars[i];
            if (c < 0x80) {
                out[n++] = (byte) c;
            } else if (c < 0x800) {
                out[n++] = (byte) (0xC0 | c >> 6);
                out[n++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isSurrogate(c)) {
                if (!Character.isHighSurrogate(c) || i + 1 == end || !Character.isLowSurrogate(chars[i + 1])) {
                    throw new NdjsonException(line(p), path, "the string holds a lone surrogate \\u"
                            + Integer.toHexString(c) + ", which UTF-8 cannot encode");
                }
                int cp = Character.toCodePoint(c, chars[++i]);
                out[n++] = (byte) (0xF0 | cp >> 18);
                out[n++] = (byte) (0x80 | cp >> 12 & 0x3F);
                out[n++] = (byte) (0x80 | cp >> 6 & 0x3F);
                out[n++] = (byte) (0x80 | cp & 0x3F);
            } else {
                out[n++] = (byte) (0xE0 | c >> 12);
                out[n++] = (byte) (0x80 | c >> 6 & 0x3F);
                out[n++] = (byte) (0x80 | c & 0x3F);
            }
        }
        sink.append(out, n);
    }
}
