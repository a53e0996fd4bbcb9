// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import dev.quiver.core.memory.HalfFloat;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The null count, NaN count and bounds of a page's or column chunk's values under a {@link SortOrder}, bounds
 * kept in their PLAIN form (byte arrays without the length). NaN never becomes a bound; a zero minimum is
 * written {@code -0.0} and a zero maximum {@code +0.0} (parquet.thrift, ColumnOrder TYPE_ORDER rules).
 */
public final class ValueStatistics {
    private static final ValueLayout.OfLong BIG_ENDIAN_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private final SortOrder order;
    private long nullCount;
    private long nanCount;
    private long valueCount;
    private byte[] min;
    private byte[] max;

    /**
     * Empty statistics.
     *
     * @param order the order of the bounds
     */
    public ValueStatistics(SortOrder order) {
        this.order = order;
    }

    /**
     * The number of nulls (entries not defined down to the leaf whose leaf could be null: in Parquet's sense,
     * every entry without a value).
     *
     * @return the count
     */
    public long nullCount() {
        return nullCount;
    }

    /**
     * The number of NaN values (floating point columns).
     *
     * @return the count
     */
    public long nanCount() {
        return nanCount;
    }

    /**
     * The number of non-null values seen.
     *
     * @return the count
     */
    public long valueCount() {
        return valueCount;
    }

    /**
     * The lower bound, PLAIN-encoded.
     *
     * @return the bound, or {@code null} when there is none (no non-null non-NaN values, or no order)
     */
    public byte[] min() {
        return min;
    }

    /**
     * The upper bound, PLAIN-encoded.
     *
     * @return the bound, or {@code null} when there is none
     */
    public byte[] max() {
        return max;
    }

    /**
     * Counts nulls.
     *
     * @param n the number of entries without a value
     */
    public void addNulls(long n) {
        nullCount += n;
    }

