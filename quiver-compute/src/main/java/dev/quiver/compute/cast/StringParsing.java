// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.cast;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.Threads;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Parallel;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.memory.WideIntegers;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * Casts from strings: integers parsed straight from the bytes (an optional sign and decimal digits), floats
 * (decimal or exponent notation, {@code nan}, {@code inf}), booleans ({@code true/false/1/0}, any case), decimals
 * and, through {@link TemporalText}, dates, times and timestamps. An unparsable value is named with its row.
 */
final class StringParsing {
    private static final Pattern FLOAT = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private StringParsing() {
    }

    static Array parse(VarBinaryArray a, ArrowType target) {
        long n = a.length();
        ArrowBuffer validity = Validity.and(a);
        MemorySegment valid = validity == null ? null : validity.segment();
        MemorySegment bytes = a.dataBuffer() == null ? ArrowBuffer.EMPTY.segment() : a.dataBuffer().segment();
        int kind = Physical.kind(target);
        if (target instanceof ArrowType.Int) {
            ArrowBuffer out = Outputs.allocate(n * Physical.width(kind));
            int threads = Threads.current();
            int morsels = Parallel.morsels(n, threads);
            boolean unsigned = !((ArrowType.Int) target).signed();
            Parallel.run(morsels, threads, m -> {
                long from = Parallel.morselStart(n, morsels, m);
                long to = Parallel.morselStart(n, morsels, m + 1);
                for (long i = from; i < to; i++) {
                    if (valid != null && !Bitmaps.get(valid, i)) {
                        continue;
                    }
                    long start = a.valueOffset(i);
                    long end = a.valueOffset(i + 1);
                    long v = parseLong(bytes, start, end, unsigned, a, i, target);
                    if (!NumericCasts.fits(v, kind == Physical.U64, kind)) {
                        throw unparsable(a, i, target);
                    }
                    Physical.writeLong(out.segment(), kind, i, v);
                }
            });
            return Outputs.fixedWidth(target, n, validity, out);
        }
        if (target instanceof ArrowType.FloatingPoint) {
            ArrowBuffer out = Outputs.allocate(n * Physical.width(kind));
            for (long i = 0; i < n; i++) {
                if (valid == null || Bitmaps.get(valid, i)) {
                    Physical.writeDouble(out.segment(), kind, i, parseDouble(a.getString(i), a, i, target));
                }
            }
            return Outputs.fixedWidth(target, n, validity, out);
        }
        if (target instanceof ArrowType.Bool) {
            ArrowBuffer out = Outputs.allocateBits(n);
            for (long i = 0; i < n; i++) {
                if (valid == null || Bitmaps.get(valid, i)) {
                    String s = a.getString(i).toLowerCase(java.util.Locale.ROOT);
                    switch (s) {
                        case "true", "1" -> Bitmaps.set(out.segment(), i, true);
                        case "false", "0" -> {
                        }
                        default -> throw unparsable(a, i, target);
                    }
                }
            }
            return Outputs.bool(n, validity, out);
        }
        if (target instanceof ArrowType.Decimal d) {
            int width = d.bitWidth() / 8;
            ArrowBuffer out = Outputs.allocate(n * width);
            for (long i = 0; i < n; i++) {
                if (valid == null || Bitmaps.get(valid, i)) {
                    String s = a.getString(i);
                    if (!DECIMAL.matcher(s).matches()) {
                        throw unparsable(a, i, target);
                    }
                    BigDecimal v = DecimalCasts.rescale(new BigDecimal(s), d, CastOptions.SAFE, i);
                    WideIntegers.write(out.segment(), i * width, width, v.unscaledValue());
                }
            }
            return Outputs.fixedWidth(target, n, validity, out);
        }
        ArrowBuffer out = Outputs.allocate(n * Physical.width(kind));
        for (long i = 0; i < n; i++) {
            if (valid == null || Bitmaps.get(valid, i)) {
                long v = TemporalText.parse(a.getString(i), target, i);
                Physical.writeLong(out.segment(), kind, i, v);
            }
        }
        return Outputs.fixedWidth(target, n, validity, out);
    }

    /**
     * Parses {@code [+-]?[0-9]+} ({@code -} not for unsigned) from the bytes of value {@code row}; throws naming
     * the value and row when it is not such a number or does not fit 64 bits.
     */
    static long parseLong(MemorySegment s, long start, long end, boolean unsigned, VarBinaryArray a, long row,
            ArrowType target) {
        long i = start;
        byte first = start < end ? s.get(LittleEndian.BYTE, i) : 0;
        boolean negative = first == '-';
        if (first == '-' || first == '+') {
            i++;
        }
        if (i >= end || negative && unsigned) {
            throw unparsable(a, row, target);
        }
        long v = 0;
        if (unsigned) {
            long maxBeforeDigit = Long.divideUnsigned(-1L, 10);
            for (; i < end; i++) {
                int d = s.get(LittleEndian.BYTE, i) - '0';
                if (d < 0 || d > 9 || Long.compareUnsigned(v, maxBeforeDigit) > 0
                        || Long.compareUnsigned(v * 10 + d, v * 10) < 0) {
                    throw unparsable(a, row, target);
                }
                v = v * 10 + d;
            }
            return v;
        }
        // Accumulate negatively so that Long.MIN_VALUE parses too.
        long limit = negative ? Long.MIN_VALUE : -Long.MAX_VALUE;
        long multMin = limit / 10;
        for (; i < end; i++) {
            int d = s.get(LittleEndian.BYTE, i) - '0';
            if (d < 0 || d > 9 || v < multMin || v * 10 < limit + d) {
                throw unparsable(a, row, target);
            }
            v = v * 10 - d;
        }
        return negative ? v : -v;
    }

    static double parseDouble(String s, VarBinaryArray a, long row, ArrowType target) {
        String t = s.toLowerCase(java.util.Locale.ROOT);
        switch (t) {
            case "nan", "+nan", "-nan" -> {
                return Double.NaN;
            }
            case "inf", "+inf", "infinity", "+infinity" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-inf", "-infinity" -> {
                return Double.NEGATIVE_INFINITY;
            }
            default -> {
                if (!FLOAT.matcher(s).matches()) {
                    throw unparsable(a, row, target);
                }
                return target instanceof ArrowType.FloatingPoint f
                        && f.precision() == dev.quiver.core.type.Precision.SINGLE ? Float.parseFloat(s)
                        : Double.parseDouble(s);
            }
        }
    }

    static ComputeException unparsable(VarBinaryArray a, long row, ArrowType target) {
        String v = a.getString(row);
        if (v.length() > 60) {
            v = v.substring(0, 60) + "...";
        }
        return new ComputeException("cast: failed to parse string '" + v + "' at row " + row + " as " + target);
    }
}
