// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A sparse tensor, the body of an Arrow IPC {@code SparseTensor} message: an element type (an integer or
 * floating-point type), a shape, optional dimension names, the non-zero values one after another, and a
 * {@link SparseIndex} saying where each lies. Everything may be a zero-copy view of a message body, so the
 * constructor checks it all: every index value within the shape, every {@code indptr} rising from 0 to
 * the count of what it points into, the counts of indices and values against the non-zero count.
 *
 * <pre>{@code
 * SparseTensor sparse = SparseTensorMessages.read(MemorySegment.ofArray(bytes));
 * sparse.forEachNonZero((coordinates, k) -> System.out.println(Arrays.toString(coordinates) + " = "
 *         + sparse.values().getDouble(k)));
 * Tensor dense = SparseTensorConversions.toDense(sparse);
 * }</pre>
 */
public final class SparseTensor {
    private final ArrowType type;
    private final long[] shape;
    private final List<String> dimNames;
    private final long nonZeroLength;
    private final SparseIndex index;
    private final Tensor values;

    /** Receives the non-zeros of a sparse tensor one by one. */
    @FunctionalInterface
    public interface NonZeroConsumer {
        /**
         * One non-zero.
         *
         * @param coordinates its index in each dimension (the array is reused between calls)
         * @param position its position among the values ({@link SparseTensor#values()})
         */
        void accept(long[] coordinates, long position);
    }

    /**
     * A sparse tensor over {@code data}.
     *
     * @param type the element type: an integer type, or a half, single or double floating-point type
     * @param shape the size of each dimension, each at least 0
     * @param dimNames one name per dimension ("" for an unnamed one), or empty for none
     * @param nonZeroLength the number of non-zero values
     * @param index where the values lie
     * @param data the values, little-endian, one after another (at least {@code nonZeroLength} of them)
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the type is not numeric, a size or count is negative, the names
     *     do not match the shape, the data is short, or the index does not fit the shape and count
     */
    public SparseTensor(ArrowType type, long[] shape, List<String> dimNames, long nonZeroLength, SparseIndex index,
            MemorySegment data) {
        this.type = Objects.requireNonNull(type, "type");
        int width = Tensor.byteWidth(type);
        this.shape = shape.clone();
        this.dimNames = List.copyOf(dimNames);
        this.nonZeroLength = nonZeroLength;
        this.index = Objects.requireNonNull(index, "index");
        Objects.requireNonNull(data, "data");
        if (!this.dimNames.isEmpty() && this.dimNames.size() != this.shape.length) {
            throw new IllegalArgumentException(this.dimNames.size() + " dimension names for " + this.shape.length
                    + " dimensions");
        }
        for (int d = 0; d < this.shape.length; d++) {
            if (this.shape[d] < 0) {
                throw new IllegalArgumentException("dimension " + d + " has size " + this.shape[d]);
            }
        }
        if (nonZeroLength < 0 || nonZeroLength > data.byteSize() / width) {
            throw new IllegalArgumentException(nonZeroLength + " non-zero values of " + width
                    + " bytes do not fit in data of " + data.byteSize() + " bytes");
        }
        this.values = new Tensor(type, new long[] {nonZeroLength}, new long[] {width}, List.of(),
                data.asSlice(0, nonZeroLength * width));
        switch (index) {
            case SparseIndex.Coo coo -> checkCoo(coo);
            case SparseIndex.Csx csx -> checkCsx(csx);
            case SparseIndex.Csf csf -> checkCsf(csf);
        }
    }

    private void checkCoo(SparseIndex.Coo coo) {
        long[] indicesShape = coo.indices().shape();
        if (indicesShape[0] != nonZeroLength || indicesShape[1] != shape.length) {
            throw new IllegalArgumentException("COO indices of shape " + Arrays.toString(indicesShape) + " for "
                    + nonZeroLength + " non-zeros in " + shape.length + " dimensions; expected [" + nonZeroLength + ", "
                    + shape.length + "]");
        }
        long[] previous = new long[shape.length];
        long[] current = new long[shape.length];
        for (long k = 0; k < nonZeroLength; k++) {
            for (int d = 0; d < shape.length; d++) {
                current[d] = inRange(coo.indices().getLong(k, d), shape[d], "COO index [" + k + ", " + d + "]");
            }
            if (coo.canonical() && k > 0 && Arrays.compare(previous, current) >= 0) {
                throw new IllegalArgumentException("COO indices are marked canonical but row " + k + " "
                        + Arrays.toString(current) + " does not follow " + Arrays.toString(previous));
            }
            long[] swap = previous;
            previous = current;
            current = swap;
        }
    }

    private void checkCsx(SparseIndex.Csx csx) {
        if (shape.length != 2) {
            throw new IllegalArgumentException("a " + csx.format() + " index needs a matrix, not " + shape.length
                    + " dimensions");
        }
        int compressed = csx.axis() == SparseIndex.Axis.ROW ? 0 : 1;
        checkIndptr(csx.indptr(), shape[compressed] + 1, nonZeroLength, csx.format() + " indptr");
        checkIndices(csx.indices(), nonZeroLength, shape[1 - compressed], csx.format() + " indices");
    }

