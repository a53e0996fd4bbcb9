// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.quiver.core.array.Values;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.GrowableBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.json.JsonBufferReader.Decoded;
import dev.quiver.json.JsonScalars.BadValue;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Variable-size binary and utf8 data ({@code OFFSET} and {@code DATA}: strings, or uppercase hex for
 * binary) and their view forms ({@code VIEWS} and {@code VARIADIC_DATA_BUFFERS}).
 */
final class JsonBinaryReader {
    /** The most bytes a view holds inline. */
    static final int INLINE_SIZE = 12;
    /** A view member not (yet) read: no 32-bit member value is this. */
    private static final long ABSENT = Long.MIN_VALUE;

    private JsonBinaryReader() {
    }

    /**
     * The values of a {@code DATA} member, their bytes one after the other, and where each ends in
     * them (a 64-bit integer per value).
     */
    record Values(ArrowBuffer bytes, ArrowBuffer ends, long entries) {
    }

    /** Decodes the strings of a {@code DATA} member: UTF-8 text, or hex for binary. */
    static Values values(JsonBufferReader buffers, boolean utf8, String key, String place) throws IOException {
        JsonInput in = buffers.input();
        JsonParser p = in.parser();
        in.expectArray(key, place);
        GrowableBuffer bytes = buffers.growable();
        GrowableBuffer ends = buffers.growable();
        long i = 0;
        try {
            while (in.nextValue() != JsonToken.END_ARRAY) {
                if (utf8) {
                    JsonScalars.appendUtf8(p, bytes);
                } else {
                    JsonScalars.appendHex(p, bytes);
                }
                ends.appendLong(bytes.size());
                i++;
            }
        } catch (BadValue e) {
            throw JsonFormatException.at(JsonBufferReader.entry(place, key, i), e.getMessage());
        }
        return new Values(bytes.finish(), ends.finish(), i);
    }

    /**
     * The offsets and data buffers of {@code count} slots: each value is placed at its offset, so the
     * data buffer is as long as the last offset. A value whose byte length differs from its offsets is
     * an error in a valid slot; in a null slot (per {@code validity}, null when all are valid) it is cut
     * or zero-padded to fit. {@code offsets} holds integers of 32 bits, or 64 when {@code large}.
     */
    static List<ArrowBuffer> varBinary(JsonBufferReader buffers, Decoded offsets, Values data, int count,
            ArrowBuffer validity, boolean large, String place) {
        int width = large ? 8 : 4;
        if (count == 0 && offsets.entries() == 0) {
            return List.of(buffers.allocate(width), buffers.allocate(0));
        }
        MemorySegment o = offsets.buffer().segment();
        MemorySegment ends = data.ends().segment();
        long first = offset(o, 0, large);
        if (first < 0) {
            throw JsonFormatException.at(place + ".OFFSET[0]", "negative offset " + first);
        }
        boolean asWritten = first == 0;
        long previous = first;
        for (long i = 0; i < count; i++) {
            long next = offset(o, i + 1, large);
            if (next < previous) {
                throw JsonFormatException.at(place + ".OFFSET[" + (i + 1) + "]", "offset " + next
                        + " is before the previous one, " + previous);
            }
            long length = end(ends, i) - (i == 0 ? 0 : end(ends, i - 1));
            if (length != next - previous) {
                if (validity == null || Bitmaps.get(validity.segment(), i)) {
                    throw JsonFormatException.at(place + ".DATA[" + i + "]", "value of " + length
                            + " bytes where the offsets say " + (next - previous));
                }
                asWritten = false;
            }
            previous = next;
        }
        return List.of(offsets.buffer(), asWritten ? data.bytes() : placed(buffers, o, data, count, large));
    }

    /** The data buffer with each value at its offset, cut or zero-padded to its offsets' length. */
    private static ArrowBuffer placed(JsonBufferReader buffers, MemorySegment offsets, Values data, int count,
            boolean large) {
        ArrowBuffer out = buffers.allocate(offset(offsets, count, large));
        MemorySegment ends = data.ends().segment();
        for (long i = 0; i < count; i++) {
            long start = offset(offsets, i, large);
            long from = i == 0 ? 0 : end(ends, i - 1);
            long fit = Math.min(end(ends, i) - from, offset(offsets, i + 1, large) - start);
            MemorySegment.copy(data.bytes().segment(), from, out.segment(), start, fit);
        }
        return out;
    }

    private static long offset(MemorySegment offsets, long i, boolean large) {
        return large ? offsets.get(LittleEndian.LONG, 8 * i) : offsets.get(LittleEndian.INT, 4 * i);
    }

