// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.internal.validation.StructuralValidator;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Layout;
import dev.quiver.core.type.Types;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import dev.quiver.core.validation.ValidationLevel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The generic form of any array: type, logical length, offset into the buffers, null count, the
 * buffers in the order of the type's {@link Layout} (then the variadic data buffers of view types),
 * child data and, for dictionary-encoded data, the dictionary. IPC, validation and the typed
 * {@link Array} classes all work on this one representation. Immutable; slicing shares buffers.
 *
 * <p>The validity buffer may be null when no slot is null. The null count is the physical one (unset
 * bits of the validity bitmap; the whole length for the null type; 0 for unions and run-end encoded
 * data, whose nulls live in their children), computed on first use when not given.
 */
public final class ArrayData {
    /** Passed as the null count when it is not known yet. */
    public static final long UNKNOWN_NULL_COUNT = -1;

    private final ArrowType type;
    private final long length;
    private final long offset;
    private volatile long nullCount;
    private final ArrowBuffer[] buffers;
    private final List<ArrayData> children;
    private final ArrayData dictionary;
    /** Whether the type is the null type (or an extension over it): every slot null, no buffers. */
    private final boolean nullType;

    /**
     * Data from its parts. Only the type, length and offset are checked here: the buffers and children
     * are taken as given, and checked by {@link #validate(ValidationLevel)} or {@link Array#of}.
     *
     * @param type the type
     * @param length the number of slots
     * @param offset where slot 0 lies in the buffers, in slots
     * @param nullCount the physical null count, or {@link #UNKNOWN_NULL_COUNT} to count it on first use
     * @param buffers the buffers in the order of the type's layout, then the variadic data buffers of
     *     view types; the validity buffer may be null
     * @param children the child data, in the order of the type's children
     * @param dictionary the dictionary of dictionary-encoded data, else null
     * @throws NullPointerException if {@code type} is null
     * @throws ValidationException if {@code length} or {@code offset} is negative
     */
    public ArrayData(ArrowType type, long length, long offset, long nullCount, List<ArrowBuffer> buffers,
            List<ArrayData> children, ArrayData dictionary) {
        this.type = Objects.requireNonNull(type, "type");
        if (length < 0 || offset < 0) {
            throw new ValidationException(Rules.LENGTH, -1,
                    "length " + length + " and offset " + offset + " must not be negative");
        }
        this.length = length;
        this.offset = offset;
        this.nullCount = nullCount;
        this.buffers = buffers.toArray(new ArrowBuffer[0]);
        this.children = List.copyOf(children);
        this.dictionary = dictionary;
        this.nullType = Types.storage(type) instanceof ArrowType.Null;
    }

    /**
     * Data with offset 0, no dictionary and the null count computed on demand.
     *
     * @param type the type
     * @param length the number of slots
     * @param buffers the buffers in the order of the type's layout (see the constructor)
     * @param children the child data
     * @return the data, unchecked
     * @throws ValidationException if {@code length} is negative
     */
    public static ArrayData of(ArrowType type, long length, List<ArrowBuffer> buffers, List<ArrayData> children) {
        return new ArrayData(type, length, 0, UNKNOWN_NULL_COUNT, buffers, children, null);
    }

    /**
     * Dictionary-encoded data with offset 0: the indices' buffers, and the dictionary.
     *
     * @param type the dictionary-encoded type
     * @param length the number of slots
     * @param buffers the indices' validity and values buffers
     * @param dictionary the dictionary's data
     * @return the data, unchecked
     * @throws ValidationException if {@code length} is negative
     */
    public static ArrayData dictionaryEncoded(ArrowType.Dictionary type, long length, List<ArrowBuffer> buffers,
            ArrayData dictionary) {
        return new ArrayData(type, length, 0, UNKNOWN_NULL_COUNT, buffers, List.of(), dictionary);
    }

    /**
     * The type.
     *
     * @return the type, an extension type included
     */
    public ArrowType type() {
        return type;
    }

    /**
     * The number of slots.
     *
     * @return the logical length
     */
    public long length() {
        return length;
    }

    /**
     * Where slot 0 lies in the buffers, in slots.
     *
     * @return the offset
     */
    public long offset() {
        return offset;
    }

    /**
     * All buffers, variadic ones included; the validity buffer may be null.
     *
     * @return an unmodifiable list of the buffers
     */
    public List<ArrowBuffer> buffers() {
        return java.util.Collections.unmodifiableList(Arrays.asList(buffers));
    }

    /**
     * The number of buffers, variadic ones included.
     *
     * @return the buffer count
     */
    public int bufferCount() {
        return buffers.length;
    }

    /**
     * Buffer {@code i} in layout order (null for an absent validity bitmap).
     *
     * @param i the buffer's index
     * @return the buffer, or null
     * @throws ArrayIndexOutOfBoundsException if there is no buffer {@code i}
     */
    public ArrowBuffer buffer(int i) {
        return buffers[i];
    }

    /**
     * The validity bitmap.
     *
     * @return the bitmap, or null when every slot is valid (or the layout has none)
     */
    public ArrowBuffer validity() {
        return type.layout().hasValidity() ? buffers[0] : null;
    }

