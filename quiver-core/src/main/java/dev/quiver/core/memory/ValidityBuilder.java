// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;

/**
 * Builds a validity bitmap (or the bits of a boolean array) one bit at a time. For validity, the
 * bitmap is only handed over when some slot is null: {@link #finishValidity()} returns null otherwise.
 */
public final class ValidityBuilder {
    private final GrowableBuffer bits;
    private long length;
    private long unset;

    public ValidityBuilder(BufferAllocator allocator) {
        this.bits = new GrowableBuffer(allocator);
    }

    public long length() {
        return length;
    }

    /** The number of 0 bits appended (null slots, for a validity bitmap). */
    public long unsetCount() {
        return unset;
    }

    public void append(boolean bit) {
        long at = length >>> 3;
        if (at >= bits.size()) {
            bits.setSize(at + 1);
            bits.segment().set(dev.quiver.core.memory.LE.BYTE, at, (byte) 0);
        }
        if (bit) {
            Bitmaps.set(bits.segment(), length, true);
        } else {
            unset++;
        }
        length++;
    }

    /** Appends {@code n} equal bits. */
    public void append(boolean bit, long n) {
        long newLength = length + n;
        long bytes = Bitmaps.bytesFor(newLength);
        if (bytes > bits.size()) {
            long old = bits.size();
            bits.setSize(bytes);
            bits.segment().asSlice(old, bytes - old).fill((byte) 0);
        }
        if (bit) {
            Bitmaps.fill(bits.segment(), length, n, true);
        } else {
            unset += n;
        }
        length = newLength;
    }

    /** Whether bit {@code i} (already appended) is set. */
    public boolean get(long i) {
        return Bitmaps.get(bits.segment(), i);
    }

    /** The bitmap as a validity buffer, or null when no bit is unset; the builder starts over. */
    public ArrowBuffer finishValidity() {
        if (unset == 0) {
            bits.clear();
            length = 0;
            return null;
        }
        return finishBits();
    }

    /** The bits as a buffer (booleans); the builder starts over. */
    public ArrowBuffer finishBits() {
        ArrowBuffer result = bits.finish();
        length = 0;
        unset = 0;
        return result;
    }

    public void clear() {
        bits.clear();
        length = 0;
        unset = 0;
    }
}