    private void checkCsf(SparseIndex.Csf csf) {
        int ndim = shape.length;
        if (csf.axisOrder().size() != ndim) {
            throw new IllegalArgumentException("CSF index of " + csf.axisOrder().size() + " levels for " + ndim
                    + " dimensions");
        }
        if (ndim == 0) {
            return;
        }
        if (csf.indices().get(ndim - 1).shape()[0] != nonZeroLength) {
            throw new IllegalArgumentException("CSF leaf level holds " + csf.indices().get(ndim - 1).shape()[0]
                    + " nodes for " + nonZeroLength + " non-zeros");
        }
        for (int d = 0; d < ndim; d++) {
            Tensor level = csf.indices().get(d);
            long nodes = level.shape()[0];
            checkIndices(level, nodes, shape[csf.axisOrder().get(d)], "CSF indices " + d);
            if (d < ndim - 1) {
                checkIndptr(csf.indptr().get(d), nodes + 1, csf.indices().get(d + 1).shape()[0], "CSF indptr " + d);
            }
        }
    }

    private static void checkIndptr(Tensor indptr, long length, long end, String what) {
        if (indptr.shape()[0] != length) {
            throw new IllegalArgumentException(what + " holds " + indptr.shape()[0] + " entries, not " + length);
        }
        long previous = 0;
        for (long i = 0; i < length; i++) {
            long value = indptr.getLong(i);
            if (i == 0 ? value != 0 : value < previous || value > end) {
                throw new IllegalArgumentException(what + "[" + i + "] = " + value + (i == 0 ? " must be 0"
                        : " must lie in [" + previous + ", " + end + "]"));
            }
            previous = value;
        }
        if (previous != end) {
            throw new IllegalArgumentException(what + " ends at " + previous + ", not at " + end);
        }
    }

    private static void checkIndices(Tensor indices, long length, long size, String what) {
        if (indices.shape()[0] != length) {
            throw new IllegalArgumentException(what + " holds " + indices.shape()[0] + " entries, not " + length);
        }
        for (long i = 0; i < length; i++) {
            inRange(indices.getLong(i), size, what + "[" + i + "]");
        }
    }

    private static long inRange(long value, long size, String what) {
        if (value < 0 || value >= size) {
            throw new IllegalArgumentException(what + " = " + value + " is outside [0, " + size + ")");
        }
        return value;
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
     * The dimension names.
     *
     * @return one name per dimension ("" for unnamed), or empty when there are none
     */
    public List<String> dimNames() {
        return dimNames;
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
     * The number of non-zero values.
     *
     * @return the count
     */
    public long nonZeroLength() {
        return nonZeroLength;
    }

    /**
     * Where the values lie.
     *
     * @return the index
     */
    public SparseIndex index() {
        return index;
    }

    /**
     * The non-zero values, in the order of the index.
     *
     * @return a one-dimensional tensor of {@link #nonZeroLength()} elements over the data
     */
    public Tensor values() {
        return values;
    }

    /**
     * Visits every non-zero in the order of the values (CSC: column by column; CSF: depth first).
     *
     * @param consumer receives each non-zero's coordinates and position
     */
    public void forEachNonZero(NonZeroConsumer consumer) {
        long[] at = new long[shape.length];
        switch (index) {
            case SparseIndex.Coo coo -> {
                for (long k = 0; k < nonZeroLength; k++) {
                    for (int d = 0; d < at.length; d++) {
                        at[d] = coo.indices().getLong(k, d);
                    }
                    consumer.accept(at, k);
                }
            }
            case SparseIndex.Csx csx -> {
                int compressed = csx.axis() == SparseIndex.Axis.ROW ? 0 : 1;
                for (long i = 0; i < shape[compressed]; i++) {
                    at[compressed] = i;
                    for (long k = csx.indptr().getLong(i); k < csx.indptr().getLong(i + 1); k++) {
                        at[1 - compressed] = csx.indices().getLong(k);
                        consumer.accept(at, k);
                    }
                }
            }
            case SparseIndex.Csf csf -> {
                if (shape.length > 0) {
                    visitFiber(csf, 0, 0, csf.indices().getFirst().shape()[0], at, consumer);
                }
            }
        }
    }

    private void visitFiber(SparseIndex.Csf csf, int level, long from, long to, long[] at, NonZeroConsumer consumer) {
        Tensor nodes = csf.indices().get(level);
        int axis = csf.axisOrder().get(level);
        boolean leaf = level == shape.length - 1;
        for (long n = from; n < to; n++) {
            at[axis] = nodes.getLong(n);
            if (leaf) {
                consumer.accept(at, n);
            } else {
                Tensor indptr = csf.indptr().get(level);
                visitFiber(csf, level + 1, indptr.getLong(n), indptr.getLong(n + 1), at, consumer);
            }
        }
    }

    @Override
    public String toString() {
        return "SparseTensor[" + index.format() + ", " + type + ", shape " + Arrays.toString(shape) + ", "
                + nonZeroLength + " non-zeros]";
    }
}
