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
 * Whole-column sum, min and max of int64 and float64 columns with pyarrow's default options, straight over
 * the values segment: a chunk without nulls in one small loop that the JIT vectorizes, else the set bits
 * of each 64-row validity word. Other cases go through the accumulators.
 */
final class FastPaths {
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
            if (longs && validity == null) {
                acc = switch (f) {
                    case SUM -> sumLongs(s, base, n, acc);
                    case MIN -> minLongs(s, base, n, acc);
                    default -> maxLongs(s, base, n, acc);
                };
                continue;
            }
            if (doubles && validity == null && f == AggregateFunction.SUM) {
                dacc += sumDoubles(s, base, n);
                continue;
            }
            for (long from = 0; from < n; from += 64) {
                int k = (int) Math.min(64, n - from);
                long word = validity == null ? -1L : Bits.word(validity, base + from);
                if (k < 64) {
                    word &= (1L << k) - 1;
                }
                long at = base + from;
                for (; word != 0; word &= word - 1) {
                    long i = at + Long.numberOfTrailingZeros(word);
                    if (longs) {
                        long x = s.get(LittleEndian.LONG, i * 8);
                        acc = f == AggregateFunction.SUM ? acc + x : f == AggregateFunction.MIN ? Math.min(acc, x) : Math.max(acc, x);
                    } else {
                        double x = s.get(LittleEndian.DOUBLE, i * 8);
                        if (f == AggregateFunction.SUM) {
                            dacc += x;
                        } else if (x == x) {
                            nonNan = true;
                            dacc = f == AggregateFunction.MIN ? (x < dacc ? x : dacc) : (x > dacc ? x : dacc);
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

    // One small loop per case over a chunk without nulls: the JIT vectorizes them.

    private static long sumLongs(MemorySegment s, long base, long n, long acc) {
        for (long i = 0; i < n; i++) {
            acc += s.get(LittleEndian.LONG, (base + i) * 8);
        }
        return acc;
    }

    /** The least value, in four independent lanes (no dependency chain from one value to the next). */
    private static long minLongs(MemorySegment s, long base, long n, long acc) {
        long m0 = acc;
        long m1 = acc;
        long m2 = acc;
        long m3 = acc;
        long i = 0;
        for (; i + 4 <= n; i += 4) {
            long at = (base + i) * 8;
            m0 = Math.min(m0, s.get(LittleEndian.LONG, at));
            m1 = Math.min(m1, s.get(LittleEndian.LONG, at + 8));
            m2 = Math.min(m2, s.get(LittleEndian.LONG, at + 16));
            m3 = Math.min(m3, s.get(LittleEndian.LONG, at + 24));
        }
        for (; i < n; i++) {
            m0 = Math.min(m0, s.get(LittleEndian.LONG, (base + i) * 8));
        }
        return Math.min(Math.min(m0, m1), Math.min(m2, m3));
    }

    /** The greatest value, in four independent lanes. */
    private static long maxLongs(MemorySegment s, long base, long n, long acc) {
        long m0 = acc;
        long m1 = acc;
        long m2 = acc;
        long m3 = acc;
        long i = 0;
        for (; i + 4 <= n; i += 4) {
            long at = (base + i) * 8;
            m0 = Math.max(m0, s.get(LittleEndian.LONG, at));
            m1 = Math.max(m1, s.get(LittleEndian.LONG, at + 8));
            m2 = Math.max(m2, s.get(LittleEndian.LONG, at + 16));
            m3 = Math.max(m3, s.get(LittleEndian.LONG, at + 24));
        }
        for (; i < n; i++) {
            m0 = Math.max(m0, s.get(LittleEndian.LONG, (base + i) * 8));
        }
        return Math.max(Math.max(m0, m1), Math.max(m2, m3));
    }

    /** The sum in four interleaved partial sums (breaks the dependency chain; pairwise-like). */
    private static double sumDoubles(MemorySegment s, long base, long n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        long i = 0;
        for (; i + 4 <= n; i += 4) {
            long at = (base + i) * 8;
            s0 += s.get(LittleEndian.DOUBLE, at);
            s1 += s.get(LittleEndian.DOUBLE, at + 8);
            s2 += s.get(LittleEndian.DOUBLE, at + 16);
            s3 += s.get(LittleEndian.DOUBLE, at + 24);
        }
        for (; i < n; i++) {
            s0 += s.get(LittleEndian.DOUBLE, (base + i) * 8);
        }
        return (s0 + s1) + (s2 + s3);
    }
}