    private static long end(MemorySegment ends, long i) {
        return ends.get(LittleEndian.LONG, 8 * i);
    }

    /** The views buffer of a {@code VIEWS} member: inline values, or prefixes and buffer references. */
    static Decoded views(JsonBufferReader buffers, boolean utf8, String key, String place) throws IOException {
        JsonInput in = buffers.input();
        in.expectArray(key, place);
        GrowableBuffer out = buffers.growable();
        GrowableBuffer scratch = buffers.growable();
        long i = 0;
        while (in.nextValue() != JsonToken.END_ARRAY) {
            String at = JsonBufferReader.entry(place, key, i);
            in.expectObject(at);
            view(in, out, scratch, utf8, at);
            i++;
        }
        scratch.clear();
        return new Decoded(out.finish(), i);
    }

    /**
     * One view object, its members in any order, appended as 16 bytes; {@code scratch} holds the bytes
     * of its strings meanwhile.
     */
    private static void view(JsonInput in, GrowableBuffer out, GrowableBuffer scratch, boolean utf8, String at)
            throws IOException {
        JsonParser p = in.parser();
        long size = ABSENT;
        long bufferIndex = ABSENT;
        long offset = ABSENT;
        long inlinedStart = ABSENT;
        long prefixStart = ABSENT;
        long inlinedLength = 0;
        long prefixLength = 0;
        scratch.setSize(0);
        while (in.nextValue() == JsonToken.FIELD_NAME) {
            String member = p.currentName();
            in.nextValue();
            switch (member) {
                case "SIZE" -> size = viewInt(in, member, at);
                case "BUFFER_INDEX" -> bufferIndex = viewInt(in, member, at);
                case "OFFSET" -> offset = viewInt(in, member, at);
                case "INLINED" -> {
                    inlinedStart = scratch.size();
                    inlinedLength = appendString(in, scratch, utf8, member, at);
                }
                case "PREFIX_HEX" -> {
                    prefixStart = scratch.size();
                    prefixLength = appendString(in, scratch, false, member, at);
                }
                default -> in.skipValue();
            }
        }
        required(size, "SIZE", at);
        if (size < 0) {
            throw JsonFormatException.at(at, "negative SIZE " + size);
        }
        long base = out.size();
        out.appendZeros(16);
        MemorySegment view = out.segment();
        view.set(LittleEndian.INT, base, (int) size);
        if (size <= INLINE_SIZE) {
            required(inlinedStart, "INLINED", at);
            if (inlinedLength != size) {
                throw JsonFormatException.at(at, "INLINED holds " + inlinedLength + " bytes where SIZE is " + size);
            }
            MemorySegment.copy(scratch.segment(), inlinedStart, view, base + 4, size);
        } else {
            required(prefixStart, "PREFIX_HEX", at);
            if (prefixLength != 4) {
                throw JsonFormatException.at(at, "PREFIX_HEX holds " + prefixLength + " bytes, not 4");
            }
            MemorySegment.copy(scratch.segment(), prefixStart, view, base + 4, 4);
            view.set(LittleEndian.INT, base + 8, (int) required(bufferIndex, "BUFFER_INDEX", at));
            view.set(LittleEndian.INT, base + 12, (int) required(offset, "OFFSET", at));
        }
    }

    private static long required(long value, String member, String at) {
        if (value == ABSENT) {
            throw JsonFormatException.at(at, "missing member \"" + member + "\"");
        }
        return value;
    }

    private static int viewInt(JsonInput in, String member, String at) throws IOException {
        long v;
        try {
            v = JsonScalars.longValue(in.parser());
        } catch (BadValue e) {
            throw JsonFormatException.at(at + "." + member, e.getMessage());
        }
        if (v != (int) v) {
            throw JsonFormatException.at(at, "\"" + member + "\" is out of range: " + v);
        }
        return (int) v;
    }

    /** Appends a string member's bytes to {@code scratch}, after any bytes there, and returns their count. */
    private static long appendString(JsonInput in, GrowableBuffer scratch, boolean utf8, String member, String at)
            throws IOException {
        if (in.current() != JsonToken.VALUE_STRING) {
            throw JsonFormatException.at(at, "\"" + member + "\" must be a string, not " + in.describeCurrent());
        }
        try {
            return utf8 ? JsonScalars.appendUtf8(in.parser(), scratch) : JsonScalars.appendHex(in.parser(), scratch);
        } catch (BadValue e) {
            throw JsonFormatException.at(at + "." + member, e.getMessage());
        }
    }
}
