// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.builder.UnionBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.UnionMode;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * A sparse or dense union. Buffer 0 holds an int8 type id per slot, which selects a child through the
 * type's type ids; a dense union's buffer 1 holds the int32 offset of each slot's value in its child,
 * while a sparse union reads every child at the slot's own position ({@code offset() + i}). There is
 * no validity bitmap: a slot is null when the selected child's value is. {@link #getObject} returns the
 * plain child value; {@link #getUnionValue} also tells the type id.
 */
public final class UnionArray extends Array {
    private static final int NO_CHILD = -1;

    private final boolean dense;
    private final MemorySegment typeIds;
    private final MemorySegment offsets;
    private final byte[] childOf;
    private final Array[] children;

    private UnionArray(ArrayData data) {
        super(data);
        ArrowType.Union type = (ArrowType.Union) storageType();
        this.dense = type.mode() == UnionMode.DENSE;
        this.typeIds = segment(data.buffer(0));
        this.offsets = dense ? segment(data.buffer(1)) : null;
        this.childOf = new byte[128];
        Arrays.fill(childOf, (byte) NO_CHILD);
        for (int k = 0; k < type.typeIds().size(); k++) {
            childOf[type.typeIds().get(k)] = (byte) k;
        }
        this.children = new Array[data.children().size()];
        for (int k = 0; k < children.length; k++) {
            children[k] = Array.ofUnchecked(data.child(k));
        }
    }

    /**
     * Checks the data's structure and that its type is a sparse or dense union, and wraps it: the form for data
     * that does not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not a sparse or dense union (rule {@link Rules#ARRAY_TYPE})
     */
    public static UnionArray of(ArrayData data) {
        return checkedAs(data, UnionArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of a sparse or dense union,
     * such as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of a sparse or dense union
     * @return the array over {@code data}
     */
    public static UnionArray ofUnchecked(ArrayData data) {
        return new UnionArray(data);
    }

    private static MemorySegment segment(ArrowBuffer buffer) {
        return (buffer == null ? ArrowBuffer.EMPTY : buffer).segment();
    }

    /**
     * Whether the union is sparse or dense.
     *
     * @return the union's mode
     */
    public UnionMode mode() {
        return dense ? UnionMode.DENSE : UnionMode.SPARSE;
    }

    /**
     * The type id of slot {@code i}.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the type id stored in buffer 0
     */
    public byte typeId(long i) {
        return typeIds.get(LittleEndian.BYTE, data.offset() + i);
    }

    /**
     * The index of the child slot {@code i} selects.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the child's index (in field order), or -1 if the type id is not declared
     */
    public int childIndex(long i) {
        byte id = typeId(i);
        return id < 0 ? NO_CHILD : childOf[id];
    }

    /**
     * Where slot {@code i}'s value lives in its child: the dense offset, or {@code offset() + i}.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the slot in the selected child
     */
    public long valueOffset(long i) {
        return dense ? offsets.get(LittleEndian.INT, (data.offset() + i) * 4) : data.offset() + i;
    }

    /**
     * Child {@code k} (in field order), whole: children are not sliced with the union.
     *
     * @param k the child's index
     * @return the child array
     * @throws ArrayIndexOutOfBoundsException if there is no child {@code k}
     */
    public Array child(int k) {
        return children[k];
    }

    /**
     * The number of children.
     *
     * @return the child count
     */
    public int childCount() {
        return children.length;
    }

    /**
     * The type ids buffer: one byte per slot.
     *
     * @return the buffer (shared, not copied), or null when the data has none
     */
    public ArrowBuffer typeIdsBuffer() {
        return data.buffer(0);
    }

    /**
     * The offsets buffer of a dense union: one int32 per slot.
     *
     * @return the buffer (shared, not copied), or null for a sparse union
     */
    public ArrowBuffer offsetsBuffer() {
        return dense ? data.buffer(1) : null;
    }

    /** The selected child of slot {@code i}; an undeclared type id fails validation. */
    private Array selected(long i) {
        int k = childIndex(i);
        if (k == NO_CHILD) {
            throw new ValidationException(Rules.UNION_TYPE_ID, i, "type id " + typeId(i) + " is not declared by "
                    + type());
        }
        return children[k];
    }

    /** Null when the selected child's value is null (unions have no validity bitmap of their own). */
    @Override
    public boolean isNull(long i) {
        return selected(i).isNull(valueOffset(i));
    }

    /** The selected child's value (without its type id; see {@link #getUnionValue}). */
    @Override
    public Object getObject(long i) {
        return selected(i).getObject(valueOffset(i));
    }

    /**
     * The type id and value of slot {@code i}: what {@link UnionBuilder#appendObject} takes back.
     *
     * @param i the slot, from 0 to {@code length() - 1}
     * @return the type id and the selected child's value (null for a null slot)
     * @throws ValidationException if the slot's type id is not declared by the type
     */
    public UnionValue getUnionValue(long i) {
        return new UnionValue(typeId(i), getObject(i));
    }

    @Override
    protected String formatValue(long i) {
        return selected(i).formatValue(valueOffset(i));
    }

    /** Equal when both slots select the same type id and the children's values are equal. */
    @Override
    protected boolean valueEquals(long i, Array other, long j) {
        UnionArray o = (UnionArray) other;
        if (typeId(i) != o.typeId(j)) {
            return false;
        }
        int k = childIndex(i);
        return children[k].valueEquals(valueOffset(i), o.children[k], o.valueOffset(j));
    }

    /** Every type id declared, dense offsets inside their child; then the children's own checks. */
    @Override
    protected void validateContent() {
        long n = data.length();
        for (long i = 0; i < n; i++) {
            int k = childIndex(i);
            if (k == NO_CHILD) {
                throw new ValidationException(Rules.UNION_TYPE_ID, i, "type id " + typeId(i)
                        + " is not declared by " + type());
            }
            if (dense) {
                long off = valueOffset(i);
                long childLength = children[k].length();
                if (off < 0 || off >= childLength) {
                    throw new ValidationException(Rules.UNION_OFFSET, i, "offset " + off + " is outside child "
                            + k + " of length " + childLength);
                }
            }
        }
        for (Array child : children) {
            child.validateContent();
        }
    }

    @Override
    public UnionArray slice(long offset, long length) {
        return new UnionArray(data.slice(offset, length));
    }
}
