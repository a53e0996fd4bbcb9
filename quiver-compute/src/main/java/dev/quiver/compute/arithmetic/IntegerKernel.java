// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.arithmetic;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.core.array.Array;
import dev.quiver.core.memory.Bitmaps;
import java.lang.foreign.MemorySegment;

/**
 * Integer arithmetic in 64-bit registers, results wrapped to the output width (unchecked) or checked against it;
 * division by zero is an error either way. Errors name the function and the row.
 */
final class IntegerKernel {
    private IntegerKernel() {
    }

    static void binary(ArithmeticOp op, boolean checked, String fn, Array a, Array b, int outKind, MemorySegment out,
            MemorySegment valid, long n) {
        MemorySegment x = Chunks.values(a);
        MemorySegment y = Chunks.values(b);
        int ka = Physical.kind(a.type());
        int kb = Physical.kind(b.type());
        long ab = a.offset();
        long bb = b.offset();
        long as = a.length() == 1 ? 0 : 1;
        long bs = b.length() == 1 ? 0 : 1;
        boolean unsigned = outKind == Physical.U64 || outKind == Physical.U32 || outKind == Physical.U16
                || outKind == Physical.U8;
        for (long i = 0; i < n; i++) {
            long u = Physical.readLong(x, ka, ab + i * as);
            long v = Physical.readLong(y, kb, bb + i * bs);
            boolean live = valid == null || Bitmaps.get(valid, i);
            long r;
            switch (op) {
                case ADD -> r = u + v;
                case SUBTRACT -> r = u - v;
                case MULTIPLY -> r = u * v;
                case DIVIDE -> {
                    if (v == 0) {
                        if (live) {
                            throw new ComputeException(fn + ": divide by zero at row " + i);
                        }
                        r = 0;
                    } else {
                        r = outKind == Physical.U64 ? Long.divideUnsigned(u, v) : u / v;
                    }
                }
                default -> {
                    if (v < 0 && !unsigned && live) {
                        throw new ComputeException(fn + ": integers to negative integer powers are not allowed"
                                + " (row " + i + ")");
                    }
                    r = live ? power(u, v, checked, outKind, fn, i) : 0;
                }
            }
            if (checked && live && overflows(op, u, v, r, outKind)) {
                throw new ComputeException(fn + ": overflow at row " + i + " (" + show(u, outKind) + " "
                        + op.symbol() + " " + show(v, outKind) + ")");
            }
            Physical.writeLong(out, outKind, i, r);
        }
    }

    private static String show(long v, int kind) {
        return kind == Physical.U64 ? Long.toUnsignedString(v) : Long.toString(v);
    }

    private static long power(long base, long exp, boolean checked, int kind, String fn, long row) {
        long result = 1;
        long b = base;
        long e = exp;
        while (e != 0) {
            if ((e & 1) != 0) {
                result = mul(result, b, checked, kind, fn, row);
            }
            e >>>= 1;
            if (e != 0) {
                b = mul(b, b, checked && e != 0, kind, fn, row);
            }
        }
        return result;
    }

    private static long mul(long u, long v, boolean checked, int kind, String fn, long row) {
        long r = u * v;
        if (checked && overflows(ArithmeticOp.MULTIPLY, u, v, r, kind)) {
            throw new ComputeException(fn + ": overflow at row " + row);
        }
        return r;
    }

    /** Whether the exact result of {@code u op v} does not fit the output kind ({@code r} the wrapped one). */
    static boolean overflows(ArithmeticOp op, long u, long v, long r, int kind) {
        switch (kind) {
            case Physical.I64 -> {
                return switch (op) {
                    case ADD -> ((u ^ r) & (v ^ r)) < 0;
                    case SUBTRACT -> ((u ^ v) & (u ^ r)) < 0;
                    case MULTIPLY -> Math.multiplyHigh(u, v) != (r >> 63);
                    case DIVIDE -> u == Long.MIN_VALUE && v == -1;
                    default -> false;
                };
            }
            case Physical.U64 -> {
                return switch (op) {
                    case ADD -> Long.compareUnsigned(r, u) < 0;
                    case SUBTRACT -> Long.compareUnsigned(u, v) < 0;
                    case MULTIPLY -> Math.unsignedMultiplyHigh(u, v) != 0;
                    default -> false;
                };
            }
            default -> {
                if (op == ArithmeticOp.MULTIPLY && (Math.multiplyHigh(u, v) != (r >> 63))) {
                    return true;
                }
                return r < min(kind) || r > max(kind);
            }
        }
    }

    static long min(int kind) {
        return switch (kind) {
            case Physical.I8 -> Byte.MIN_VALUE;
            case Physical.I16 -> Short.MIN_VALUE;
            case Physical.I32 -> Integer.MIN_VALUE;
            case Physical.I64 -> Long.MIN_VALUE;
            default -> 0;
        };
    }

    static long max(int kind) {
        return switch (kind) {
            case Physical.I8 -> Byte.MAX_VALUE;
            case Physical.I16 -> Short.MAX_VALUE;
            case Physical.I32 -> Integer.MAX_VALUE;
            case Physical.U8 -> 0xFF;
            case Physical.U16 -> 0xFFFF;
            case Physical.U32 -> 0xFFFFFFFFL;
            default -> Long.MAX_VALUE;
        };
    }
}
