// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * Compacts sliced run-end encoded data: keeps only the runs that cover the slice, with run ends
 * relative to the slice's start and the last one clamped to its length.
 */
final class RunEndSlicer {
    private RunEndSlicer() {
    }

    static ArrayData compact(ArrayData d, ArrayCompactor compactor, BufferAllocator allocator) {
        ArrayData runEnds = d.child(0);
        ArrayData values = d.child(1);
        int width = ((ArrowType.Int) Types.storage(runEnds.type())).bitWidth() / 8;
        long o = d.offset();
        long n = d.length();
        long first = 0;
        long count = 0;
        if (n > 0) {
            first = firstEndAbove(runEnds, width, o);
            count = firstEndAbove(runEnds, width, o + n - 1) - first + 1;
        }
        ArrowBuffer ends = allocator.allocate(count * width);
        MemorySegment dst = ends.segment();
        for (long i = 0; i < count; i++) {
            long end = Math.min(end(runEnds, width, first + i) - o, n);
            switch (width) {
                case 2 -> dst.set(LittleEndian.SHORT, i * 2, (short) end);
                case 4 -> dst.set(LittleEndian.INT, i * 4, (int) end);
                default -> dst.set(LittleEndian.LONG, i * 8, end);
            }
        }
        ArrayData newEnds = new ArrayData(runEnds.type(), count, 0, 0, Arrays.asList(null, ends), List.of(), null);
        ArrayData newValues = compactor.compact(values.slice(first, count));
        return new ArrayData(d.type(), n, 0, 0, List.of(), List.of(newEnds, newValues), null);
    }

    /** The index of the first run whose end is above logical position {@code pos}. */
    private static long firstEndAbove(ArrayData runEnds, int width, long pos) {
        long lo = 0;
        long hi = runEnds.length();
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (end(runEnds, width, mid) > pos) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    static long end(ArrayData runEnds, int width, long i) {
        MemorySegment s = runEnds.buffer(1).segment();
        long at = runEnds.offset() + i;
        return switch (width) {
            case 2 -> s.get(LittleEndian.SHORT, at * 2);
            case 4 -> s.get(LittleEndian.INT, at * 4);
            default -> s.get(LittleEndian.LONG, at * 8);
        };
    }
}
