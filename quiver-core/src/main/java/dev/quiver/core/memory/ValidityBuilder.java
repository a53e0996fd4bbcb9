// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;


/**
 * Builds a validity bitmap (or the bits of a boolean array) one bit at a time. For validity, the
 * bitmap is only handed over when some slot is null: {@link #finishValidity()} returns null otherwise.
 */
public final class ValidityBuilder {
    private final GrowableBuffer bits;
    private long length;
    private long unset;

    /**
     * An empty builder.
     *
     * @param allocator where the memory comes from
     */
    public ValidityBuilder(BufferAllocator allocator) {
        this.bits = new GrowableBuffer(allocator);
    }

    /**
     * The number of bits appended since the builder last started over.
     *
     * @return the length in bits
     */
    public long length() {
        return length;
    }

    /**
     * The number of 0 bits appended (null slots, for a validity bitmap).
     *
     * @return the count, from 0 to {@link #length()}
     */
    public long unsetCount() {
        return unset;
    }

    /**
     * Appends one bit.
     *
     * @param bit true for a set bit (a valid slot)
     * @throws MemoryLimitExceededException if growing would take the allocator past its limit
     */
    public void append(boolean bit) {
        long at = length >>> 3;
        if (at >= bits.size()) {
            bits.setSize(at + 1);
            bits.segment().set(LittleEndian.BYTE, at, (byte) 0);
        }
        if (bit) {
            Bitmaps.set(bits.segment(), length, true);
        } else {
            unset++;
        }
        length++;
    }

    /**
     * Appends {@code n} equal bits.
     *
     * @param bit true for set bits (valid slots)
     * @param n the number of bits, 0 or more
     * @throws MemoryLimitExceededException if growing would take the allocator past its limit
     */
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

    /**
     * Reads a bit already appended.
     *
     * @param i the index of the bit, from 0 to {@link #length()} - 1
     * @return whether it is set
     */
    public boolean get(long i) {
        return Bitmaps.get(bits.segment(), i);
    }

    /**
     * Hands the bitmap over as a validity buffer; the builder starts over empty. Without a 0 bit no
     * bitmap is needed: the memory is released and null returned, as the format allows for arrays with
     * no nulls.
     *
     * @return a buffer of {@code ceil(length / 8)} bytes, or null when every bit is set
     */
    public ArrowBuffer finishValidity() {
        if (unset == 0) {
            bits.clear();
            length = 0;
            return null;
        }
        return finishBits();
    }

    /**
     * Hands the bits over as a buffer (the values of a boolean array); the builder starts over empty.
     *
     * @return a buffer of {@code ceil(length / 8)} bytes, never null
     */
    public ArrowBuffer finishBits() {
        ArrowBuffer result = bits.finish();
        length = 0;
        unset = 0;
        return result;
    }

    /** Releases the memory to the allocator and starts over empty. */
    public void clear() {
        bits.clear();
        length = 0;
        unset = 0;
    }
}
