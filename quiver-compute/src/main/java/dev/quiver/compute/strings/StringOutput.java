// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.strings;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.core.array.Array;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.GrowableBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

/** The output of a string kernel: values appended in order, offsets of the input's width. */
final class StringOutput {
    private final ArrowType type;
    private final boolean large;
    private final GrowableBuffer data = new GrowableBuffer(Outputs.allocator());
    private final ArrowBuffer offsets;
    private final long length;
    private long count;

    StringOutput(ArrowType type, long length) {
        this.type = type;
        this.large = type instanceof ArrowType.LargeUtf8 || type instanceof ArrowType.LargeBinary;
        this.length = length;
        this.offsets = Outputs.allocate((length + 1) * (large ? 8 : 4));
    }

    /** Appends {@code len} bytes of {@code src} at {@code at}. */
    void append(MemorySegment src, long at, long len) {
        data.appendBytes(src, at, len);
        next();
    }

    /** Appends a Java string's UTF-8 bytes. */
    void append(String s) {
        data.appendBytes(s.getBytes(StandardCharsets.UTF_8));
        next();
    }

    /** Appends an empty value (the slot of a null). */
    void appendEmpty() {
        next();
    }

    private void next() {
        count++;
        long end = data.size();
        if (large) {
            offsets.segment().set(LittleEndian.LONG, count * 8, end);
        } else {
            if (end > Integer.MAX_VALUE) {
                throw new ComputeException("the output of a string kernel exceeds 2 GiB in one utf8 array; use large_utf8");
            }
            offsets.segment().set(LittleEndian.INT, count * 4, (int) end);
        }
    }

    /** The array, with this validity (at offset 0, or null). */
    Array finish(ArrowBuffer validity) {
        if (count != length) {
            throw new IllegalStateException(count + " values written of " + length);
        }
        return Outputs.varBinary(type, length, validity, offsets, data.finish());
    }
}
