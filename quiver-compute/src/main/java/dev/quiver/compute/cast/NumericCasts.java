// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.cast;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.Threads;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Parallel;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;

/**
 * Casts between integers, floats and booleans, by morsels on several threads. Safe casts check each valid value:
 * integers against the target's range, floats for a fraction or a value out of range, integers cast to floats for
 * exactness (at most 2^53 for float64, 2^24 for float32).
 */
final class NumericCasts {
    private NumericCasts() {
    }

    static Array cast(Array a, ArrowType target, CastOptions options) {
        long n = a.length();
        ArrowBuffer validity = Validity.and(a);
        MemorySegment valid = validity == null ? null : validity.segment();
        boolean fromBool = a.type() instanceof ArrowType.Bool;
        boolean toBool = target instanceof ArrowType.Bool;
        int ks = fromBool ? Physical.U8 : Physical.kind(a.type());
        int kd = toBool ? Physical.OTHER : Physical.kind(target);
        ArrowBuffer out = toBool ? Outputs.allocateBits(n) : Outputs.allocateForOverwrite(n * Physical.width(kd));
        MemorySegment src = Chunks.values(a);
        MemorySegment dst = out.segment();
        long base = a.offset();
        int threads = Threads.current();
        int morsels = toBool || fromBool ? 1 : Parallel.morsels(n, threads);
        Parallel.run(morsels, threads, m -> {
            long from = Parallel.morselStart(n, morsels, m);
            long to = Parallel.morselStart(n, morsels, m + 1);
            if (fromBool) {
                for (long i = from; i < to; i++) {
                    Physical.writeLong(dst, kd, i, Bitmaps.get(src, base + i) ? 1 : 0);
                }
            } else if (toBool) {
                for (long i = from; i < to; i++) {
                    if (Physical.readDouble(src, ks, base + i) != 0) {
                        Bitmaps.set(dst, i, true);
                    }
                }
            } else if (ks == Physical.I64 && kd == Physical.F64) {
                int64ToFloat64(src, base, dst, valid, from, to, options);
            } else if (Physical.isFloat(kd)) {
                toFloat(src, ks, base, dst, kd, valid, from, to, options);
            } else if (Physical.isFloat(ks)) {
                floatToInt(src, ks, base, dst, kd, valid, from, to, options, target);
            } else {
                intToInt(src, ks, base, dst, kd, valid, from, to, options, target);
            }
        });
        return Outputs.fixedWidth(target, n, validity, out);
    }

    private static final long EXACT_DOUBLE = 1L << 53;

    private static void int64ToFloat64(MemorySegment src, long base, MemorySegment dst, MemorySegment valid,
            long from, long to, CastOptions options) {
        boolean outside = false;
        for (long i = from; i < to; i++) {
            long v = src.get(LittleEndian.LONG, (base + i) * 8);
            outside |= Long.compareUnsigned(v + EXACT_DOUBLE, EXACT_DOUBLE << 1) > 0;
            dst.set(LittleEndian.DOUBLE, i * 8, (double) v);
        }
        if (outside && !options.allowFloatTruncate()) {
            for (long i = from; i < to; i++) {
                long v = src.get(LittleEndian.LONG, (base + i) * 8);
                if ((v > EXACT_DOUBLE || v < -EXACT_DOUBLE) && live(valid, i)) {
                    throw notExact(v, i, ArrowType.FLOAT64, EXACT_DOUBLE);
                }
            }
        }
    }

    private static ComputeException notExact(Object v, long row, ArrowType target, long limit) {
        return new ComputeException("cast: integer value " + v + " at row " + row + " is not exactly representable"
                + " as " + target + " (in range: -" + limit + " to " + limit + ")");
    }

    private static boolean live(MemorySegment valid, long i) {
        return valid == null || Bitmaps.get(valid, i);
    }

