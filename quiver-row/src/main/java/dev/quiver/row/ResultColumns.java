// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.HalfFloat;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/** Builds the output columns of a group-by from per-group primitive arrays. */
final class ResultColumns {
    private ResultColumns() {
    }

    /**
     * A column of an integer type (by its storage width) from {@code values[0, n)}; slot {@code g} is null
     * where {@code counts[g] == 0} (none is when {@code counts} is null).
     */
    static ArrayData longs(ArrowType type, long[] values, long[] counts, int n, BufferAllocator allocator) {
        int width = ((ArrowType.Int) Types.storage(type)).bitWidth() / 8;
        ArrowBuffer buffer = allocator.allocate((long) n * width);
        MemorySegment out = buffer.segment();
        for (int g = 0; g < n; g++) {
            switch (width) {
                case 1 -> out.set(LittleEndian.BYTE, g, (byte) values[g]);
                case 2 -> out.set(LittleEndian.SHORT, g * 2L, (short) values[g]);
                case 4 -> out.set(LittleEndian.INT, g * 4L, (int) values[g]);
                default -> out.set(LittleEndian.LONG, g * 8L, values[g]);
            }
        }
        return column(type, n, counts, buffer, allocator);
    }

    /** A column of a floating-point type from {@code values[0, n)}; nulls as in {@link #longs}. */
    static ArrayData doubles(ArrowType type, double[] values, long[] counts, int n, BufferAllocator allocator) {
        ArrowType.FloatingPoint fp = (ArrowType.FloatingPoint) Types.storage(type);
        int width = fp.precision().bitWidth() / 8;
        ArrowBuffer buffer = allocator.allocate((long) n * width);
        MemorySegment out = buffer.segment();
        for (int g = 0; g < n; g++) {
            switch (fp.precision()) {
                case HALF -> out.set(LittleEndian.SHORT, g * 2L, HalfFloat.fromFloat((float) values[g]));
                case SINGLE -> out.set(LittleEndian.FLOAT, g * 4L, (float) values[g]);
                case DOUBLE -> out.set(LittleEndian.DOUBLE, g * 8L, values[g]);
            }
        }
        return column(type, n, counts, buffer, allocator);
    }

    private static ArrayData column(ArrowType type, int n, long[] counts, ArrowBuffer values,
            BufferAllocator allocator) {
        ArrowBuffer validity = null;
        long nulls = 0;
        if (counts != null) {
            for (int g = 0; g < n; g++) {
                if (counts[g] == 0) {
                    nulls++;
                }
            }
            if (nulls > 0) {
                validity = allocator.allocate(Bitmaps.bytesFor(n));
                for (int g = 0; g < n; g++) {
                    if (counts[g] != 0) {
                        Bitmaps.set(validity.segment(), g, true);
                    }
                }
            }
        }
        return new ArrayData(type, n, 0, nulls, Arrays.asList(validity, values), List.of(), null);
    }
}
