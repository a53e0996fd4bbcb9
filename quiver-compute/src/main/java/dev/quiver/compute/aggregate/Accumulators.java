// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.aggregate;

import dev.quiver.compute.hash.KeyGrouper;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import java.util.Arrays;
import java.util.List;

/** The accumulators of the aggregate functions. */
final class Accumulators {
    private Accumulators() {
    }

    /** count: non-null, null or all values. */
    static final class Count extends Accumulator {
        Count(Aggregation spec, NumericValues v) {
            super(spec, v);
        }

        @Override
        void grow(int n) {
        }

        @Override
        void fold(NumericValues v, ArrayData column, long from, int[] ids, int n) {
        }

        @Override
        ArrayData finish(int groups) {
            long[] out = new long[groups];
            for (int g = 0; g < groups; g++) {
                out[g] = switch (spec.countMode()) {
                    case ONLY_VALID -> counts[g];
                    case ONLY_NULL -> nulls[g];
                    case ALL -> counts[g] + nulls[g];
                };
            }
            return Columns.longs(ArrowType.INT64, out, null, groups);
        }

        private long[] nulls = new long[16];

        @Override
        void update(NumericValues v, ArrayData column, long from, int[] ids, int n) {
            super.update(v, column, from, ids, n);
            if (nulls.length < counts.length) {
                nulls = Arrays.copyOf(nulls, counts.length);
            }
            boolean[] valid = v.valid;
            for (int r = 0; r < n; r++) {
                if (!valid[r]) {
                    nulls[ids[r]]++;
                }
            }
        }
    }

    /** count_distinct: the distinct (group, value) pairs, on a key grouper of both. */
    static final class CountDistinct extends Accumulator {
        private final KeyGrouper pairs;
        private long[] distinct = new long[16];
        private boolean[] nullPair = new boolean[16];
        private final int[] pairIds = new int[NumericValues.MINI_BATCH];
        private final ArrowBuffer idBuffer = BufferAllocator.managed().allocate(4L * NumericValues.MINI_BATCH);

        CountDistinct(Aggregation spec, NumericValues v) {
            super(spec, v);
            this.pairs = new KeyGrouper(List.of(ArrowType.INT32, v.type));
        }

        @Override
        void grow(int n) {
            distinct = Arrays.copyOf(distinct, n);
            nullPair = Arrays.copyOf(nullPair, n);
        }

        @Override
        void fold(NumericValues v, ArrayData column, long from, int[] ids, int n) {
            for (int r = 0; r < n; r++) {
                idBuffer.segment().set(LittleEndian.INT, 4L * r, ids[r]);
            }
            ArrayData idColumn = new ArrayData(ArrowType.INT32, n, 0, 0, Arrays.asList(null, idBuffer), List.of(), null);
            int before = pairs.groupCount();
            pairs.assign(List.of(idColumn, column.slice(from, n)), 0, n, pairIds);
            int next = before;
            for (int r = 0; r < n; r++) {
                if (pairIds[r] == next) {
                    next++;
                    if (v.valid[r]) {
                        distinct[ids[r]]++;
                    } else {
                        nullPair[ids[r]] = true;
                    }
                }
            }
        }

        @Override
        ArrayData finish(int groups) {
            long[] out = new long[groups];
            for (int g = 0; g < groups; g++) {
                long nullOne = nullPair[g] ? 1 : 0;
                out[g] = switch (spec.countMode()) {
                    case ONLY_VALID -> distinct[g];
                    case ONLY_NULL -> nullOne;
                    case ALL -> distinct[g] + nullOne;
                };
            }
            pairs.close();
            return Columns.longs(ArrowType.INT64, out, null, groups);
        }
    }

    /** sum and mean. */
    static final class Sum extends Accumulator {
        private long[] longSums = new long[16];
        private double[] doubleSums = new double[16];

        Sum(Aggregation spec, NumericValues v) {
            super(spec, v);
        }

        @Override
        void grow(int n) {
            longSums = Arrays.copyOf(longSums, n);
            doubleSums = Arrays.copyOf(doubleSums, n);
        }

