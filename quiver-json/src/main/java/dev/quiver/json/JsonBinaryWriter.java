// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.LittleEndian;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/** Writes variable-size binary and utf8 data and their view forms. */
final class JsonBinaryWriter {
    private static final HexFormat HEX = HexFormat.of().withUpperCase();

    private JsonBinaryWriter() {
    }

    /** Uppercase hex of {@code length} bytes at {@code offset}. */
    static String hex(MemorySegment segment, long offset, long length) {
        return HEX.formatHex(segment.asSlice(offset, length).toArray(LittleEndian.BYTE));
    }

    private static String text(MemorySegment segment, long offset, long length, boolean utf8) {
        return utf8 ? new String(segment.asSlice(offset, length).toArray(LittleEndian.BYTE), StandardCharsets.UTF_8)
                : hex(segment, offset, length);
    }

    /** {@code OFFSET} (from 0 at the first slot) and {@code DATA} (one string per slot). */
    static void varBinary(JsonColumnWriter out, ArrayData data, boolean large, boolean utf8) throws IOException {
        JsonGenerator g = out.generator();
        long off = data.offset();
        long n = data.length();
        int width = large ? 8 : 4;
        ArrowBuffer offsets = data.buffer(1);
        if (n == 0) {
            g.writeArrayFieldStart("OFFSET");
            out.writeInteger(0, width * 8, true);
            g.writeEndArray();
            g.writeArrayFieldStart("DATA");
            g.writeEndArray();
            return;
        }
        // Offsets rebased to start at 0, so that they index the DATA written (a slice's data starts at
        // its first offset); readers such as arrow-java's concatenate DATA and trust OFFSET.
        long base = large ? offsets.getLong(off * 8) : offsets.getInt(off * 4);
        g.writeArrayFieldStart("OFFSET");
        for (long i = 0; i <= n; i++) {
            long at = large ? offsets.getLong((off + i) * 8) : offsets.getInt((off + i) * 4);
            out.writeInteger(at - base, width * 8, true);
        }
        g.writeEndArray();
        MemorySegment values = data.buffer(2) == null ? MemorySegment.NULL : data.buffer(2).segment();
        g.writeArrayFieldStart("DATA");
        for (long i = 0; i < n; i++) {
            long start = large ? offsets.getLong((off + i) * 8) : offsets.getInt((off + i) * 4);
            long end = large ? offsets.getLong((off + i + 1) * 8) : offsets.getInt((off + i + 1) * 4);
            if (start < 0 || end < start || end > values.byteSize()) {
                throw new JsonFormatException("slot " + i + " of " + data.type() + " has offsets " + start + ".." + end
                        + " outside its data of " + values.byteSize() + " bytes");
            }
            g.writeString(text(values, start, end - start, utf8));
        }
        g.writeEndArray();
    }

    /** {@code VIEWS} (null slots as empty inline views) and {@code VARIADIC_DATA_BUFFERS} in hex. */
    static void views(JsonColumnWriter out, ArrayData data, boolean utf8) throws IOException {
        JsonGenerator g = out.generator();
        g.writeArrayFieldStart("VIEWS");
        for (long i = 0; i < data.length(); i++) {
            g.writeStartObject();
            if (!data.isValid(i)) {
                g.writeNumberField("SIZE", 0);
                g.writeStringField("INLINED", "");
                g.writeEndObject();
                continue;
            }
            MemorySegment views = data.buffer(1).segment();
            long base = (data.offset() + i) * 16;
            int size = views.get(LittleEndian.INT, base);
            g.writeNumberField("SIZE", size);
            if (size >= 0 && size <= JsonBinaryReader.INLINE_SIZE) {
                g.writeStringField("INLINED", text(views, base + 4, size, utf8));
            } else {
                g.writeStringField("PREFIX_HEX", hex(views, base + 4, 4));
                g.writeNumberField("BUFFER_INDEX", views.get(LittleEndian.INT, base + 8));
                g.writeNumberField("OFFSET", views.get(LittleEndian.INT, base + 12));
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("VARIADIC_DATA_BUFFERS");
        for (ArrowBuffer buffer : data.variadicBuffers()) {
            g.writeString(hex(buffer.segment(), 0, buffer.byteSize()));
        }
        g.writeEndArray();
    }
}
