// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.internal.validation.Utf8Validator;
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
 * An array of binary_view or utf8_view: each value is a 16-byte view, starting with its length (int32).
 * Values of up to 12 bytes are inline in the view, zero-padded; longer ones keep a 4-byte prefix, the
 * index of a variadic data buffer ({@code data.buffer(2 + index)}) and the offset in it. Values compare
 * by their bytes, wherever they are stored.
 */
public final class BinaryViewArray extends Array {
    /** The size of one view in bytes. */
    public static final int VIEW_SIZE = 16;
    /** The longest value stored inline in its view. */
    public static final int MAX_INLINE = 12;

    private final MemorySegment views;
    private final MemorySegment[] dataBuffers;
    private final boolean utf8;

    private BinaryViewArray(ArrayData data) {
        super(data);
        this.utf8 = Types.storage(data.type()) instanceof ArrowType.Utf8View;
        ArrowBuffer viewBuffer = data.buffer(1);
        this.views = viewBuffer == null ? ArrowBuffer.EMPTY.segment() : viewBuffer.segment();
        int fixed = data.type().layout().bufferCount();
        this.dataBuffers = new MemorySegment[data.bufferCount() - fixed];
        for (int k = 0; k < dataBuffers.length; k++) {
            ArrowBuffer b = data.buffer(fixed + k);
            dataBuffers[k] = b == null ? ArrowBuffer.EMPTY.segment() : b.segment();
        }
    }