        @Override
        void fold(NumericValues v, ArrayData column, long from, int[] ids, int n) {
            boolean[] valid = v.valid;
            if (kind == NumericValues.Kind.FLOAT || spec.function() == AggregateFunction.MEAN) {
                double[] sums = doubleSums;
                for (int r = 0; r < n; r++) {
                    if (valid[r]) {
                        sums[ids[r]] += kind == NumericValues.Kind.FLOAT ? v.doubles[r] : v.asDouble(r);
                    }
                }
            } else {
                long[] sums = longSums;
                long[] values = v.longs;
                for (int r = 0; r < n; r++) {
                    if (valid[r]) {
                        sums[ids[r]] += values[r];
                    }
                }
            }
        }

        @Override
        ArrayData finish(int groups) {
            boolean[] valid = new boolean[groups];
            for (int g = 0; g < groups; g++) {
                valid[g] = !nullResult(g);
            }
            if (spec.function() == AggregateFunction.MEAN) {
                double[] out = new double[groups];
                for (int g = 0; g < groups; g++) {
                    out[g] = counts[g] == 0 ? 0 : doubleSums[g] / counts[g];
                    valid[g] &= counts[g] > 0;
                }
                return Columns.doubles(out, valid, groups);
            }
            if (kind == NumericValues.Kind.FLOAT) {
                return Columns.doubles(doubleSums, valid, groups);
            }
            ArrowType out = kind == NumericValues.Kind.SIGNED ? ArrowType.INT64 : ArrowType.UINT64;
            return Columns.longs(out, longSums, valid, groups);
        }
    }

    /** min and max; NaN only where every value is NaN. */
    static final class MinMax extends Accumulator {
        private final boolean max;
        private long[] longs = new long[16];
        private double[] doubles = new double[16];
        /** Per group: whether a value other than NaN was seen. */
        private boolean[] seen = new boolean[16];

        MinMax(Aggregation spec, NumericValues v) {
            super(spec, v);
            this.max = spec.function() == AggregateFunction.MAX;
        }

        @Override
        void grow(int n) {
            longs = Arrays.copyOf(longs, n);
            doubles = Arrays.copyOf(doubles, n);
            seen = Arrays.copyOf(seen, n);
        }

        @Override
        void fold(NumericValues v, ArrayData column, long from, int[] ids, int n) {
            boolean[] valid = v.valid;
            if (kind == NumericValues.Kind.FLOAT) {
                double[] values = v.doubles;
                for (int r = 0; r < n; r++) {
                    double x = values[r];
                    if (valid[r] && x == x) {
                        int g = ids[r];
                        if (!seen[g] || (max ? x > doubles[g] : x < doubles[g])) {
                            doubles[g] = x;
                            seen[g] = true;
                        }
                    }
                }
            } else {
                long[] values = v.longs;
                long flip = kind == NumericValues.Kind.UNSIGNED ? Long.MIN_VALUE : 0;
                for (int r = 0; r < n; r++) {
                    if (valid[r]) {
                        int g = ids[r];
                        long x = values[r];
                        if (!seen[g] || (max ? (x ^ flip) > (longs[g] ^ flip) : (x ^ flip) < (longs[g] ^ flip))) {
                            longs[g] = x;
                            seen[g] = true;
                        }
                    }
                }
            }
        }

        @Override
        ArrayData finish(int groups) {
            boolean[] valid = new boolean[groups];
            for (int g = 0; g < groups; g++) {
                valid[g] = !nullResult(g) && counts[g] > 0;
                if (valid[g] && !seen[g]) {
                    doubles[g] = Double.NaN;
                }
            }
            return Columns.of(type, kind, width, longs, doubles, valid, groups);
        }
    }

    /** variance and stddev, by Welford's update per group. */
    static final class Variance extends Accumulator {
        private double[] means = new double[16];
        private double[] m2s = new double[16];

        Variance(Aggregation spec, NumericValues v) {
            super(spec, v);
        }

        @Override
        void grow(int n) {
            means = Arrays.copyOf(means, n);
            m2s = Arrays.copyOf(m2s, n);
        }

        @Override
        void update(NumericValues v, ArrayData column, long from, int[] ids, int n) {
            boolean[] valid = v.valid;
            for (int r = 0; r < n; r++) {
                int g = ids[r];
                if (valid[r]) {
                    double x = v.asDouble(r);
                    long c = ++counts[g];
                    double delta = x - means[g];
                    means[g] += delta / c;
                    m2s[g] += delta * (x - means[g]);
                } else {
                    sawNull[g] = true;
                }
            }
        }

