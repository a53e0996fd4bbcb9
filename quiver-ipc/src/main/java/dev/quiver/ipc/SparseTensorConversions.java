// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.extension.FixedShapeTensorArray;
import dev.quiver.core.type.ArrowType;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Conversions between {@link SparseTensor}s, dense {@link Tensor}s and values of the
 * {@code arrow.fixed_shape_tensor} extension type. Sparse tensors made here have int64 indices, as Arrow
 * C++ makes them; a value is zero when it equals 0 (so -0.0 is zero and NaN is not).
 *
 * <pre>{@code
 * SparseTensor csr = SparseTensorConversions.fromDense(dense, SparseIndex.Format.CSR);
 * byte[] message = SparseTensorMessages.toBytes(csr);
 * Tensor back = SparseTensorConversions.toDense(SparseTensorMessages.read(MemorySegment.ofArray(message)));
 * }</pre>
 */
public final class SparseTensorConversions {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private SparseTensorConversions() {
    }

    /**
     * A sparse tensor as a dense, row-major one; the elements no index names are 0. Where a
     * non-canonical COO index names a cell twice, the later value is kept.
     *
     * @param sparse the sparse tensor
     * @return a dense tensor over new memory, with the same type, shape and dimension names
     * @throws IllegalArgumentException if the dense tensor would exceed 2^31-1 bytes
     */
    public static Tensor toDense(SparseTensor sparse) {
        int width = Tensor.byteWidth(sparse.type());
        long[] shape = sparse.shape();
        long bytes = width;
        for (long size : shape) {
            try {
                bytes = Math.multiplyExact(bytes, size);
            } catch (ArithmeticException e) {
                bytes = Long.MAX_VALUE;
            }
        }
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a dense tensor of shape " + Arrays.toString(shape) + " exceeds 2^31-1 bytes");
        }
        MemorySegment data = MemorySegment.ofArray(new byte[(int) bytes]);
        long[] strides = Tensor.rowMajorStrides(shape, width);
        MemorySegment values = sparse.values().data();
        sparse.forEachNonZero((at, k) -> {
            long offset = 0;
            for (int d = 0; d < at.length; d++) {
                offset += at[d] * strides[d];
            }
            MemorySegment.copy(values, k * width, data, offset, width);
        });
        return new Tensor(sparse.type(), shape, strides, sparse.dimNames(), data);
    }

    /**
     * The non-zeros of a dense tensor as a sparse tensor of the given format (COO canonical; CSF with the
     * axis order {@code 0, 1, …}), its values copied.
     *
     * @param dense the dense tensor
     * @param format the sparse format; CSR and CSC need a matrix
     * @return the sparse tensor, with the same type, shape and dimension names
     * @throws IllegalArgumentException if CSR or CSC is asked for a tensor that is not two-dimensional, or
     *     the index or the values exceed 2^31-1 entries
     */
    public static SparseTensor fromDense(Tensor dense, SparseIndex.Format format) {
        int ndim = dense.ndim();
        boolean matrix = format == SparseIndex.Format.CSR || format == SparseIndex.Format.CSC;
        if (matrix && ndim != 2) {
            throw new IllegalArgumentException(format + " needs a matrix, not " + ndim + " dimensions");
        }
        long[] shape = dense.shape();
        try {
            NonZeros nz = NonZeros.of(dense, format == SparseIndex.Format.CSC);
            SparseIndex index = switch (format) {
                case COO -> new SparseIndex.Coo(int64(nz.coordinates, new long[] {nz.count, ndim}), true);
                case CSR -> compressed(SparseIndex.Axis.ROW, nz, shape);
                case CSC -> compressed(SparseIndex.Axis.COLUMN, nz, shape);
                case CSF -> fiber(nz, ndim);
            };
            return new SparseTensor(dense.type(), shape, dense.dimNames(), nz.count, index,
                    MemorySegment.ofArray(nz.values.toByteArray()));
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("the " + format + " index of a tensor of shape "
                    + Arrays.toString(shape) + " exceeds 2^31-1 entries", e);
        }
    }

    /**
     * Tensor {@code i} of a fixed-shape tensor array as a sparse tensor, in its logical layout (see
     * {@link TensorConversions#fromFixedShapeTensor}).
     *
     * @param array the fixed-shape tensor array
     * @param i the tensor's index
     * @param format the sparse format
     * @return the sparse tensor
     * @throws IllegalArgumentException as {@link TensorConversions#fromFixedShapeTensor} and
     *     {@link #fromDense} do
     * @throws IndexOutOfBoundsException if {@code i} is out of range
     */
    public static SparseTensor fromFixedShapeTensor(FixedShapeTensorArray array, long i, SparseIndex.Format format) {
        return fromDense(TensorConversions.fromFixedShapeTensor(array, i), format);
    }

    /**
     * A sparse tensor as a one-value {@code arrow.fixed_shape_tensor} array.
     *
     * @param sparse the sparse tensor
     * @return the array
     * @throws IllegalArgumentException as {@link #toDense} and {@link TensorConversions#toFixedShapeTensor} do
     */
    public static ExtensionArray toFixedShapeTensor(SparseTensor sparse) {
        return TensorConversions.toFixedShapeTensor(toDense(sparse));
    }

    private static SparseIndex.Csx compressed(SparseIndex.Axis axis, NonZeros nz, long[] shape) {
        int major = axis == SparseIndex.Axis.ROW ? 0 : 1;
        long[] indptr = new long[Math.toIntExact(shape[major] + 1)];
        long[] indices = new long[nz.count];
        for (int k = 0; k < nz.count; k++) {
            indptr[(int) nz.coordinates[2 * k + major] + 1]++;
            indices[k] = nz.coordinates[2 * k + 1 - major];
        }
        for (int i = 1; i < indptr.length; i++) {
            indptr[i] += indptr[i - 1];
        }
        return new SparseIndex.Csx(axis, int64(indptr, indptr.length), int64(indices, indices.length));
    }

    private static SparseIndex.Csf fiber(NonZeros nz, int ndim) {
        List<LongList> indptr = new ArrayList<>();
        List<LongList> indices = new ArrayList<>();
        for (int d = 0; d < ndim; d++) {
            indices.add(new LongList());
            if (d < ndim - 1) {
                indptr.add(new LongList());
            }
        }
        for (int k = 0; k < nz.count; k++) {
            int first = 0;
            while (k > 0 && first < ndim - 1
                    && nz.coordinates[k * ndim + first] == nz.coordinates[(k - 1) * ndim + first]) {
                first++;
            }
            for (int d = first; d < ndim; d++) {
                indices.get(d).add(nz.coordinates[k * ndim + d]);
                if (d < ndim - 1) {
                    indptr.get(d).add(indices.get(d + 1).size);
                }
            }
        }
        for (int d = 0; d < ndim - 1; d++) {
            indptr.get(d).add(indices.get(d + 1).size);
        }
        List<Integer> axisOrder = new ArrayList<>();
        for (int d = 0; d < ndim; d++) {
            axisOrder.add(d);
        }
        return new SparseIndex.Csf(indptr.stream().map(l -> int64(l.values, l.size)).toList(),
                indices.stream().map(l -> int64(l.values, l.size)).toList(), axisOrder);
    }

    private static Tensor int64(long[] values, int count) {
        return int64(values, new long[] {count});
    }

    private static Tensor int64(long[] values, long[] shape) {
        int n = Math.toIntExact(Arrays.stream(shape).reduce(1, Math::multiplyExact));
        MemorySegment data = MemorySegment.ofArray(new byte[Math.multiplyExact(n, 8)]);
        for (int i = 0; i < n; i++) {
            data.set(LONG, 8L * i, values[i]);
        }
        return Tensor.rowMajor(ArrowType.INT64, shape, List.of(), data);
    }

    /** A growable list of longs. */
    private static final class LongList {
        long[] values = new long[8];
        int size;

        void add(long value) {
            if (size == values.length) {
                values = Arrays.copyOf(values, Math.multiplyExact(size, 2));
            }
            values[size++] = value;
        }
    }

    /** The non-zeros of a dense tensor: their coordinates (ndim per non-zero) and value bytes. */
    private static final class NonZeros {
        long[] coordinates = new long[16];
        int count;
        final ByteArrayOutputStream values = new ByteArrayOutputStream();

        /** Collects the non-zeros in row-major order, or column-major when {@code columnMajor} is set. */
        static NonZeros of(Tensor dense, boolean columnMajor) {
            NonZeros nz = new NonZeros();
            int ndim = dense.ndim();
            long[] shape = dense.shape();
            long[] strides = dense.strides();
            int width = Tensor.byteWidth(dense.type());
            long[] at = new long[ndim];
            byte[] element = new byte[width];
            MemorySegment elementSegment = MemorySegment.ofArray(element);
            long n = dense.size();
            for (long e = 0; e < n; e++) {
                long offset = 0;
                for (int d = 0; d < ndim; d++) {
                    offset += at[d] * strides[d];
                }
                MemorySegment.copy(dense.data(), offset, elementSegment, 0, width);
                if (!isZero(dense.type(), elementSegment)) {
                    int end = Math.multiplyExact(nz.count + 1, ndim);
                    if (end > nz.coordinates.length) {
                        nz.coordinates = Arrays.copyOf(nz.coordinates, (int) Math.min(Integer.MAX_VALUE - 8, 2L * end));
                    }
                    System.arraycopy(at, 0, nz.coordinates, nz.count * ndim, ndim);
                    nz.count = Math.addExact(nz.count, 1);
                    nz.values.write(element, 0, width);
                }
                step(at, shape, columnMajor);
            }
            return nz;
        }

        private static void step(long[] at, long[] shape, boolean columnMajor) {
            if (columnMajor) {
                for (int d = 0; d < at.length && ++at[d] == shape[d]; d++) {
                    at[d] = 0;
                }
            } else {
                for (int d = at.length - 1; d >= 0 && ++at[d] == shape[d]; d--) {
                    at[d] = 0;
                }
            }
        }

        private static boolean isZero(ArrowType type, MemorySegment element) {
            return switch (type) {
                case ArrowType.FloatingPoint f -> switch (f.precision()) {
                    case HALF -> Float.float16ToFloat(element.get(ValueLayout.JAVA_SHORT_UNALIGNED
                            .withOrder(ByteOrder.LITTLE_ENDIAN), 0)) == 0;
                    case SINGLE -> element.get(ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), 0) == 0;
                    case DOUBLE -> element.get(ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), 0) == 0;
                };
                default -> {
                    for (long i = 0; i < element.byteSize(); i++) {
                        if (element.get(ValueLayout.JAVA_BYTE, i) != 0) {
                            yield false;
                        }
                    }
                    yield true;
                }
            };
        }
    }
}