    /**
     * Checks the data's structure and that its type is binary_view or utf8_view, and wraps it: the form for data
     * that does not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not binary_view or utf8_view (rule {@link Rules#ARRAY_TYPE})
     */
    public static BinaryViewArray of(ArrayData data) {
        return checkedAs(data, BinaryViewArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type binary_view or
     * utf8_view, such as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type binary_view or utf8_view
     * @return the array over {@code data}
     */
    public static BinaryViewArray ofUnchecked(ArrayData data) {
        return new BinaryViewArray(data);
    }

    /**
     * Whether values are UTF-8 strings (utf8_view).
     *
     * @return true for utf8_view, false for binary_view
     */
    public boolean isUtf8() {
        return utf8;
    }

    /**
     * The views buffer: {@link #VIEW_SIZE} bytes per slot.
     *
     * @return the buffer (shared, not copied), or null when the data has none
     */
    public ArrowBuffer viewsBuffer() {
        return data.buffer(1);
    }

    /**
     * The number of variadic data buffers.
     *
     * @return the count
     */
    public int dataBufferCount() {
        return dataBuffers.length;
    }

    private long viewAt(long i) {
        return (data.offset() + i) * VIEW_SIZE;
    }

    /**
     * The number of bytes of value {@code i}.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the length stored in the view
     */
    public long valueLength(long i) {
        return views.get(LittleEndian.INT, viewAt(i));
    }

    /**
     * Whether value {@code i} is stored inline in its view.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return whether the value has at most {@link #MAX_INLINE} bytes
     */
    public boolean isInline(long i) {
        return valueLength(i) <= MAX_INLINE;
    }

    /**
     * The bytes of value {@code i}, zero-copy: a view of the views buffer or of a data buffer.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return a segment of the value's bytes
     */
    public MemorySegment getSegment(long i) {
        long v = viewAt(i);
        int length = views.get(LittleEndian.INT, v);
        if (length <= MAX_INLINE) {
            return views.asSlice(v + 4, length);
        }
        return dataBuffers[views.get(LittleEndian.INT, v + 8)].asSlice(views.get(LittleEndian.INT, v + 12), length);
    }

    /**
     * A copy of the bytes of value {@code i}.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return a new array of the value's bytes
     * @throws IllegalStateException if the view's length is negative
     */
    public byte[] getBytes(long i) {
        long v = viewAt(i);
        int length = views.get(LittleEndian.INT, v);
        if (length < 0) {
            throw new IllegalStateException("view " + i + " has a negative length: " + length);
        }
        byte[] out = new byte[length];
        if (length <= MAX_INLINE) {
            MemorySegment.copy(views, LittleEndian.BYTE, v + 4, out, 0, length);
        } else {
            MemorySegment.copy(dataBuffers[views.get(LittleEndian.INT, v + 8)], LittleEndian.BYTE, views.get(LittleEndian.INT, v + 12), out, 0,
                    length);
        }
        return out;
    }

    /**
     * Value {@code i} decoded as UTF-8 (malformed bytes become U+FFFD).
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the decoded text
     * @throws IllegalStateException if the view's length is negative
     */
    public String getString(long i) {
        return new String(getBytes(i), StandardCharsets.UTF_8);
    }

    /** Value {@code i} as a String for utf8_view, a byte[] for binary_view, or null. */
    @Override
    public Object getObject(long i) {
        if (isNull(i)) {
            return null;
        }
        return utf8 ? getString(i) : getBytes(i);
    }

    @Override
    protected boolean valueEquals(long i, Array other, long j) {
        BinaryViewArray o = (BinaryViewArray) other;
        long a = viewAt(i);
        long b = o.viewAt(j);
        int length = views.get(LittleEndian.INT, a);
        if (length != o.views.get(LittleEndian.INT, b)) {
            return false;
        }
        if (length <= MAX_INLINE) {
            return MemorySegment.mismatch(views, a + 4, a + 4 + length, o.views, b + 4, b + 4 + length) == -1;
        }
        if (views.get(LittleEndian.INT, a + 4) != o.views.get(LittleEndian.INT, b + 4)) {
            return false;
        }
        long aOffset = views.get(LittleEndian.INT, a + 12);
        long bOffset = o.views.get(LittleEndian.INT, b + 12);
        return MemorySegment.mismatch(dataBuffers[views.get(LittleEndian.INT, a + 8)], aOffset, aOffset + length,
                o.dataBuffers[o.views.get(LittleEndian.INT, b + 8)], bOffset, bOffset + length) == -1;
    }

    @Override
    public BinaryViewArray slice(long offset, long length) {
        return new BinaryViewArray(data.slice(offset, length));
    }

    /**
     * For every valid view: a length not negative; inline bytes zero-padded; otherwise a buffer index
     * and range inside the variadic buffers and a prefix equal to the data; for utf8_view, well-formed
     * UTF-8.
     */
    @Override
    protected void validateContent() {
        ArrowBuffer validityBuffer = data.validity();
        MemorySegment validity = validityBuffer == null ? null : validityBuffer.segment();
        long base = data.offset();
        for (long i = 0; i < data.length(); i++) {
            if (validity != null && !Bitmaps.get(validity, base + i)) {
                continue;
            }
            long v = viewAt(i);
            int length = views.get(LittleEndian.INT, v);
            if (length < 0) {
                throw new ValidationException(Rules.VIEW_IN_BOUNDS, i, "negative length " + length);
            }
            if (length <= MAX_INLINE) {
                checkInline(i, v, length);
            } else {
                checkOutOfLine(i, v, length);
            }
        }
    }

    private void checkInline(long i, long v, int length) {
        long low = views.get(LittleEndian.LONG, v + 4);
        int high = views.get(LittleEndian.INT, v + 12);
        boolean padded = length < 8 ? (low >>> (8 * length)) == 0 && high == 0
                : length == MAX_INLINE || (high >>> (8 * (length - 8))) == 0;
        if (!padded) {
            throw new ValidationException(Rules.VIEW_PADDING, i, "inline value of " + length
                    + " bytes is not zero-padded");
        }
        if (utf8 && !Utf8Validator.isValid(views, v + 4, v + 4 + length)) {
            throw new ValidationException(Rules.UTF8, i, "value is not well-formed UTF-8");
        }
    }

    private void checkOutOfLine(long i, long v, int length) {
        int index = views.get(LittleEndian.INT, v + 8);
        int offset = views.get(LittleEndian.INT, v + 12);
        if (index < 0 || index >= dataBuffers.length) {
            throw new ValidationException(Rules.VIEW_IN_BOUNDS, i, "buffer index " + index + " is not one of the "
                    + dataBuffers.length + " data buffers");
        }
        MemorySegment buffer = dataBuffers[index];
        if (offset < 0 || (long) offset + length > buffer.byteSize()) {
            throw new ValidationException(Rules.VIEW_IN_BOUNDS, i, "range [" + offset + ", " + offset + " + " + length
                    + ") is outside data buffer " + index + " (" + buffer.byteSize() + " bytes)");
        }
        if (views.get(LittleEndian.INT, v + 4) != buffer.get(LittleEndian.INT, offset)) {
            throw new ValidationException(Rules.VIEW_PREFIX, i, "prefix differs from the first bytes of the value");
        }
        if (utf8 && !Utf8Validator.isValid(buffer, offset, (long) offset + length)) {
            throw new ValidationException(Rules.UTF8, i, "value is not well-formed UTF-8");
        }
    }
}
