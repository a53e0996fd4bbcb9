// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.internal.validation.Utf8Validator;
import dev.quiver.core.internal.validation.VarBinaryValidator;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

/**
 * An array of variable-size byte strings: binary, utf8, large_binary and large_utf8. Value {@code i}
 * is bytes {@code [offsets[offset + i], offsets[offset + i + 1])} of the data buffer; offsets are
 * 32-bit, or 64-bit for the large types (which may hold more than 2 GiB).
 */
public final class VarBinaryArray extends Array {
    private final MemorySegment offsets;
    private final MemorySegment bytes;
    private final boolean large;
    private final boolean utf8;

    private VarBinaryArray(ArrayData data) {
        super(data);
        ArrowType storage = Types.storage(data.type());
        this.large = storage instanceof ArrowType.LargeBinary || storage instanceof ArrowType.LargeUtf8;
        this.utf8 = storage instanceof ArrowType.Utf8 || storage instanceof ArrowType.LargeUtf8;
        this.offsets = segmentOf(data.buffer(1));
        this.bytes = segmentOf(data.buffer(2));
    }

    /**
     * Checks the data's structure and that its type is binary, utf8, large_binary or large_utf8, and wraps it:
     * the form for data that does not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not binary, utf8, large_binary or large_utf8 (rule {@link Rules#ARRAY_TYPE})
     */
    public static VarBinaryArray of(ArrayData data) {
        return checkedAs(data, VarBinaryArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type binary, utf8,
     * large_binary or large_utf8, such as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type binary, utf8, large_binary or large_utf8
     * @return the array over {@code data}
     */
    public static VarBinaryArray ofUnchecked(ArrayData data) {
        return new VarBinaryArray(data);
    }

    private static MemorySegment segmentOf(ArrowBuffer buffer) {
        return buffer == null ? ArrowBuffer.EMPTY.segment() : buffer.segment();
    }

    /**
     * Whether offsets are 64-bit (large_binary, large_utf8).
     *
     * @return true for the large types
     */
    public boolean isLarge() {
        return large;
    }

    /**
     * Whether values are UTF-8 strings (utf8, large_utf8).
     *
     * @return true for the utf8 types
     */
    public boolean isUtf8() {
        return utf8;
    }

    /**
     * The offsets buffer: {@code length() + 1} entries from {@code offset()}.
     *
     * @return the buffer (shared, not copied), or null when the data has none
     */
    public ArrowBuffer offsetsBuffer() {
        return data.buffer(1);
    }

    /**
     * The data buffer, which holds the values' bytes back to back.
     *
     * @return the buffer (shared, not copied), or null when the data has none
     */
    public ArrowBuffer dataBuffer() {
        return data.buffer(2);
    }

    private long rawOffset(long slot) {
        return large ? offsets.get(LittleEndian.LONG, slot * 8) : offsets.get(LittleEndian.INT, slot * 4);
    }

    /**
     * The position of value {@code i} in the data buffer.
     *
     * @param i the slot, from 0 to {@code length()}: slot {@code length()} gives the end of the last value
     * @return the offset of the value's first byte
     */
    public long valueOffset(long i) {
        return rawOffset(data.offset() + i);
    }

    /**
     * The number of bytes of value {@code i}.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the difference of its offsets
     */
    public long valueLength(long i) {
        long slot = data.offset() + i;
        return rawOffset(slot + 1) - rawOffset(slot);
    }

    /**
     * The bytes of value {@code i}, zero-copy: a view of the data buffer.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return a segment of the value's bytes
     */
    public MemorySegment getSegment(long i) {
        long start = valueOffset(i);
        return bytes.asSlice(start, valueOffset(i + 1) - start);
    }

    /**
     * A copy of the bytes of value {@code i}.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return a new array of the value's bytes
     * @throws IllegalStateException if the value is too long for a Java array
     */
    public byte[] getBytes(long i) {
        long start = valueOffset(i);
        long length = valueOffset(i + 1) - start;
        if (length > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("value " + i + " has " + length + " bytes, too many for a byte[]");
        }
        byte[] out = new byte[(int) length];
        MemorySegment.copy(bytes, LittleEndian.BYTE, start, out, 0, out.length);
        return out;
    }

    /**
     * Value {@code i} decoded as UTF-8 (malformed bytes become U+FFFD).
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the decoded text
     * @throws IllegalStateException if the value is too long for a Java array
     */
    public String getString(long i) {
        return new String(getBytes(i), StandardCharsets.UTF_8);
    }

    /** Value {@code i} as a String for utf8 types, a byte[] for binary types, or null. */
    @Override
    public Object getObject(long i) {
        if (isNull(i)) {
            return null;
        }
        return utf8 ? getString(i) : getBytes(i);
    }

    @Override
    protected boolean valueEquals(long i, Array other, long j) {
        VarBinaryArray o = (VarBinaryArray) other;
        long a = valueOffset(i);
        long aLength = valueOffset(i + 1) - a;
        long b = o.valueOffset(j);
        long bLength = o.valueOffset(j + 1) - b;
        return aLength == bLength && MemorySegment.mismatch(bytes, a, a + aLength, o.bytes, b, b + bLength) == -1;
    }

    @Override
    public VarBinaryArray slice(long offset, long length) {
        return new VarBinaryArray(data.slice(offset, length));
    }

    /**
     * Offsets never decrease and stay inside the data; utf8 values are well-formed UTF-8. The common case
     * is checked in bulk ({@link VarBinaryValidator}); only data failing that is checked slot by slot.
     */
    @Override
    protected void validateContent() {
        long n = data.length();
        if (n == 0) {
            return;
        }
        ArrowBuffer validityBuffer = data.validity();
        MemorySegment validity = validityBuffer == null ? null : validityBuffer.segment();
        long base = data.offset();
        long limit = bytes.byteSize();
        if (VarBinaryValidator.allValid(offsets, large, base, n, bytes, limit, utf8)) {
            return;
        }
        long start = rawOffset(base);
        for (long i = 0; i < n; i++) {
            long end = rawOffset(base + i + 1);
            if (end < start) {
                throw new ValidationException(Rules.OFFSETS_MONOTONIC, i, "value ends at " + end
                        + ", before its start " + start);
            }
            if (end > limit) {
                throw new ValidationException(Rules.OFFSETS_IN_BOUNDS, i, "value ends at " + end
                        + ", past the end of the data (" + limit + " bytes)");
            }
            if (utf8 && (validity == null || Bitmaps.get(validity, base + i))
                    && !Utf8Validator.isValid(bytes, start, end)) {
                throw new ValidationException(Rules.UTF8, i, "value is not well-formed UTF-8");
            }
            start = end;
        }
    }
}
