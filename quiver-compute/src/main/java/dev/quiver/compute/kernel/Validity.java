// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.kernel;

import dev.quiver.core.array.Array;
import dev.quiver.core.memory.ArrowBuffer;
import java.lang.foreign.MemorySegment;

/**
 * The validity of kernel outputs: copies and intersections of input validity bitmaps, written at offset zero, and
 * {@code null} where every row is valid.
 */
public final class Validity {
    private Validity() {
    }

    /**
     * The validity bitmap segment of an array, or {@code null} when it has no nulls.
     *
     * @param array the array
     * @return its validity bitmap (read at {@code array.offset()}), or {@code null} if every value is valid
     */
    public static MemorySegment segment(Array array) {
        if (array.nullCount() == 0) {
            return null;
        }
        ArrowBuffer validity = array.data().validity();
        return validity == null ? null : validity.segment();
    }

    /**
     * A new validity bitmap at offset zero that is the intersection of the arrays' validity (all of equal length).
     *
     * @param arrays the inputs
     * @return the bitmap, or {@code null} when every row of every input is valid
     */
    public static ArrowBuffer and(Array... arrays) {
        long length = arrays[0].length();
        int withNulls = 0;
        for (Array a : arrays) {
            if (segment(a) != null) {
                withNulls++;
            }
        }
        if (withNulls == 0) {
            return null;
        }
        ArrowBuffer out = Outputs.allocateBits(length);
        MemorySegment o = out.segment();
        for (long i = 0; i < length; i += 64) {
            int n = (int) Math.min(64, length - i);
            long w = -1L;
            for (Array a : arrays) {
                MemorySegment s = segment(a);
                if (s != null) {
                    w &= Bits.word(s, a.offset() + i, n);
                }
            }
            Bits.putWord(o, i, w, n);
        }
        return out;
    }

    /**
     * The validity of a row-wise kernel's output over operands where one of length one is broadcast: a null
     * broadcast operand makes every row null.
     *
     * @param n the output length
     * @param operands the operands, each of length {@code n} or 1
     * @return the bitmap at offset zero, or {@code null} when every row is valid
     */
    public static ArrowBuffer broadcast(long n, Array... operands) {
        java.util.List<Array> full = new java.util.ArrayList<>();
        for (Array a : operands) {
            if (a.length() == 1 && n != 1) {
                if (a.isNull(0)) {
                    return Outputs.allocateBits(n);
                }
            } else {
                full.add(a);
            }
        }
        return full.isEmpty() ? null : and(full.toArray(new Array[0]));
    }

    /**
     * Counts the unset bits of a bitmap written at offset zero.
     *
     * @param bitmap the bitmap, or {@code null} for "all set"
     * @param length the number of bits
     * @return the number of nulls it declares
     */
    public static long nullCount(ArrowBuffer bitmap, long length) {
        return bitmap == null ? 0 : length - Bits.countAnd(bitmap.segment(), 0, null, 0, length);
    }
}
