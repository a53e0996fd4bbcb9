// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.cast;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.core.array.Array;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.GrowableBuffer;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

/** Builds a string or binary array value by value from bytes, with the validity decided by the caller. */
final class StringOutput {
    private final ArrowType type;
    private final boolean large;
    private final GrowableBuffer offsets = new GrowableBuffer(Outputs.allocator());
    private final GrowableBuffer data = new GrowableBuffer(Outputs.allocator());
    private long count;

    StringOutput(ArrowType type, long expected) {
        this.type = type;
        this.large = type instanceof ArrowType.LargeUtf8 || type instanceof ArrowType.LargeBinary;
        offsets.ensureCapacity((expected + 1) * (large ? 8 : 4));
        appendOffset(0);
    }

    private void appendOffset(long v) {
        if (large) {
            offsets.appendLong(v);
        } else {
            if (v > Integer.MAX_VALUE) {
                throw new ComputeException("cast: the strings hold " + v + " bytes, more than " + type
                        + " can address (cast to the large type)");
            }
            offsets.appendInt((int) v);
        }
    }

    void append(String s) {
        data.appendBytes(s.getBytes(StandardCharsets.UTF_8));
        next();
    }

    void append(MemorySegment s, long from, long length) {
        data.appendBytes(s, from, length);
        next();
    }

    void appendEmpty() {
        next();
    }

    private void next() {
        count++;
        appendOffset(data.size());
    }

    Array finish(ArrowBuffer validity) {
        ArrowBuffer off = offsets.finish();
        ArrowBuffer bytes = data.finish();
        return Outputs.varBinary(type, count, validity, off, bytes);
    }
}
