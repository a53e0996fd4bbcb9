// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.strings;

import dev.quiver.compute.ComputeException;
import dev.quiver.core.array.Array;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;

/** A utf8 or large_utf8 array's offsets and bytes taken apart once, for the string kernels' loops. */
final class Utf8View {
    final Array array;
    final MemorySegment offsets;
    final MemorySegment data;
    final long base;
    final boolean large;
    final long length;

    Utf8View(Array array, String kernel) {
        ArrowType type = array.type();
        if (!(type instanceof ArrowType.Utf8) && !(type instanceof ArrowType.LargeUtf8)) {
            throw new ComputeException(kernel + ": needs a utf8 or large_utf8 array, not " + type);
        }
        this.array = array;
        this.large = type instanceof ArrowType.LargeUtf8;
        this.offsets = array.data().buffer(1).segment();
        ArrowBuffer d = array.data().buffer(2);
        this.data = d == null ? ArrowBuffer.EMPTY.segment() : d.segment();
        this.base = array.offset();
        this.length = array.length();
    }

    /** Where value {@code i} starts in {@link #data}. */
    long start(long i) {
        return large ? offsets.get(LittleEndian.LONG, (base + i) * 8) : offsets.get(LittleEndian.INT, (base + i) * 4);
    }

    /** Where value {@code i} ends in {@link #data}. */
    long end(long i) {
        return start(i + 1);
    }

    /** Value {@code i} as a Java string (for the kernels that need {@code java.util.regex} or case tables). */
    String string(long i) {
        long s = start(i);
        long e = end(i);
        byte[] bytes = new byte[(int) (e - s)];
        MemorySegment.copy(data, LittleEndian.BYTE, s, bytes, 0, bytes.length);
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The number of code points of the {@code len} bytes at {@code at}: bytes that are not continuation bytes. */
    static long codePoints(MemorySegment data, long at, long len) {
        long n = 0;
        long i = 0;
        for (; i + 8 <= len; i += 8) {
            long w = data.get(LittleEndian.LONG, at + i);
            // a continuation byte is 10xxxxxx: count the bytes where bit 7 is set and bit 6 is clear
            long cont = w & ~(w << 1) & 0x8080_8080_8080_8080L;
            n += 8 - Long.bitCount(cont);
        }
        for (; i < len; i++) {
            if ((data.get(LittleEndian.BYTE, at + i) & 0xC0) != 0x80) {
                n++;
            }
        }
        return n;
    }
}