    /**
     * Takes in a page's dense values.
     *
     * @param values the values
     * @param width the width of a FIXED_LEN_BYTE_ARRAY value (ignored for other types)
     */
    public void add(PageValues values, int width) {
        int n = values.count();
        valueCount += n;
        if (n == 0 || order == SortOrder.NONE) {
            return;
        }
        MemorySegment s = values.bytes().segment();
        switch (order) {
            case SIGNED_INT32, UNSIGNED_INT32 -> {
                int bias = order == SortOrder.UNSIGNED_INT32 ? Integer.MIN_VALUE : 0;
                int lo = Integer.MAX_VALUE;
                int hi = Integer.MIN_VALUE;
                for (int i = 0; i < n; i++) {
                    int v = s.getAtIndex(LittleEndian.INT, i) ^ bias;
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
                offer(ints(lo ^ bias), ints(hi ^ bias));
            }
            case SIGNED_INT64, UNSIGNED_INT64 -> {
                long bias = order == SortOrder.UNSIGNED_INT64 ? Long.MIN_VALUE : 0;
                long lo = Long.MAX_VALUE;
                long hi = Long.MIN_VALUE;
                for (int i = 0; i < n; i++) {
                    long v = s.getAtIndex(LittleEndian.LONG, i) ^ bias;
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
                offer(longs(lo ^ bias), longs(hi ^ bias));
            }
            case FLOAT -> {
                float lo = Float.POSITIVE_INFINITY;
                float hi = Float.NEGATIVE_INFINITY;
                boolean any = false;
                for (int i = 0; i < n; i++) {
                    float v = s.getAtIndex(LittleEndian.FLOAT, i);
                    if (Float.isNaN(v)) {
                        nanCount++;
                        continue;
                    }
                    any = true;
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
                if (any) {
                    offer(ints(Float.floatToRawIntBits(lo == 0 ? -0.0f : lo)),
                            ints(Float.floatToRawIntBits(hi == 0 ? 0.0f : hi)));
                }
            }
            case DOUBLE -> {
                double lo = Double.POSITIVE_INFINITY;
                double hi = Double.NEGATIVE_INFINITY;
                boolean any = false;
                for (int i = 0; i < n; i++) {
                    double v = s.getAtIndex(LittleEndian.DOUBLE, i);
                    if (Double.isNaN(v)) {
                        nanCount++;
                        continue;
                    }
                    any = true;
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
                if (any) {
                    offer(longs(Double.doubleToRawLongBits(lo == 0 ? -0.0 : lo)),
                            longs(Double.doubleToRawLongBits(hi == 0 ? 0.0 : hi)));
                }
            }
            case FLOAT16 -> {
                float lo = Float.POSITIVE_INFINITY;
                float hi = Float.NEGATIVE_INFINITY;
                boolean any = false;
                for (int i = 0; i < n; i++) {
                    float v = HalfFloat.toFloat(s.getAtIndex(LittleEndian.SHORT, i));
                    if (Float.isNaN(v)) {
                        nanCount++;
                        continue;
                    }
                    any = true;
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
                if (any) {
                    offer(shorts(lo == 0 ? (short) 0x8000 : HalfFloat.fromFloat(lo)),
                            shorts(hi == 0 ? (short) 0 : HalfFloat.fromFloat(hi)));
                }
            }
            case BOOLEAN -> {
                boolean sawFalse = false;
                boolean sawTrue = false;
                for (int i = 0; i < n; i++) {
                    if (s.get(ValueLayout.JAVA_BYTE, i) != 0) {
                        sawTrue = true;
                    } else {
                        sawFalse = true;
                    }
                }
                offer(new byte[] {(byte) (sawFalse ? 0 : 1)}, new byte[] {(byte) (sawTrue ? 1 : 0)});
            }
            case UNSIGNED_BYTES, SIGNED_BYTES -> addBytes(values, width, s, n);
            default -> {
            }
        }
    }

    /**
     * Takes in byte array values known by their bounds (the distinct values of a dictionary-encoded page).
     *
     * @param count the number of values
     * @param lo the least value's bytes (ignored when {@code count} is 0)
     * @param hi the greatest value's bytes
     */
    public void addBounds(long count, byte[] lo, byte[] hi) {
        valueCount += count;
        if (count > 0 && order != SortOrder.NONE) {
            offer(lo, hi);
        }
    }

    /**
     * Compares two byte array values under this order (unsigned bytes, or big-endian two's complement).
     *
     * @param a the segment of one value
     * @param aFrom its first byte
     * @param aTo one past its last byte
     * @param b the segment of the other value
     * @param bFrom its first byte
     * @param bTo one past its last byte
     * @return negative, zero or positive as the first is below, equal to or above the second
     */
    public int compareBytes(MemorySegment a, long aFrom, long aTo, MemorySegment b, long bFrom, long bTo) {
        return compare(a, aFrom, aTo, b, bFrom, bTo);
    }

    private void addBytes(PageValues values, int width, MemorySegment s, int n) {
        if (order == SortOrder.SIGNED_BYTES && width > 0 && width <= 8) {
            addSignedFixed(s, n, width);
            return;
        }
        int[] offsets = width > 0 ? null : values.offsets();
        int loAt = 0;
        int hiAt = 0;
        for (int i = 1; i < n; i++) {
            long start = offsets == null ? (long) i * width : offsets[i];
            long end = offsets == null ? start + width : offsets[i + 1];
            if (compare(s, start, end, s, begin(offsets, width, loAt), finish(offsets, width, loAt)) < 0) {
                loAt = i;
            }
            if (compare(s, start, end, s, begin(offsets, width, hiAt), finish(offsets, width, hiAt)) > 0) {
                hiAt = i;
            }
        }
        byte[] lo = s.asSlice(begin(offsets, width, loAt), finish(offsets, width, loAt) - begin(offsets, width, loAt))
                .toArray(ValueLayout.JAVA_BYTE);
        byte[] hi = s.asSlice(begin(offsets, width, hiAt), finish(offsets, width, hiAt) - begin(offsets, width, hiAt))
                .toArray(ValueLayout.JAVA_BYTE);
        offer(lo, hi);
    }

    /** Decimals of at most 8 bytes: compared as the big-endian two's complement numbers they are. */
    private void addSignedFixed(MemorySegment s, int n, int width) {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        int loAt = 0;
        int hiAt = 0;
        for (int i = 0; i < n; i++) {
            long v = signedBigEndian(s, (long) i * width, width);
            if (v < lo) {
                lo = v;
                loAt = i;
            }
            if (v > hi) {
                hi = v;
                hiAt = i;
            }
        }
        offer(s.asSlice((long) loAt * width, width).toArray(ValueLayout.JAVA_BYTE),
                s.asSlice((long) hiAt * width, width).toArray(ValueLayout.JAVA_BYTE));
    }

    private static long signedBigEndian(MemorySegment s, long at, int width) {
        if (width == 8) {
            return s.get(BIG_ENDIAN_LONG, at);
        }
        long v = s.get(ValueLayout.JAVA_BYTE, at);
        for (int b = 1; b < width; b++) {
            v = (v << 8) | (s.get(ValueLayout.JAVA_BYTE, at + b) & 0xFF);
        }
        return v;
    }

    private static long begin(int[] offsets, int width, int i) {
        return offsets == null ? (long) i * width : offsets[i];
    }

    private static long finish(int[] offsets, int width, int i) {
        return offsets == null ? (long) (i + 1) * width : offsets[i + 1];
    }

    /**
     * Folds another's counts and bounds into these (a page's into its chunk's).
     *
     * @param other statistics of the same order
     */
    public void merge(ValueStatistics other) {
        nullCount += other.nullCount;
        nanCount += other.nanCount;
        valueCount += other.valueCount;
        if (other.min != null) {
            offer(other.min, other.max);
        }
    }

    private void offer(byte[] lo, byte[] hi) {
        if (min == null || compare(lo, min) < 0) {
            min = lo;
        }
        if (max == null || compare(hi, max) > 0) {
            max = hi;
        }
    }

    /**
     * Compares two PLAIN-encoded values under this order.
     *
     * @param a a value
     * @param b another value
     * @return negative, zero or positive as {@code a} is below, equal to or above {@code b}
     */
    public int compare(byte[] a, byte[] b) {
        MemorySegment x = MemorySegment.ofArray(a);
        MemorySegment y = MemorySegment.ofArray(b);
        return switch (order) {
            case SIGNED_INT32 -> Integer.compare(x.get(LittleEndian.INT, 0), y.get(LittleEndian.INT, 0));
            case UNSIGNED_INT32 -> Integer.compareUnsigned(x.get(LittleEndian.INT, 0), y.get(LittleEndian.INT, 0));
            case SIGNED_INT64 -> Long.compare(x.get(LittleEndian.LONG, 0), y.get(LittleEndian.LONG, 0));
            case UNSIGNED_INT64 -> Long.compareUnsigned(x.get(LittleEndian.LONG, 0), y.get(LittleEndian.LONG, 0));
            case FLOAT -> Float.compare(x.get(LittleEndian.FLOAT, 0), y.get(LittleEndian.FLOAT, 0));
            case DOUBLE -> Double.compare(x.get(LittleEndian.DOUBLE, 0), y.get(LittleEndian.DOUBLE, 0));
            case FLOAT16 -> Float.compare(HalfFloat.toFloat(x.get(LittleEndian.SHORT, 0)),
                    HalfFloat.toFloat(y.get(LittleEndian.SHORT, 0)));
            default -> compare(x, 0, a.length, y, 0, b.length);
        };
    }

    /** Byte arrays under this order: unsigned lexicographic, or big-endian two's complement (equal widths for decimals; a shorter one is sign-extended). */
    private int compare(MemorySegment a, long aFrom, long aTo, MemorySegment b, long bFrom, long bTo) {
        if (order == SortOrder.SIGNED_BYTES) {
            return compareSigned(a, aFrom, aTo, b, bFrom, bTo);
        }
        long mismatch = MemorySegment.mismatch(a, aFrom, aTo, b, bFrom, bTo);
        if (mismatch < 0) {
            return 0;
        }
        long la = aTo - aFrom;
        long lb = bTo - bFrom;
        if (mismatch == la || mismatch == lb) {
            return Long.compare(la, lb);
        }
        return Integer.compare(a.get(ValueLayout.JAVA_BYTE, aFrom + mismatch) & 0xFF,
                b.get(ValueLayout.JAVA_BYTE, bFrom + mismatch) & 0xFF);
    }

    private static int compareSigned(MemorySegment a, long aFrom, long aTo, MemorySegment b, long bFrom, long bTo) {
        long la = aTo - aFrom;
        long lb = bTo - bFrom;
        if (la == lb && la > 0) {
            // equal widths: the first byte signed, then the first differing byte unsigned
            int first = Byte.compare(a.get(ValueLayout.JAVA_BYTE, aFrom), b.get(ValueLayout.JAVA_BYTE, bFrom));
            if (first != 0) {
                return first;
            }
            long mismatch = MemorySegment.mismatch(a, aFrom, aTo, b, bFrom, bTo);
            return mismatch < 0 ? 0 : Integer.compare(a.get(ValueLayout.JAVA_BYTE, aFrom + mismatch) & 0xFF,
                    b.get(ValueLayout.JAVA_BYTE, bFrom + mismatch) & 0xFF);
        }
        long len = Math.max(la, lb);
        boolean aNeg = la > 0 && a.get(ValueLayout.JAVA_BYTE, aFrom) < 0;
        boolean bNeg = lb > 0 && b.get(ValueLayout.JAVA_BYTE, bFrom) < 0;
        if (aNeg != bNeg) {
            return aNeg ? -1 : 1;
        }
        for (long k = 0; k < len; k++) {
            int x = signByte(a, aFrom, la, len, k, aNeg);
            int y = signByte(b, bFrom, lb, len, k, bNeg);
            if (x != y) {
                return Integer.compare(x, y);
            }
        }
        return 0;
    }

    /** Byte {@code k} of a value sign-extended to {@code len} bytes, unsigned. */
    private static int signByte(MemorySegment s, long from, long length, long len, long k, boolean negative) {
        long pad = len - length;
        if (k < pad) {
            return negative ? 0xFF : 0;
        }
        return s.get(ValueLayout.JAVA_BYTE, from + k - pad) & 0xFF;
    }

    private static byte[] ints(int v) {
        byte[] b = new byte[4];
        MemorySegment.ofArray(b).set(LittleEndian.INT, 0, v);
        return b;
    }

    private static byte[] longs(long v) {
        byte[] b = new byte[8];
        MemorySegment.ofArray(b).set(LittleEndian.LONG, 0, v);
        return b;
    }

    private static byte[] shorts(short v) {
        return new byte[] {(byte) v, (byte) (v >> 8)};
    }

    /**
     * A copy of a bound cut to at most {@code limit} bytes that still bounds the values and stays valid UTF-8
     * where it was: a lower bound is cut before a character's first byte; an upper bound is cut after its last
     * byte below 0x7F, which is incremented. A bound that cannot be cut so is returned unchanged.
     *
     * @param bound the bound (unsigned byte order)
     * @param limit the largest length kept
     * @param upper whether it is an upper bound
     * @return the bound, shortened where possible
     */
    public static byte[] truncate(byte[] bound, int limit, boolean upper) {
        if (bound.length <= limit) {
            return bound;
        }
        if (!upper) {
            int cut = limit;
            while (cut > 0 && (bound[cut] & 0xC0) == 0x80) {
                cut--;
            }
            return Arrays.copyOf(bound, cut);
        }
        for (int k = limit - 1; k >= 0; k--) {
            if (bound[k] >= 0 && bound[k] < 0x7F) {
                byte[] cut = Arrays.copyOf(bound, k + 1);
                cut[k]++;
                return cut;
            }
        }
        return bound;
    }
}
