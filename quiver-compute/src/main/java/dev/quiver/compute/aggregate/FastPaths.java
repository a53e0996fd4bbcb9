// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.aggregate;

import dev.quiver.compute.kernel.Bits;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.ChunkedArray;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;

/**
 * Whole-column sum, min and max of int64 and float64 columns with pyarrow's default options: blocks of
 * values copied from the segment to a heap array (null slots set to the function's neutral value, 64 rows
 * per validity word), then a loop without a branch per value. Other cases go through the accumulators.
 */
final class FastPaths {
    /** Values copied to a heap array at a time: the loops over it vectorize, and it stays in cache. */
    private static final int BLOCK = 4096;

    private FastPaths() {
    }

    /** The result, or null when this path does not take the case. */
    static Array of(ChunkedArray values, Aggregation spec) {
        AggregateFunction f = spec.function();
        boolean longs = values.type().equals(ArrowType.INT64);
        boolean doubles = values.type().equals(ArrowType.FLOAT64);
        if (!(longs || doubles) || !spec.skipNulls() || spec.minCount() > 1
                || !(f == AggregateFunction.SUM || f == AggregateFunction.MIN || f == AggregateFunction.MAX)) {
            return null;
        }
        long count = 0;
        long acc = f == AggregateFunction.MIN ? Long.MAX_VALUE : f == AggregateFunction.MAX ? Long.MIN_VALUE : 0;
        double dacc = f == AggregateFunction.MIN ? Double.POSITIVE_INFINITY : f == AggregateFunction.MAX
                ? Double.NEGATIVE_INFINITY : 0;
        boolean nonNan = false;
        long[] lbuf = longs ? new long[BLOCK] : null;
        double[] dbuf = doubles ? new double[BLOCK] : null;
        for (Array chunk : values.chunks()) {
            ArrayData data = chunk.data();
            long n = data.length();
            if (n == 0) {
                continue;
            }
            MemorySegment s = data.buffer(1).segment();
            long base = data.offset();
            MemorySegment validity = data.validity() == null || data.nullCount() == 0 ? null : data.validity().segment();
            count += n - (validity == null ? 0 : data.nullCount());
            for (long from = 0; from < n; from += BLOCK) {
                int k = (int) Math.min(BLOCK, n - from);
                long at = (base + from) * 8;
                if (longs) {
                    MemorySegment.copy(s, LittleEndian.LONG, at, lbuf, 0, k);
                    if (validity != null) {
                        neutralLongs(f, lbuf, k, validity, base + from);
                    }
                    acc = foldLongs(f, lbuf, k, acc);
                } else {
                    MemorySegment.copy(s, LittleEndian.DOUBLE, at, dbuf, 0, k);
                    if (validity != null) {
                        neutralDoubles(f, dbuf, k, validity, base + from);
                    }
                    if (f == AggregateFunction.SUM) {
                        dacc += sum(dbuf, k);
                    } else {
                        for (int r = 0; r < k; r++) {
                            double x = dbuf[r];
                            if (x == x) {
                                nonNan = true;
                                dacc = f == AggregateFunction.MIN ? (x < dacc ? x : dacc) : (x > dacc ? x : dacc);
                            }
                        }
                    }
                }
            }
        }
        boolean[] valid = {f == AggregateFunction.SUM ? count >= spec.minCount() : count >= Math.max(1, spec.minCount())};
        if (longs) {
            ArrowType out = ArrowType.INT64;
            return Array.ofUnchecked(Columns.longs(out, new long[] {acc}, valid, 1));
        }
        if (f != AggregateFunction.SUM && !nonNan) {
            dacc = Double.NaN;
        }
        return Array.ofUnchecked(Columns.doubles(new double[] {dacc}, valid, 1));
    }

    /** Replaces the null slots of a block by the function's neutral value (0, or the extreme that never wins). */
    private static void neutralLongs(AggregateFunction f, long[] buf, int k, MemorySegment validity, long bit) {
        long neutral = f == AggregateFunction.SUM ? 0 : f == AggregateFunction.MIN ? Long.MAX_VALUE : Long.MIN_VALUE;
        for (int r0 = 0; r0 < k; r0 += 64) {
            long nulls = ~Bits.word(validity, bit + r0);
            if (k - r0 < 64) {
                nulls &= (1L << (k - r0)) - 1;
            }
            for (; nulls != 0; nulls &= nulls - 1) {
                buf[r0 + Long.numberOfTrailingZeros(nulls)] = neutral;
            }
        }
    }

    /** {@link #neutralLongs} for doubles: 0 for a sum, NaN (skipped) for min and max. */
    private static void neutralDoubles(AggregateFunction f, double[] buf, int k, MemorySegment validity, long bit) {
        double neutral = f == AggregateFunction.SUM ? 0 : Double.NaN;
        for (int r0 = 0; r0 < k; r0 += 64) {
            long nulls = ~Bits.word(validity, bit + r0);
            if (k - r0 < 64) {
                nulls &= (1L << (k - r0)) - 1;
            }
            for (; nulls != 0; nulls &= nulls - 1) {
                buf[r0 + Long.numberOfTrailingZeros(nulls)] = neutral;
            }
        }
    }

    /** The sum of {@code buf[0, k)} in four interleaved partial sums (pairwise-like, and vectorizable). */
    private static double sum(double[] buf, int k) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int r = 0;
        for (; r + 4 <= k; r += 4) {
            s0 += buf[r];
            s1 += buf[r + 1];
            s2 += buf[r + 2];
            s3 += buf[r + 3];
        }
        for (; r < k; r++) {
            s0 += buf[r];
        }
        return (s0 + s1) + (s2 + s3);
    }

    private static long foldLongs(AggregateFunction f, long[] buf, int k, long acc) {
        switch (f) {
            case SUM -> {
                for (int r = 0; r < k; r++) {
                    acc += buf[r];
                }
            }
            case MIN -> {
                for (int r = 0; r < k; r++) {
                    acc = Math.min(acc, buf[r]);
                }
            }
            default -> {
                for (int r = 0; r < k; r++) {
                    acc = Math.max(acc, buf[r]);
                }
            }
        }
        return acc;
    }
}
