// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A dense tensor, the body of an Arrow IPC {@code Tensor} message: an element type (an integer or
 * floating-point type), a shape, strides in bytes, optional dimension names, and the data over a memory
 * segment, read in place. The constructor checks that every element the shape and strides reach lies
 * inside the data.
 */
public final class Tensor {
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(
            java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(
            java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(
            java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfDouble DOUBLE = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(
            java.nio.ByteOrder.LITTLE_ENDIAN);

    private final ArrowType type;
    private final int byteWidth;
    private final long[] shape;
    private final long[] strides;
    private final List<String> dimNames;
    private final MemorySegment data;

    /**
     * A tensor over {@code data}.
     *
     * @param type the element type: an integer type, or a half, single or double floating-point type
     * @param shape the size of each dimension, each at least 0
     * @param strides the bytes one step in each dimension skips, each at least 0
     * @param dimNames the dimension names, one per dimension ("" for an unnamed one), or empty for none
     * @param data the elements, little-endian
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the type is not numeric, the lengths disagree, a size or stride
     *     is negative, or an element the shape and strides reach lies outside {@code data}
     */
    public Tensor(ArrowType type, long[] shape, long[] strides, List<String> dimNames, MemorySegment data) {
        this.type = Objects.requireNonNull(type, "type");
        this.byteWidth = byteWidth(type);
        this.shape = shape.clone();
        this.strides = strides.clone();
        this.dimNames = List.copyOf(dimNames);
        this.data = Objects.requireNonNull(data, "data");
        if (this.strides.length != this.shape.length) {
            throw new IllegalArgumentException(this.strides.length + " strides for " + this.shape.length + " dimensions");
        }
        if (!this.dimNames.isEmpty() && this.dimNames.size() != this.shape.length) {
            throw new IllegalArgumentException(this.dimNames.size() + " dimension names for " + this.shape.length
                    + " dimensions");
        }
        long last = 0;
        boolean empty = false;
        for (int d = 0; d < this.shape.length; d++) {
            if (this.shape[d] < 0 || this.strides[d] < 0) {
                throw new IllegalArgumentException("dimension " + d + " has size " + this.shape[d] + " and stride "
                        + this.strides[d] + "; neither may be negative");
            }
            empty |= this.shape[d] == 0;
            try {
                last = Math.addExact(last, Math.multiplyExact(Math.max(this.shape[d] - 1, 0), this.strides[d]));
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("shape " + Arrays.toString(this.shape) + " and strides "
                        + Arrays.toString(this.strides) + " overflow 64 bits");
            }
        }
        if (!empty && last > data.byteSize() - byteWidth) {
            throw new IllegalArgumentException("shape " + Arrays.toString(this.shape) + " and strides "
                    + Arrays.toString(this.strides) + " reach byte " + (last + byteWidth) + " of data holding "
                    + data.byteSize());
        }
    }

    /**
     * A row-major (C-contiguous) tensor over {@code data}.
     *
     * @param type the element type
     * @param shape the size of each dimension
     * @param dimNames the dimension names, or empty for none
     * @param data the elements
     * @return the tensor
     * @throws IllegalArgumentException as the constructor does
     */
    public static Tensor rowMajor(ArrowType type, long[] shape, List<String> dimNames, MemorySegment data) {
        return new Tensor(type, shape, rowMajorStrides(shape, byteWidth(type)), dimNames, data);
    }

    /**
     * The row-major strides of a shape.
     *
     * @param shape the size of each dimension
     * @param byteWidth the bytes of one element
     * @return the strides in bytes
     */
    public static long[] rowMajorStrides(long[] shape, int byteWidth) {
        long[] strides = new long[shape.length];
        long step = byteWidth;
        for (int d = shape.length - 1; d >= 0; d--) {
            strides[d] = step;
            step *= Math.max(shape[d], 1);
        }
        return strides;
    }

    /**
     * The bytes of one element of a tensor element type.
     *
     * @param type the element type
     * @return its width in bytes
     * @throws IllegalArgumentException if the type is not an integer or floating-point type
     */
    public static int byteWidth(ArrowType type) {
        return switch (type) {
            case ArrowType.Int t -> t.bitWidth() / 8;
            case ArrowType.FloatingPoint t -> switch (t.precision()) {
                case HALF -> 2;
                case SINGLE -> 4;
                case DOUBLE -> 8;
            };
            default -> throw new IllegalArgumentException("a tensor holds integers or floating-point numbers, not "
                    + type);
        };
    }

    /**
     * The element type.
     *
     * @return the type
     */
    public ArrowType type() {
        return type;
    }

    /**
     * The shape.
     *
     * @return a copy of the size of each dimension
     */
    public long[] shape() {
        return shape.clone();
    }

    /**
     * The strides.
     *
     * @return a copy of the bytes one step in each dimension skips
     */
    public long[] strides() {
        return strides.clone();
    }

    /**
     * The dimension names.
     *
     * @return one name per dimension ("" for unnamed), or empty when there are none
     */
    public List<String> dimNames() {
        return dimNames;
    }

    /**
     * The data the elements are read from.
     *
     * @return the segment
     */
    public MemorySegment data() {
        return data;
    }

    /**
     * The number of dimensions.
     *
     * @return the length of the shape
     */
    public int ndim() {
        return shape.length;
    }

    /**
     * The number of elements.
     *
     * @return the product of the shape
     */
    public long size() {
        long n = 1;
        for (long s : shape) {
            n *= s;
        }
        return n;
    }

    /**
     * Whether the strides are the row-major strides of the shape.
     *
     * @return true if the tensor is C-contiguous
     */
    public boolean isRowMajor() {
        return Arrays.equals(strides, rowMajorStrides(shape, byteWidth));
    }

    /**
     * The byte offset in {@link #data()} of an element.
     *
     * @param index one index per dimension
     * @return the offset
     * @throws IndexOutOfBoundsException if the number of indices or an index is out of range
     */
    public long byteOffset(long... index) {
        if (index.length != shape.length) {
            throw new IndexOutOfBoundsException(index.length + " indices for " + shape.length + " dimensions");
        }
        long offset = 0;
        for (int d = 0; d < index.length; d++) {
            Objects.checkIndex(index[d], shape[d]);
            offset += index[d] * strides[d];
        }
        return offset;
    }

    /**
     * An element of an integer tensor, widened to a long (unsigned 64-bit values keep their bits).
     *
     * @param index one index per dimension
     * @return the element
     * @throws IllegalStateException if the element type is not an integer type
     * @throws IndexOutOfBoundsException if an index is out of range
     */
    public long getLong(long... index) {
        if (!(type instanceof ArrowType.Int t)) {
            throw new IllegalStateException("not an integer tensor: " + type);
        }
        long at = byteOffset(index);
        return switch (t.bitWidth()) {
            case 8 -> t.signed() ? data.get(ValueLayout.JAVA_BYTE, at) : Byte.toUnsignedLong(data.get(ValueLayout.JAVA_BYTE, at));
            case 16 -> t.signed() ? data.get(SHORT, at) : Short.toUnsignedLong(data.get(SHORT, at));
            case 32 -> t.signed() ? data.get(INT, at) : Integer.toUnsignedLong(data.get(INT, at));
            default -> data.get(LONG, at);
        };
    }

    /**
     * An element of a floating-point tensor, widened to a double.
     *
     * @param index one index per dimension
     * @return the element
     * @throws IllegalStateException if the element type is not a floating-point type
     * @throws IndexOutOfBoundsException if an index is out of range
     */
    public double getDouble(long... index) {
        if (!(type instanceof ArrowType.FloatingPoint t)) {
            throw new IllegalStateException("not a floating-point tensor: " + type);
        }
        long at = byteOffset(index);
        return switch (t.precision()) {
            case HALF -> Float.float16ToFloat(data.get(SHORT, at));
            case SINGLE -> data.get(FLOAT, at);
            case DOUBLE -> data.get(DOUBLE, at);
        };
    }
}
