// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.sort;

import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;

/** Ranks from a sorted permutation: runs of equal values (nulls equal to nulls, NaNs to NaNs) share per tiebreaker. */
final class Ranker {
    private Ranker() {
    }

    static Array rank(Array values, int[] perm, Tiebreaker ties) {
        int n = perm.length;
        ArrowBuffer out = Outputs.allocateForOverwrite(n * 8L);
        MemorySegment s = out.segment();
        Array plain = values instanceof DictionaryArray d ? d.dictionary() : values;
        int kind = Physical.kind(plain.type());
        MemorySegment floats = Physical.isFloat(kind) ? Chunks.values(plain) : null;
        int start = 0;
        long dense = 0;
        while (start < n) {
            int end = start + 1;
            if (ties != Tiebreaker.FIRST) {
                while (end < n && same(values, plain, floats, kind, perm[start], perm[end])) {
                    end++;
                }
            }
            dense++;
            for (int i = start; i < end; i++) {
                long r = switch (ties) {
                    case MIN -> start + 1;
                    case MAX -> end;
                    case FIRST -> i + 1;
                    case DENSE -> dense;
                };
                s.set(LittleEndian.LONG, perm[i] * 8L, r);
            }
            start = end;
        }
        return Outputs.fixedWidth(ArrowType.UINT64, n, null, out);
    }

    /**
     * Whether two rows hold equal values; floats (read from {@code floats}: the values of {@code plain}, the array or
     * its dictionary) as numbers, NaN equal to NaN.
     */
    private static boolean same(Array values, Array plain, MemorySegment floats, int kind, int a, int b) {
        boolean nullA = values.isNull(a);
        if (nullA || values.isNull(b)) {
            return nullA == values.isNull(b);
        }
        if (floats != null) {
            long pa = values instanceof DictionaryArray d ? d.getIndex(a) : a;
            long pb = values instanceof DictionaryArray d ? d.getIndex(b) : b;
            if (!plain.isNull(pa) && !plain.isNull(pb)) {
                double x = Physical.readDouble(floats, kind, plain.offset() + pa);
                double y = Physical.readDouble(floats, kind, plain.offset() + pb);
                return x == y || x != x && y != y;
            }
        }
        return values.rangeEquals(a, values, b, 1);
    }
}
