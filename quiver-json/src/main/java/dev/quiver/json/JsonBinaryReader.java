package dev.quiver.json;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LE;
import dev.quiver.json.JsonValue.JArray;
import dev.quiver.json.JsonValue.JObject;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Variable-size binary and utf8 data ({@code OFFSET} and {@code DATA}: strings, or uppercase hex for
 * binary) and their view forms ({@code VIEWS} and {@code VARIADIC_DATA_BUFFERS}).
 */
final class JsonBinaryReader {
    /** The most bytes a view holds inline. */
    static final int INLINE_SIZE = 12;

    private JsonBinaryReader() {
    }

    /**
     * Offsets and data buffers: each value is placed at its offset, so the data buffer is as long as
     * the last offset. A value whose byte length differs from its offsets is an error in a valid slot;
     * in a null slot (per {@code validity}, null when all are valid) it is cut or zero-padded to fit.
     */
    static List<ArrowBuffer> varBinary(JsonBufferReader buffers, JObject obj, int count, ArrowBuffer validity,
            boolean large, boolean utf8, String place) {
        JArray json = JsonAccess.array(obj, "OFFSET", place);
        JArray data = JsonColumnReader.sized(obj, "DATA", count, place);
        int bitWidth = large ? 64 : 32;
        long[] offsets = count == 0 && json.size() == 0 ? new long[] {0}
                : JsonBufferReader.longs(JsonColumnReader.sized(obj, "OFFSET", count + 1, place), bitWidth,
                        place + ".OFFSET");
        if (offsets[0] < 0) {
            throw JsonFormatException.at(place + ".OFFSET[0]", "negative offset " + offsets[0]);
        }
        for (int i = 0; i < count; i++) {
            if (offsets[i + 1] < offsets[i]) {
                throw JsonFormatException.at(place + ".OFFSET[" + (i + 1) + "]", "offset " + offsets[i + 1]
                        + " is before the previous one, " + offsets[i]);
            }
        }
        ArrowBuffer offsetBuffer = buffers.allocate((long) offsets.length * (bitWidth / 8));
        for (int i = 0; i < offsets.length; i++) {
            if (large) {
                offsetBuffer.segment().set(LE.LONG, 8L * i, offsets[i]);
            } else {
                offsetBuffer.segment().set(LE.INT, 4L * i, (int) offsets[i]);
            }
        }
        ArrowBuffer dataBuffer = buffers.allocate(offsets[count]);
        for (int i = 0; i < count; i++) {
            String at = place + ".DATA[" + i + "]";
            String text = JsonAccess.text(data.get(i), at);
            byte[] bytes = utf8 ? text.getBytes(StandardCharsets.UTF_8) : JsonBufferReader.hex(text, at);
            long length = offsets[i + 1] - offsets[i];
            boolean valid = validity == null || Bitmaps.get(validity.segment(), i);
            if (bytes.length != length && valid) {
                throw JsonFormatException.at(at, "value of " + bytes.length + " bytes where the offsets say "
                        + length);
            }
            int fit = (int) Math.min(bytes.length, length);
            MemorySegment.copy(bytes, 0, dataBuffer.segment(), LE.BYTE, offsets[i], fit);
        }
        return List.of(offsetBuffer, dataBuffer);
    }

    /** The views buffer, then one buffer per entry of {@code VARIADIC_DATA_BUFFERS}. */
    static List<ArrowBuffer> views(JsonBufferReader buffers, JObject obj, int count, boolean utf8, String place) {
        JArray views = JsonColumnReader.sized(obj, "VIEWS", count, place);
        ArrowBuffer viewBuffer = buffers.allocate(16L * count);
        MemorySegment segment = viewBuffer.segment();
        for (int i = 0; i < count; i++) {
            String at = place + ".VIEWS[" + i + "]";
            JObject view = JsonAccess.object(views.get(i), at);
            int size = JsonAccess.integer(view, "SIZE", at);
            if (size < 0) {
                throw JsonFormatException.at(at, "negative SIZE " + size);
            }
            long base = 16L * i;
            segment.set(LE.INT, base, size);
            if (size <= INLINE_SIZE) {
                String text = JsonAccess.string(view, "INLINED", at);
                byte[] bytes = utf8 ? text.getBytes(StandardCharsets.UTF_8) : JsonBufferReader.hex(text, at);
                if (bytes.length != size) {
                    throw JsonFormatException.at(at, "INLINED holds " + bytes.length + " bytes where SIZE is " + size);
                }
                MemorySegment.copy(bytes, 0, segment, LE.BYTE, base + 4, bytes.length);
            } else {
                byte[] prefix = JsonBufferReader.hex(JsonAccess.string(view, "PREFIX_HEX", at), at);
                if (prefix.length != 4) {
                    throw JsonFormatException.at(at, "PREFIX_HEX holds " + prefix.length + " bytes, not 4");
                }
                MemorySegment.copy(prefix, 0, segment, LE.BYTE, base + 4, 4);
                segment.set(LE.INT, base + 8, JsonAccess.integer(view, "BUFFER_INDEX", at));
                segment.set(LE.INT, base + 12, JsonAccess.integer(view, "OFFSET", at));
            }
        }
        List<ArrowBuffer> out = new ArrayList<>();
        out.add(viewBuffer);
        JArray variadic = JsonAccess.optionalArray(obj, "VARIADIC_DATA_BUFFERS", place);
        for (int i = 0; i < variadic.size(); i++) {
            String at = place + ".VARIADIC_DATA_BUFFERS[" + i + "]";
            out.add(buffers.hexBuffer(JsonAccess.text(variadic.get(i), at), at));
        }
        return out;
    }
}