    private static void toFloat(MemorySegment src, int ks, long base, MemorySegment dst, int kd, MemorySegment valid,
            long from, long to, CastOptions options) {
        boolean check = Physical.isInteger(ks) && !options.allowFloatTruncate();
        long limit = kd == Physical.F64 ? EXACT_DOUBLE : kd == Physical.F32 ? 1L << 24 : 1L << 11;
        for (long i = from; i < to; i++) {
            if (check && live(valid, i)) {
                long v = Physical.readLong(src, ks, base + i);
                if (ks == Physical.U64 ? Long.compareUnsigned(v, limit) > 0 : v > limit || v < -limit) {
                    throw notExact(ks == Physical.U64 ? Long.toUnsignedString(v) : v, i,
                            kd == Physical.F64 ? ArrowType.FLOAT64 : kd == Physical.F32 ? ArrowType.FLOAT32
                                    : ArrowType.FLOAT16, limit);
                }
            }
            Physical.writeDouble(dst, kd, i, Physical.readDouble(src, ks, base + i));
        }
    }

    private static void floatToInt(MemorySegment src, int ks, long base, MemorySegment dst, int kd,
            MemorySegment valid, long from, long to, CastOptions options, ArrowType target) {
        double min = minOf(kd);
        double max = maxOf(kd);
        for (long i = from; i < to; i++) {
            double v = Physical.readDouble(src, ks, base + i);
            if (live(valid, i)) {
                if (!options.allowFloatTruncate() && v != Math.rint(v) && !Double.isNaN(v)) {
                    throw new ComputeException("cast: float value " + v + " at row " + i + " was truncated converting"
                            + " to " + target);
                }
                if (!options.allowIntOverflow() && (Double.isNaN(v) || v < min || v >= max)) {
                    throw new ComputeException("cast: float value " + v + " at row " + i + " is out of range for "
                            + target);
                }
            }
            long r = kd == Physical.U64 && v >= 0x1p63 ? (long) (v - 0x1p63) ^ Long.MIN_VALUE : (long) v;
            Physical.writeLong(dst, kd, i, r);
        }
    }

    private static double minOf(int kind) {
        return switch (kind) {
            case Physical.I8 -> Byte.MIN_VALUE;
            case Physical.I16 -> Short.MIN_VALUE;
            case Physical.I32 -> Integer.MIN_VALUE;
            case Physical.I64 -> -0x1p63;
            default -> 0;
        };
    }

    /** The exclusive upper bound of a kind, as a double. */
    private static double maxOf(int kind) {
        return switch (kind) {
            case Physical.I8 -> 0x1p7;
            case Physical.I16 -> 0x1p15;
            case Physical.I32 -> 0x1p31;
            case Physical.I64 -> 0x1p63;
            case Physical.U8 -> 0x1p8;
            case Physical.U16 -> 0x1p16;
            case Physical.U32 -> 0x1p32;
            default -> 0x1p64;
        };
    }

    private static void intToInt(MemorySegment src, int ks, long base, MemorySegment dst, int kd, MemorySegment valid,
            long from, long to, CastOptions options, ArrowType target) {
        boolean check = !options.allowIntOverflow();
        for (long i = from; i < to; i++) {
            long v = Physical.readLong(src, ks, base + i);
            if (check && live(valid, i) && !fits(v, ks == Physical.U64, kd)) {
                throw new ComputeException("cast: integer value " + (ks == Physical.U64 ? Long.toUnsignedString(v)
                        : Long.toString(v)) + " at row " + i + " is not in range of " + target);
            }
            Physical.writeLong(dst, kd, i, v);
        }
    }

    /** Whether an integer (unsigned 64-bit when {@code unsigned}) fits a kind. */
    static boolean fits(long v, boolean unsigned, int kind) {
        if (unsigned && v < 0) {
            return kind == Physical.U64;
        }
        return switch (kind) {
            case Physical.I8 -> v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE;
            case Physical.I16 -> v >= Short.MIN_VALUE && v <= Short.MAX_VALUE;
            case Physical.I32 -> v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE;
            case Physical.U8 -> v >= 0 && v <= 0xFF;
            case Physical.U16 -> v >= 0 && v <= 0xFFFF;
            case Physical.U32 -> v >= 0 && v <= 0xFFFFFFFFL;
            case Physical.U64 -> v >= 0;
            default -> true;
        };
    }
}
