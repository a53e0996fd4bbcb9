// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SparseTensorMessagesTest {

    private static MemorySegment longs(long... v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long x : v) {
            b.putLong(x);
        }
        return MemorySegment.ofArray(b.array());
    }

    private static MemorySegment ints(int... v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int x : v) {
            b.putInt(x);
        }
        return MemorySegment.ofArray(b.array());
    }

    private static Tensor vector(long... v) {
        return Tensor.rowMajor(ArrowType.INT64, new long[] {v.length}, List.of(), longs(v));
    }

    private static List<Long> longsOf(Tensor t) {
        List<Long> out = new ArrayList<>();
        for (long i = 0; i < t.size(); i++) {
            out.add(t.getLong(i));
        }
        return out;
    }

    /** The 6x4 matrix of the SparseMatrixIndexCSX comment in SparseTensor.fbs. */
    private static Tensor csxExample() {
        return Tensor.rowMajor(ArrowType.INT32, new long[] {6, 4}, List.of(), ints(
                0, 1, 2, 0,
                0, 0, 3, 0,
                0, 4, 0, 5,
                0, 0, 0, 0,
                6, 0, 7, 8,
                0, 9, 0, 0));
    }

    /** The 2x3x4x5 tensor of the SparseTensorIndexCSF comment in SparseTensor.fbs. */
    private static Tensor csfExample() {
        int[] values = new int[2 * 3 * 4 * 5];
        int[][] at = {{0, 0, 0, 1}, {0, 0, 0, 2}, {0, 1, 0, 0}, {0, 1, 0, 2}, {0, 1, 1, 0}, {1, 1, 1, 0}, {1, 1, 1, 1},
            {1, 1, 1, 2}};
        for (int k = 0; k < at.length; k++) {
            values[((at[k][0] * 3 + at[k][1]) * 4 + at[k][2]) * 5 + at[k][3]] = k + 1;
        }
        return Tensor.rowMajor(ArrowType.INT32, new long[] {2, 3, 4, 5}, List.of("a", "b", "c", "d"), ints(values));
    }

    private static void assertSameDense(Tensor expected, Tensor actual) {
        assertEquals(expected.type(), actual.type());
        assertArrayEquals(expected.shape(), actual.shape());
        assertEquals(expected.dimNames(), actual.dimNames());
        long[] at = new long[expected.ndim()];
        for (long e = 0; e < expected.size(); e++) {
            assertEquals(expected.getLong(at), actual.getLong(at), () -> java.util.Arrays.toString(at));
            for (int d = at.length - 1; d >= 0 && ++at[d] == expected.shape()[d]; d--) {
                at[d] = 0;
            }
        }
    }

    private static SparseTensor roundTrip(SparseTensor sparse) {
        return SparseTensorMessages.read(MemorySegment.ofArray(SparseTensorMessages.toBytes(sparse)));
    }

    @Test
    void csrOfTheSpecExample() {
        SparseTensor csr = SparseTensorConversions.fromDense(csxExample(), SparseIndex.Format.CSR);
        SparseIndex.Csx index = (SparseIndex.Csx) csr.index();
        assertEquals(SparseIndex.Format.CSR, index.format());
        // The comment says [0, 2, 3, 5, 5, 8, 10]; with its nine values the last entry is 9.
        assertEquals(List.of(0L, 2L, 3L, 5L, 5L, 8L, 9L), longsOf(index.indptr()));
        assertEquals(List.of(1L, 2L, 2L, 1L, 3L, 0L, 2L, 3L, 1L), longsOf(index.indices()));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L), longsOf(csr.values()));
        assertSameDense(csxExample(), SparseTensorConversions.toDense(roundTrip(csr)));
    }

    @Test
    void cscCompressesColumns() {
        SparseTensor csc = roundTrip(SparseTensorConversions.fromDense(csxExample(), SparseIndex.Format.CSC));
        SparseIndex.Csx index = (SparseIndex.Csx) csc.index();
        assertEquals(SparseIndex.Axis.COLUMN, index.axis());
        assertEquals(List.of(0L, 1L, 4L, 7L, 9L), longsOf(index.indptr()));
        assertEquals(List.of(4L, 0L, 2L, 5L, 0L, 1L, 4L, 2L, 4L), longsOf(index.indices()));
        assertEquals(List.of(6L, 1L, 4L, 9L, 2L, 3L, 7L, 5L, 8L), longsOf(csc.values()));
        assertSameDense(csxExample(), SparseTensorConversions.toDense(csc));
    }

    @Test
    void csfOfTheSpecExample() {
        SparseTensor csf = roundTrip(SparseTensorConversions.fromDense(csfExample(), SparseIndex.Format.CSF));
        SparseIndex.Csf index = (SparseIndex.Csf) csf.index();
        assertEquals(List.of(List.of(0L, 2L, 3L), List.of(0L, 1L, 3L, 4L), List.of(0L, 2L, 4L, 5L, 8L)),
                index.indptr().stream().map(SparseTensorMessagesTest::longsOf).toList());
        assertEquals(List.of(List.of(0L, 1L), List.of(0L, 1L, 1L), List.of(0L, 0L, 1L, 1L),
                List.of(1L, 2L, 0L, 2L, 0L, 0L, 1L, 2L)),
                index.indices().stream().map(SparseTensorMessagesTest::longsOf).toList());
        assertEquals(List.of(0, 1, 2, 3), index.axisOrder());
        assertEquals(List.of("a", "b", "c", "d"), csf.dimNames());
        assertSameDense(csfExample(), SparseTensorConversions.toDense(csf));
    }

    @Test
    void cooOfTheSpecExampleIsCanonical() {
        // The six values of the SparseTensorIndexCOO comment, in the order given there.
        long[][] at = {{0, 1, 2, 0}, {1, 1, 2, 3}, {0, 2, 1, 0}, {0, 1, 3, 0}, {0, 1, 2, 1}, {1, 2, 0, 4}};
        long[] flat = new long[24];
        for (int k = 0; k < 6; k++) {
            System.arraycopy(at[k], 0, flat, 4 * k, 4);
        }
        Tensor indices = Tensor.rowMajor(ArrowType.INT64, new long[] {6, 4}, List.of(), longs(flat));
        SparseTensor unsorted = new SparseTensor(ArrowType.INT32, new long[] {2, 3, 4, 5}, List.of(), 6,
                new SparseIndex.Coo(indices, false), ints(1, 2, 3, 4, 5, 6));
        assertThrows(IllegalArgumentException.class, () -> new SparseTensor(ArrowType.INT32, new long[] {2, 3, 4, 5},
                List.of(), 6, new SparseIndex.Coo(indices, true), ints(1, 2, 3, 4, 5, 6)));
        Tensor dense = SparseTensorConversions.toDense(roundTrip(unsorted));
        assertEquals(6, dense.getLong(1, 2, 0, 4));
        assertEquals(4, dense.getLong(0, 1, 3, 0));
        SparseTensor canonical = roundTrip(SparseTensorConversions.fromDense(dense, SparseIndex.Format.COO));
        SparseIndex.Coo coo = (SparseIndex.Coo) canonical.index();
        assertTrue(coo.canonical());
        assertEquals(List.of(1L, 5L, 4L, 3L, 2L, 6L), longsOf(canonical.values()));
        assertEquals(List.of(0L, 1L, 2L, 1L), List.of(coo.indices().getLong(1, 0), coo.indices().getLong(1, 1),
                coo.indices().getLong(1, 2), coo.indices().getLong(1, 3)));
        assertSameDense(dense, SparseTensorConversions.toDense(canonical));
    }

    @Test
    void readingIsZeroCopy() {
        byte[] bytes = SparseTensorMessages.toBytes(SparseTensorConversions.fromDense(csxExample(),
                SparseIndex.Format.CSR));
        SparseTensor read = SparseTensorMessages.read(MemorySegment.ofArray(bytes));
        assertSame(bytes, read.values().data().heapBase().orElseThrow());
        assertSame(bytes, ((SparseIndex.Csx) read.index()).indices().data().heapBase().orElseThrow());
    }

    @Test
    void floatZerosAndEmptyTensors() {
        MemorySegment doubles = MemorySegment.ofArray(new double[] {0.0, -0.0, Double.NaN, 2.5});
        Tensor dense = Tensor.rowMajor(ArrowType.FLOAT64, new long[] {2, 2}, List.of(), doubles);
        SparseTensor coo = SparseTensorConversions.fromDense(dense, SparseIndex.Format.COO);
        assertEquals(2, coo.nonZeroLength());
        assertTrue(Double.isNaN(coo.values().getDouble(0)));
        for (SparseIndex.Format format : SparseIndex.Format.values()) {
            Tensor zeros = Tensor.rowMajor(ArrowType.UINT8, new long[] {3, 2}, List.of(), MemorySegment.ofArray(new byte[6]));
            SparseTensor empty = roundTrip(SparseTensorConversions.fromDense(zeros, format));
            assertEquals(0, empty.nonZeroLength());
            assertEquals(format, empty.index().format());
            assertSameDense(zeros, SparseTensorConversions.toDense(empty));
        }
        assertThrows(IllegalArgumentException.class,
                () -> SparseTensorConversions.fromDense(csfExample(), SparseIndex.Format.CSR));
    }

    @Test
    void inconsistentIndexesAreRefused() {
        long[] shape = {2, 3};
        MemorySegment values = longs(7, 8);
        // indptr not starting at 0, falling, not ending at the count; an index outside the shape.
        for (Tensor indptr : List.of(vector(1, 1, 2), vector(0, 2, 1), vector(0, 1, 1), vector(0, 1))) {
            assertThrows(IllegalArgumentException.class, () -> new SparseTensor(ArrowType.INT64, shape, List.of(), 2,
                    new SparseIndex.Csx(SparseIndex.Axis.ROW, indptr, vector(0, 1)), values));
        }
        assertThrows(IllegalArgumentException.class, () -> new SparseTensor(ArrowType.INT64, shape, List.of(), 2,
                new SparseIndex.Csx(SparseIndex.Axis.ROW, vector(0, 1, 2), vector(0, 3)), values));
        assertThrows(IllegalArgumentException.class, () -> new SparseTensor(ArrowType.INT64, shape, List.of(), 2,
                new SparseIndex.Csx(SparseIndex.Axis.COLUMN, vector(0, 1, 2), vector(0, 1)), values));
        // More values claimed than the data holds; COO coordinates outside the shape or of the wrong count.
        assertThrows(IllegalArgumentException.class, () -> new SparseTensor(ArrowType.INT64, shape, List.of(), 3,
                new SparseIndex.Csx(SparseIndex.Axis.ROW, vector(0, 1, 3), vector(0, 1, 2)), values));
        Tensor coo = Tensor.rowMajor(ArrowType.INT64, new long[] {2, 2}, List.of(), longs(0, 0, 2, 0));
        assertThrows(IllegalArgumentException.class, () -> new SparseTensor(ArrowType.INT64, shape, List.of(), 2,
                new SparseIndex.Coo(coo, false), values));
        assertThrows(IllegalArgumentException.class, () -> new SparseTensor(ArrowType.INT64, new long[] {2, 3, 1},
                List.of(), 2, new SparseIndex.Coo(coo, false), values));
        // CSF: not a permutation; a leaf count unlike the non-zero count; a child range past its level.
        assertThrows(IllegalArgumentException.class, () -> new SparseIndex.Csf(List.of(vector(0, 1)),
                List.of(vector(0), vector(0)), List.of(0, 0)));
        assertThrows(IllegalArgumentException.class, () -> new SparseTensor(ArrowType.INT64, shape, List.of(), 2,
                new SparseIndex.Csf(List.of(vector(0, 1)), List.of(vector(0), vector(0)), List.of(0, 1)), values));
        assertThrows(IllegalArgumentException.class, () -> new SparseTensor(ArrowType.INT64, shape, List.of(), 2,
                new SparseIndex.Csf(List.of(vector(0, 3)), List.of(vector(0), vector(0, 1)), List.of(0, 1)), values));
        SparseTensor ok = new SparseTensor(ArrowType.INT64, shape, List.of(), 2,
                new SparseIndex.Csf(List.of(vector(0, 2)), List.of(vector(1), vector(0, 1)), List.of(1, 0)), values);
        Tensor dense = SparseTensorConversions.toDense(roundTrip(ok));
        assertEquals(7, dense.getLong(0, 1));
        assertEquals(8, dense.getLong(1, 1));
        assertEquals(0, dense.getLong(1, 2));
    }

    @Test
    void corruptMessagesEndInIpcException() {
        for (SparseIndex.Format format : SparseIndex.Format.values()) {
            Tensor dense = format == SparseIndex.Format.COO || format == SparseIndex.Format.CSF ? csfExample()
                    : csxExample();
            byte[] good = SparseTensorMessages.toBytes(SparseTensorConversions.fromDense(dense, format));
            assertThrows(IpcException.class, () -> SparseTensorMessages.read(MemorySegment.ofArray(new byte[5])));
            assertThrows(IpcException.class, () -> SparseTensorMessages.read(MemorySegment.ofArray(
                    java.util.Arrays.copyOf(good, good.length - 8))));
            assertThrows(IpcException.class, () -> SparseTensorMessages.read(MemorySegment.ofArray(
                    TensorMessages.toBytes(dense))));
            Random random = new Random(15 + format.ordinal());
            int failures = 0;
            for (int k = 0; k < 3000; k++) {
                byte[] bad = good.clone();
                for (int flips = 0; flips < 2; flips++) {
                    bad[8 + random.nextInt(bad.length - 8)] = (byte) random.nextInt(256);
                }
                try {
                    SparseTensor t = SparseTensorMessages.read(MemorySegment.ofArray(bad));
                    // A message that passes the checks is safe to walk: every position names a value.
                    t.forEachNonZero((at, position) -> t.values().getLong(position));
                } catch (IpcException e) {
                    failures++;
                }
            }
            assertTrue(failures > 0, "some corruptions must be detected");
        }
    }

    @Test
    void accessorsAndToString() {
        SparseTensor csr = SparseTensorConversions.fromDense(csxExample(), SparseIndex.Format.CSR);
        assertEquals("SparseTensor[CSR, " + ArrowType.INT32 + ", shape [6, 4], 9 non-zeros]", csr.toString());
        assertEquals(2, csr.ndim());
        assertFalse(csr.dimNames().iterator().hasNext());
    }
}
