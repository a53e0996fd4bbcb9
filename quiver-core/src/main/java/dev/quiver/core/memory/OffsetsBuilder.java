// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;

/**
 * Builds a buffer of 32-bit or 64-bit offsets (or sizes). A 32-bit builder refuses values that do not
 * fit, naming the 64-bit type to use instead.
 */
public final class OffsetsBuilder {
    private final GrowableBuffer buffer;
    private final boolean wide;

    public OffsetsBuilder(BufferAllocator allocator, boolean wide) {
        this.buffer = new GrowableBuffer(allocator);
        this.wide = wide;
    }

    /** Whether entries are 64-bit. */
    public boolean wide() {
        return wide;
    }

    /** The number of entries appended. */
    public long count() {
        return buffer.size() >> (wide ? 3 : 2);
    }

    public void append(long value) {
        if (wide) {
            buffer.appendLong(value);
        } else {
            buffer.appendInt(checkNarrow(value));
        }
    }

    /** {@code value} as an int; throws if it needs 64 bits. */
    public static int checkNarrow(long value) {
        if (value != (int) value) {
            throw new IllegalStateException("offset or size " + value
                    + " does not fit in 32 bits: use the large (64-bit) variant of the type");
        }
        return (int) value;
    }

    /** The entries as a buffer; the builder starts over empty. */
    public ArrowBuffer finish() {
        return buffer.finish();
    }
}
