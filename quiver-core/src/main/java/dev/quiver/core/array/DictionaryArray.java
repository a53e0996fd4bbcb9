// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.internal.validation.DictionaryIndexValidator;
import dev.quiver.core.internal.validation.TrustedDictionaries;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.lang.foreign.MemorySegment;

/**
 * Dictionary-encoded data: physically an integer array of indices (any width, signed or unsigned) into
 * a separate dictionary array. A slot is null when its index is; a valid index may still point at a
 * null dictionary value, which {@link #getObject} then returns. Equality is on decoded values, so
 * arrays with different dictionaries are equal when they decode to the same values.
 */
public final class DictionaryArray extends Array {
    private final Array indices;
    private final Array dictionary;
    private final MemorySegment values;
    private final int indexWidth;
    private final boolean signed;

    private DictionaryArray(ArrayData data) {
        super(data);
        ArrowType.Int indexType = ((ArrowType.Dictionary) storageType()).indexType();
        this.indices = Array.ofUnchecked(data.withType(indexType).withDictionary(null));
        this.dictionary = Array.ofUnchecked(data.dictionary());
        ArrowBuffer buffer = data.buffer(1);
        this.values = (buffer == null ? ArrowBuffer.EMPTY : buffer).segment();
        this.indexWidth = indexType.bitWidth();
        this.signed = indexType.signed();
    }

    /**
     * Checks the data's structure and that its type is a dictionary-encoded type, and wraps it: the form for
     * data that does not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not a dictionary-encoded type (rule {@link Rules#ARRAY_TYPE})
     */
    public static DictionaryArray of(ArrayData data) {
        return checkedAs(data, DictionaryArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of a dictionary-encoded
     * type, such as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of a dictionary-encoded type
     * @return the array over {@code data}
     */
    public static DictionaryArray ofUnchecked(ArrayData data) {
        return new DictionaryArray(data);
    }

    /**
     * The indices as an integer array (same buffers, offset and length).
     *
     * @return the indices, of the type's index type
     */
    public Array indices() {
        return indices;
    }

    /**
     * The whole dictionary.
     *
     * @return the dictionary array
     */
    public Array dictionary() {
        return dictionary;
    }

    /**
     * The index at slot {@code i} (whatever is stored under a null slot), unsigned widths read as unsigned; a
     * uint64 index past {@code Long.MAX_VALUE} comes back negative.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the index into {@link #dictionary()}
     */
    public long getIndex(long i) {
        long at = data.offset() + i;
        return switch (indexWidth) {
            case 8 -> signed ? values.get(LittleEndian.BYTE, at) : values.get(LittleEndian.BYTE, at) & 0xFFL;
            case 16 -> signed ? values.get(LittleEndian.SHORT, at * 2) : values.get(LittleEndian.SHORT, at * 2) & 0xFFFFL;
            case 32 -> signed ? values.get(LittleEndian.INT, at * 4) : values.get(LittleEndian.INT, at * 4) & 0xFFFF_FFFFL;
            default -> values.get(LittleEndian.LONG, at * 8);
        };
    }

    /** The decoded value: the dictionary's value at this slot's index, or null for a null slot. */
    @Override
    public Object getObject(long i) {
        return isNull(i) ? null : dictionary.getObject(getIndex(i));
    }

    @Override
    protected String formatValue(long i) {
        long index = getIndex(i);
        return dictionary.isNull(index) ? "null" : dictionary.formatValue(index);
    }

    /** Compares decoded values: a null dictionary value only equals a null dictionary value. */
    @Override
    protected boolean valueEquals(long i, Array other, long j) {
        DictionaryArray o = (DictionaryArray) other;
        long a = getIndex(i);
        long b = o.getIndex(j);
        boolean nullA = dictionary.isNull(a);
        if (nullA != o.dictionary.isNull(b)) {
            return false;
        }
        return nullA || dictionary.valueEquals(a, o.dictionary, b);
    }

    /**
     * Every valid index at least 0 and below the dictionary's length (all stored indices checked at once
     * first; slot by slot only when one is outside); then the dictionary's checks, unless trusted.
     */
    @Override
    protected void validateContent() {
        long n = data.length();
        long size = dictionary.length();
        if (!DictionaryIndexValidator.allInRange(values, indexWidth, signed, data.offset(), n, size)) {
            checkIndicesSlotBySlot(n, size);
        }
        if (!TrustedDictionaries.SCOPE.isBound()) {
            dictionary.validateContent();
        }
    }

    /** Names the first non-null slot whose index is outside the dictionary. */
    private void checkIndicesSlotBySlot(long n, long size) {
        ArrowBuffer validity = data.validity();
        MemorySegment bits = validity == null ? null : validity.segment();
        long offset = data.offset();
        for (long i = 0; i < n; i++) {
            if (bits != null && !Bitmaps.get(bits, offset + i)) {
                continue;
            }
            long index = getIndex(i);
            if (signed && index < 0 || Long.compareUnsigned(index, size) >= 0) {
                throw new ValidationException(Rules.DICTIONARY_INDEX, i, "index "
                        + (signed ? Long.toString(index) : Long.toUnsignedString(index))
                        + " is outside the dictionary of length " + size);
            }
        }
    }

    @Override
    public DictionaryArray slice(long offset, long length) {
        return new DictionaryArray(data.slice(offset, length));
    }
}
