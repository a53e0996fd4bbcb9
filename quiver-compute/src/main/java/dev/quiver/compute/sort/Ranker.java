// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.sort;

import dev.quiver.compute.kernel.Outputs;
import dev.quiver.core.array.Array;
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
        int start = 0;
        long dense = 0;
        while (start < n) {
            int end = start + 1;
            if (ties != Tiebreaker.FIRST) {
                while (end < n && same(values, perm[start], perm[end])) {
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

    private static boolean same(Array values, int a, int b) {
        boolean nullA = values.isNull(a);
        if (nullA || values.isNull(b)) {
            return nullA == values.isNull(b);
        }
        Object x = values.getObject(a);
        Object y = values.getObject(b);
        if (x instanceof Double d && y instanceof Double e) {
            return d.isNaN() && e.isNaN() || d.doubleValue() == e.doubleValue();
        }
        if (x instanceof Float d && y instanceof Float e) {
            return d.isNaN() && e.isNaN() || d.floatValue() == e.floatValue();
        }
        return values.rangeEquals(a, values, b, 1);
    }
}
