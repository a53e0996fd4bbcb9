// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

class TensorMessagesTest {

    private static MemorySegment ints(int... v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int x : v) {
            b.putInt(x);
        }
        return MemorySegment.ofArray(b.array());
    }

    @Test
    void roundTripKeepsTypeShapeNamesAndValues() {
        Tensor t = Tensor.rowMajor(ArrowType.INT32, new long[] {2, 3}, List.of("r", "c"), ints(0, 1, 2, 3, 4, 5));
        Tensor back = TensorMessages.read(MemorySegment.ofArray(TensorMessages.toBytes(t)));
        assertEquals(ArrowType.INT32, back.type());
        assertArrayEquals(new long[] {2, 3}, back.shape());
        assertArrayEquals(new long[] {12, 4}, back.strides());
        assertEquals(List.of("r", "c"), back.dimNames());
        assertEquals(5, back.getLong(1, 2));
        assertEquals(3, back.getLong(1, 0));
    }

    @Test
    void aStridedTensorIsWrittenRowMajor() {
        // Column-major 2x3: element (i, j) at byte 4 * (i + 2 * j).
        Tensor colMajor = new Tensor(ArrowType.INT32, new long[] {2, 3}, new long[] {4, 8}, List.of(),
                ints(0, 3, 1, 4, 2, 5));
        assertEquals(4, colMajor.getLong(1, 1));
        Tensor back = TensorMessages.read(MemorySegment.ofArray(TensorMessages.toBytes(colMajor)));
        assertTrue(back.isRowMajor());
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 3; j++) {
                assertEquals(3L * i + j, back.getLong(i, j));
            }
        }
    }

    @Test
    void layoutsOutsideTheDataAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Tensor(ArrowType.INT32, new long[] {2, 3},
                new long[] {12, 4}, List.of(), ints(1, 2, 3, 4, 5)));
        assertThrows(IllegalArgumentException.class, () -> new Tensor(ArrowType.INT32, new long[] {2},
                new long[] {-4}, List.of(), ints(1, 2)));
        assertThrows(IllegalArgumentException.class, () -> new Tensor(ArrowType.INT32, new long[] {Long.MAX_VALUE, 2},
                new long[] {Long.MAX_VALUE, 4}, List.of(), ints(1, 2)));
        assertThrows(IllegalArgumentException.class, () -> new Tensor(ArrowType.UTF8, new long[] {1},
                new long[] {1}, List.of(), ints(1)));
        Tensor empty = new Tensor(ArrowType.INT8, new long[] {0, 5}, new long[] {5, 1}, List.of(), MemorySegment.NULL);
        assertEquals(0, empty.size());
    }

    @Test
    void corruptMessagesEndInIpcException() {
        byte[] good = TensorMessages.toBytes(Tensor.rowMajor(ArrowType.FLOAT64, new long[] {2, 2}, List.of("a", "b"),
                MemorySegment.ofArray(new byte[32])));
        assertEquals(4, TensorMessages.read(MemorySegment.ofArray(good)).size());
        assertThrows(IpcException.class, () -> TensorMessages.read(MemorySegment.ofArray(new byte[3])));
        assertThrows(IpcException.class, () -> TensorMessages.read(MemorySegment.ofArray(java.util.Arrays.copyOf(good,
                good.length - 64))));
        java.util.Random random = new java.util.Random(15);
        int failures = 0;
        for (int k = 0; k < 2000; k++) {
            byte[] bad = good.clone();
            for (int flips = 0; flips < 3; flips++) {
                bad[8 + random.nextInt(bad.length - 8 - 64)] = (byte) random.nextInt(256);
            }
            try {
                Tensor t = TensorMessages.read(MemorySegment.ofArray(bad));
                if (t.size() > 0) {
                    t.byteOffset(new long[t.ndim()]);
                }
            } catch (IpcException e) {
                failures++;
            }
        }
        assertTrue(failures > 0, "some corruptions must be detected");
    }
}