        @Override
        void fold(NumericValues v, ArrayData column, long from, int[] ids, int n) {
        }

        @Override
        ArrayData finish(int groups) {
            boolean[] valid = new boolean[groups];
            double[] out = new double[groups];
            for (int g = 0; g < groups; g++) {
                valid[g] = !nullResult(g) && counts[g] > spec.ddof();
                if (valid[g]) {
                    double var = m2s[g] / (counts[g] - spec.ddof());
                    out[g] = spec.function() == AggregateFunction.STDDEV ? Math.sqrt(var) : var;
                }
            }
            return Columns.doubles(out, valid, groups);
        }
    }

    /** any and all, with Kleene logic when nulls are not skipped. */
    static final class AnyAll extends Accumulator {
        private final boolean any;
        /** Per group: for any, whether a true was seen; for all, whether a false was. */
        private boolean[] decided = new boolean[16];

        AnyAll(Aggregation spec, NumericValues v) {
            super(spec, v);
            this.any = spec.function() == AggregateFunction.ANY;
        }

        @Override
        void grow(int n) {
            decided = Arrays.copyOf(decided, n);
        }

        @Override
        void fold(NumericValues v, ArrayData column, long from, int[] ids, int n) {
            long target = any ? 1 : 0;
            for (int r = 0; r < n; r++) {
                if (v.valid[r] && v.longs[r] == target) {
                    decided[ids[r]] = true;
                }
            }
        }

        @Override
        ArrayData finish(int groups) {
            boolean[] valid = new boolean[groups];
            boolean[] out = new boolean[groups];
            for (int g = 0; g < groups; g++) {
                out[g] = any == decided[g];
                if (spec.skipNulls()) {
                    valid[g] = counts[g] >= spec.minCount();
                } else {
                    valid[g] = (decided[g] || !sawNull[g]) && counts[g] + (sawNull[g] ? 1 : 0) >= spec.minCount();
                }
            }
            return Columns.bools(out, valid, groups);
        }
    }

    /** first and last. */
    static final class FirstLast extends Accumulator {
        private final boolean first;
        private long[] longs = new long[16];
        private double[] doubles = new double[16];
        private boolean[] set = new boolean[16];
        private boolean[] isNull = new boolean[16];

        FirstLast(Aggregation spec, NumericValues v) {
            super(spec, v);
            this.first = spec.function() == AggregateFunction.FIRST;
        }

        @Override
        void grow(int n) {
            longs = Arrays.copyOf(longs, n);
            doubles = Arrays.copyOf(doubles, n);
            set = Arrays.copyOf(set, n);
            isNull = Arrays.copyOf(isNull, n);
        }

        @Override
        void fold(NumericValues v, ArrayData column, long from, int[] ids, int n) {
            for (int r = 0; r < n; r++) {
                int g = ids[r];
                if ((!v.valid[r] && spec.skipNulls()) || (first && set[g])) {
                    continue;
                }
                set[g] = true;
                isNull[g] = !v.valid[r];
                longs[g] = v.longs[r];
                doubles[g] = v.doubles[r];
            }
        }

        @Override
        ArrayData finish(int groups) {
            boolean[] valid = new boolean[groups];
            for (int g = 0; g < groups; g++) {
                valid[g] = set[g] && !isNull[g] && counts[g] >= spec.minCount();
            }
            return Columns.of(type, kind, width, longs, doubles, valid, groups);
        }
    }

    /** Exact quantiles: every non-null, non-NaN value kept per group, sorted at the end. */
    static final class Quantile extends Accumulator {
        private long[][] longs = new long[16][];
        private double[][] doubles = new double[16][];
        private int[] sizes = new int[16];

        Quantile(Aggregation spec, NumericValues v) {
            super(spec, v);
        }

        @Override
        void grow(int n) {
            longs = Arrays.copyOf(longs, n);
            doubles = Arrays.copyOf(doubles, n);
            sizes = Arrays.copyOf(sizes, n);
        }

