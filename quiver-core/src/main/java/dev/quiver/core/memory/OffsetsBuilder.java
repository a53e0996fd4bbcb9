// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;


/**
 * Builds a buffer of 32-bit or 64-bit offsets (or sizes). A 32-bit builder refuses values that do not
 * fit, naming the 64-bit type to use instead.
 */
public final class OffsetsBuilder {
    private final GrowableBuffer buffer;
    private final boolean wide;

    /**
     * An empty builder.
     *
     * @param allocator where the memory comes from
     * @param wide true for 64-bit entries (the large types), false for 32-bit ones
     */
    public OffsetsBuilder(BufferAllocator allocator, boolean wide) {
        this.buffer = new GrowableBuffer(allocator);
        this.wide = wide;
    }

    /**
     * The width of the entries.
     *
     * @return true for 64-bit entries, false for 32-bit ones
     */
    public boolean wide() {
        return wide;
    }

    /**
     * The number of entries appended since the last {@link #finish()}.
     *
     * @return the count
     */
    public long count() {
        return buffer.size() >> (wide ? 3 : 2);
    }

    /**
     * Appends an entry, little-endian.
     *
     * @param value the offset or size
     * @throws IllegalStateException if the entries are 32-bit and {@code value} does not fit in an int
     * @throws MemoryLimitExceededException if growing would take the allocator past its limit
     */
    public void append(long value) {
        if (wide) {
            buffer.appendLong(value);
        } else {
            buffer.appendInt(checkNarrow(value));
        }
    }

    /**
     * Narrows an offset or size to 32 bits, refusing to change it.
     *
     * @param value the offset or size
     * @return {@code value} as an int
     * @throws IllegalStateException if {@code value} does not fit in an int; the message names the large
     *     (64-bit) variant of the type to use instead
     */
    public static int checkNarrow(long value) {
        if (value != (int) value) {
            throw new IllegalStateException("offset or size " + value
                    + " does not fit in 32 bits: use the large (64-bit) variant of the type");
        }
        return (int) value;
    }

    /**
     * Hands the entries over as a buffer; the builder starts over empty.
     *
     * @return a buffer of {@link #count()} entries of 4 or 8 bytes
     */
    public ArrowBuffer finish() {
        return buffer.finish();
    }
}
