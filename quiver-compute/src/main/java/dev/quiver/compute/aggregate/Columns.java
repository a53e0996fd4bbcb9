// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.aggregate;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/** The result columns of aggregates, from per-group primitive arrays; slot {@code g} null where {@code valid[g]} is false. */
final class Columns {
    private Columns() {
    }

    /** A column of {@code type} (read as {@code kind}, {@code width} bytes) from longs or doubles. */
    static ArrayData of(ArrowType type, NumericValues.Kind kind, int width, long[] longs, double[] doubles,
            boolean[] valid, int n) {
        if (kind == NumericValues.Kind.BOOL) {
            boolean[] bits = new boolean[n];
            for (int g = 0; g < n; g++) {
                bits[g] = longs[g] != 0;
            }
            return bools(bits, valid, n);
        }
        ArrowBuffer buffer = BufferAllocator.managed().allocate((long) n * width);
        MemorySegment out = buffer.segment();
        for (int g = 0; g < n; g++) {
            if (kind == NumericValues.Kind.FLOAT) {
                if (width == 8) {
                    out.set(LittleEndian.DOUBLE, g * 8L, doubles[g]);
                } else {
                    out.set(LittleEndian.FLOAT, g * 4L, (float) doubles[g]);
                }
            } else {
                switch (width) {
                    case 1 -> out.set(LittleEndian.BYTE, g, (byte) longs[g]);
                    case 2 -> out.set(LittleEndian.SHORT, g * 2L, (short) longs[g]);
                    case 4 -> out.set(LittleEndian.INT, g * 4L, (int) longs[g]);
                    default -> out.set(LittleEndian.LONG, g * 8L, longs[g]);
                }
            }
        }
        return column(type, buffer, valid, n);
    }

    /** An int64 (or uint64) column. */
    static ArrayData longs(ArrowType type, long[] values, boolean[] valid, int n) {
        ArrowBuffer buffer = BufferAllocator.managed().allocate(8L * n);
        MemorySegment.copy(MemorySegment.ofArray(values), 0, buffer.segment(), 0, 8L * n);
        return column(type, buffer, valid, n);
    }

    /** A float64 column. */
    static ArrayData doubles(double[] values, boolean[] valid, int n) {
        ArrowBuffer buffer = BufferAllocator.managed().allocate(8L * n);
        MemorySegment.copy(MemorySegment.ofArray(values), 0, buffer.segment(), 0, 8L * n);
        return column(ArrowType.FLOAT64, buffer, valid, n);
    }

    /** A bool column. */
    static ArrayData bools(boolean[] values, boolean[] valid, int n) {
        ArrowBuffer buffer = BufferAllocator.managed().allocate(Bitmaps.bytesFor(n));
        for (int g = 0; g < n; g++) {
            if (values[g]) {
                Bitmaps.set(buffer.segment(), g, true);
            }
        }
        return column(ArrowType.BOOL, buffer, valid, n);
    }

    private static ArrayData column(ArrowType type, ArrowBuffer values, boolean[] valid, int n) {
        ArrowBuffer validity = null;
        long nulls = 0;
        if (valid != null) {
            for (int g = 0; g < n; g++) {
                if (!valid[g]) {
                    nulls++;
                }
            }
            if (nulls > 0) {
                validity = BufferAllocator.managed().allocate(Bitmaps.bytesFor(n));
                for (int g = 0; g < n; g++) {
                    if (valid[g]) {
                        Bitmaps.set(validity.segment(), g, true);
                    }
                }
            }
        }
        return new ArrayData(type, n, 0, nulls, Arrays.asList(validity, values), List.of(), null);
    }
}