        @Override
        void fold(NumericValues v, ArrayData column, long from, int[] ids, int n) {
            boolean floats = kind == NumericValues.Kind.FLOAT;
            for (int r = 0; r < n; r++) {
                if (!v.valid[r] || (floats && Double.isNaN(v.doubles[r]))) {
                    continue;
                }
                int g = ids[r];
                int s = sizes[g]++;
                if (floats) {
                    if (doubles[g] == null || s == doubles[g].length) {
                        doubles[g] = doubles[g] == null ? new double[8] : Arrays.copyOf(doubles[g], s * 2);
                    }
                    doubles[g][s] = v.doubles[r];
                } else {
                    if (longs[g] == null || s == longs[g].length) {
                        longs[g] = longs[g] == null ? new long[8] : Arrays.copyOf(longs[g], s * 2);
                    }
                    longs[g][s] = v.longs[r];
                }
            }
        }

        @Override
        ArrayData finish(int groups) {
            long[] outLongs = new long[groups];
            double[] out = new double[groups];
            boolean[] valid = new boolean[groups];
            for (int g = 0; g < groups; g++) {
                valid[g] = sizes[g] > 0 && !nullResult(g);
                if (valid[g]) {
                    compute(g, spec.q(), spec.interpolation(), outLongs, out, g);
                }
            }
            return column(spec.interpolation(), outLongs, out, valid, groups);
        }

        /** The quantiles {@code qs} of group 0, one slot each (the whole-column form). */
        ArrayData finishAll(double[] qs, Interpolation how) {
            long[] outLongs = new long[qs.length];
            double[] out = new double[qs.length];
            boolean[] valid = new boolean[qs.length];
            for (int i = 0; i < qs.length; i++) {
                valid[i] = sizes[0] > 0 && !nullResult(0);
                if (valid[i]) {
                    compute(0, qs[i], how, outLongs, out, i);
                }
            }
            return column(how, outLongs, out, valid, qs.length);
        }

        private ArrayData column(Interpolation how, long[] outLongs, double[] out, boolean[] valid, int n) {
            boolean typed = how == Interpolation.LOWER || how == Interpolation.HIGHER || how == Interpolation.NEAREST;
            return typed ? Columns.of(type, kind, width, outLongs, out, valid, n) : Columns.doubles(out, valid, n);
        }

        /** Quantile {@code q} of group {@code g} (sorting its values) into slot {@code at} of the outputs. */
        private void compute(int g, double q, Interpolation how, long[] outLongs, double[] out, int at) {
            int s = sizes[g];
            double index = q * (s - 1);
            int lo = (int) Math.floor(index);
            int hi = Math.min(lo + 1, s - 1);
            double fraction = index - lo;
            int pick = switch (how) {
                case LOWER -> lo;
                case HIGHER -> fraction == 0 ? lo : hi;
                case NEAREST -> fraction < 0.5 || (fraction == 0.5 && lo % 2 == 0) ? lo : hi;
                default -> -1;
            };
            if (kind == NumericValues.Kind.FLOAT) {
                double[] a = doubles[g];
                Arrays.sort(a, 0, s);
                out[at] = pick >= 0 ? a[pick] : interpolate(a[lo], a[hi], fraction, how);
                return;
            }
            long[] a = longs[g];
            if (kind == NumericValues.Kind.UNSIGNED) {
                for (int i = 0; i < s; i++) {
                    a[i] ^= Long.MIN_VALUE;
                }
                Arrays.sort(a, 0, s);
                for (int i = 0; i < s; i++) {
                    a[i] ^= Long.MIN_VALUE;
                }
            } else {
                Arrays.sort(a, 0, s);
            }
            if (pick >= 0) {
                outLongs[at] = a[pick];
            } else {
                out[at] = interpolate(asDouble(a[lo]), asDouble(a[hi]), fraction, how);
            }
        }

        private double asDouble(long x) {
            return kind == NumericValues.Kind.UNSIGNED && x < 0 ? (double) (x >>> 1) * 2.0 + (x & 1) : x;
        }

        private static double interpolate(double lo, double hi, double fraction, Interpolation how) {
            if (fraction == 0) {
                return lo;
            }
            return how == Interpolation.MIDPOINT ? lo / 2 + hi / 2 : lo + (hi - lo) * fraction;
        }
    }
}