    /**
     * The child data, in the order of the type's children.
     *
     * @return an unmodifiable list of the children
     */
    public List<ArrayData> children() {
        return children;
    }

    /**
     * Child {@code i}.
     *
     * @param i the child's index
     * @return the child's data
     * @throws IndexOutOfBoundsException if there is no child {@code i}
     */
    public ArrayData child(int i) {
        return children.get(i);
    }

    /**
     * The dictionary of dictionary-encoded data.
     *
     * @return the dictionary's data, or null for data that is not dictionary-encoded
     */
    public ArrayData dictionary() {
        return dictionary;
    }

    /**
     * The physical null count (see the class comment), counted on first use when not given.
     *
     * @return the number of null slots in this data's own validity
     */
    public long nullCount() {
        long n = nullCount;
        if (n < 0) {
            n = computeNullCount();
            nullCount = n;
        }
        return n;
    }

    private long computeNullCount() {
        if (nullType) {
            return length;
        }
        ArrowBuffer validity = validity();
        if (validity == null) {
            return 0;
        }
        return length - Bitmaps.countSet(validity.segment(), offset, length);
    }

    /**
     * Whether slot {@code i} is valid in this data's own bitmap (always false for the null type).
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return whether the slot's validity bit is set, or there is no bitmap
     */
    public boolean isValid(long i) {
        if (nullType) {
            return false;
        }
        ArrowBuffer validity = validity();
        return validity == null || Bitmaps.get(validity.segment(), offset + i);
    }

    /**
     * A zero-copy view of {@code len} slots from {@code start}.
     *
     * @param start the first slot of the view
     * @param len the number of slots
     * @return the view, sharing the buffers and children
     * @throws IndexOutOfBoundsException if the range is not inside this data
     */
    public ArrayData slice(long start, long len) {
        if (start < 0 || len < 0 || start > length - len) {
            throw new IndexOutOfBoundsException("slice [" + start + ", " + start + "+" + len
                    + ") is outside an array of length " + length);
        }
        long knownNulls = nullCount;
        long sliceNulls = knownNulls == 0 ? 0 : (len == 0 ? 0 : UNKNOWN_NULL_COUNT);
        if (nullType) {
            sliceNulls = len;
        }
        return new ArrayData(type, len, offset + start, sliceNulls, Arrays.asList(buffers), children, dictionary);
    }

    /**
     * The same data with other children (same type, length, offset and buffers).
     *
     * @param newChildren the children
     * @return the new data, unchecked
     */
    public ArrayData withChildren(List<ArrayData> newChildren) {
        return new ArrayData(type, length, offset, nullCount, Arrays.asList(buffers), newChildren, dictionary);
    }

    /**
     * The same data with another type of the same layout (e.g. an extension type over its storage).
     *
     * @param newType the type
     * @return the new data, unchecked
     */
    public ArrayData withType(ArrowType newType) {
        return new ArrayData(newType, length, offset, nullCount, Arrays.asList(buffers), children, dictionary);
    }

    /**
     * The same data with another dictionary.
     *
     * @param newDictionary the dictionary's data, or null for none
     * @return the new data, unchecked
     */
    public ArrayData withDictionary(ArrayData newDictionary) {
        return new ArrayData(type, length, offset, nullCount, Arrays.asList(buffers), children, newDictionary);
    }

    /**
     * Checks this data against the rules of the format, as far as {@code level} asks: nothing at
     * {@link ValidationLevel#NONE}; at {@link ValidationLevel#STRUCTURE} what can be checked cheaply
     * (buffer count and sizes for offset + length, children count and lengths, recursively, and the
     * dictionary); at {@link ValidationLevel#FULL} also every value, as {@link Array#validate} does.
     *
     * @param level how much to check
     * @throws ValidationException naming the first broken rule and, where it applies, the slot
     */
    public void validate(ValidationLevel level) {
        switch (Objects.requireNonNull(level, "level")) {
            case NONE -> {
            }
            case STRUCTURE -> StructuralValidator.validate(this);
            case FULL -> {
                StructuralValidator.validate(this);
                Array.ofUnchecked(this).validateValues();
            }
        }
    }

    /**
     * The shorthand for {@link #validate(ValidationLevel) validate(ValidationLevel.FULL)}: every rule of
     * the format, the level untrusted input needs.
     *
     * @throws ValidationException naming the first broken rule and, where it applies, the slot
     */
    public void validateFull() {
        validate(ValidationLevel.FULL);
    }

    /**
     * The variadic data buffers of view types (buffers past the layout's fixed ones).
     *
     * @return a new list of the variadic buffers, empty for other types
     */
    public List<ArrowBuffer> variadicBuffers() {
        int fixed = type.layout().bufferCount();
        List<ArrowBuffer> out = new ArrayList<>();
        for (int i = fixed; i < buffers.length; i++) {
            out.add(buffers[i]);
        }
        return out;
    }

    @Override
    public String toString() {
        return "ArrayData[" + type + ", length=" + length + ", offset=" + offset + ", buffers=" + buffers.length
                + ", children=" + children.size() + "]";
    }
}
