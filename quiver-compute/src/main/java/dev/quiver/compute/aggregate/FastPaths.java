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
 * the values segment: one loop without a branch per value where there is no null, else 64 rows per
 * validity word. Other cases go through the accumulators.
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
            for (long from = 0; from < n; from += 64) {
                int k = (int) Math.min(64, n - from);
                long word = validity == null ? -1L : Bits.word(validity, base + from);
                if (k < 64) {
                    word &= (1L << k) - 1;
                }
                long at = base + from;
                if (longs) {
                    acc = foldLongs(f, s, at, k, word, acc);
                } else {
                    for (int r = 0; r < k; r++) {
                        if ((word >>> r & 1) != 0) {
                            double x = s.get(LittleEndian.DOUBLE, (at + r) * 8);
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

    private static long foldLongs(AggregateFunction f, MemorySegment s, long at, int k, long word, long acc) {
        if (word == -1L) {
            switch (f) {
                case SUM -> {
                    for (int r = 0; r < 64; r++) {
                        acc += s.get(LittleEndian.LONG, (at + r) * 8);
                    }
                }
                case MIN -> {
                    for (int r = 0; r < 64; r++) {
                        acc = Math.min(acc, s.get(LittleEndian.LONG, (at + r) * 8));
                    }
                }
                default -> {
                    for (int r = 0; r < 64; r++) {
                        acc = Math.max(acc, s.get(LittleEndian.LONG, (at + r) * 8));
                    }
                }
            }
            return acc;
        }
        for (int r = 0; r < k; r++) {
            if ((word >>> r & 1) != 0) {
                long x = s.get(LittleEndian.LONG, (at + r) * 8);
                acc = switch (f) {
                    case SUM -> acc + x;
                    case MIN -> Math.min(acc, x);
                    default -> Math.max(acc, x);
                };
            }
        }
        return acc;
    }
}
