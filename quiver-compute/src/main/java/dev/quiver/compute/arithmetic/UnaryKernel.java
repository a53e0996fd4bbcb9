// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.arithmetic;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.cast.Cast;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.DecimalArray;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.WideIntegers;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Unary math: negate and abs keep the type (integers wrap unless checked); round (half to even), floor and ceil
 * keep float and decimal types, round keeps integers as they are and floor/ceil give float64 for them; sqrt and ln
 * give the float type (float64 for integers and decimals).
 */
final class UnaryKernel {
    enum Fn {
        NEGATE, ABS, ROUND, FLOOR, CEIL, SQRT, LN
    }

    private UnaryKernel() {
    }

    static Array apply(Fn fn, boolean checked, Array a) {
        String name = fn.name().toLowerCase() + (checked ? "_checked" : "");
        NumericTypes.check(name, a.type());
        long n = a.length();
        ArrowBuffer validity = Validity.and(a);
        MemorySegment valid = validity == null ? null : validity.segment();
        int kind = Physical.kind(a.type());
        if (a instanceof DecimalArray d) {
            return decimal(fn, name, d, validity);
        }
        boolean floatOut = Physical.isFloat(kind) || fn == Fn.SQRT || fn == Fn.LN || fn == Fn.FLOOR || fn == Fn.CEIL;
        if (Physical.isInteger(kind) && fn == Fn.ROUND) {
            return a;
        }
        if (floatOut && !Physical.isFloat(kind)) {
            // Integers become float64 through a safe cast, as in Arrow C++.
            return apply(fn, checked, Cast.to(a, ArrowType.FLOAT64));
        }
        ArrowType outType = a.type();
        int outKind = Physical.kind(outType);
        ArrowBuffer out = Outputs.allocate(n * Physical.width(outKind));
        MemorySegment o = out.segment();
        MemorySegment x = Chunks.values(a);
        long base = a.offset();
        if (floatOut) {
            for (long i = 0; i < n; i++) {
                double v = Physical.readDouble(x, kind, base + i);
                double r = switch (fn) {
                    case NEGATE -> -v;
                    case ABS -> Math.abs(v);
                    case ROUND -> Math.rint(v);
                    case FLOOR -> Math.floor(v);
                    case CEIL -> Math.ceil(v);
                    case SQRT -> Math.sqrt(v);
                    case LN -> Math.log(v);
                };
                if (checked && (valid == null || Bitmaps.get(valid, i))) {
                    if (fn == Fn.SQRT && v < 0) {
                        throw new ComputeException(name + ": square root of a negative number (" + v + ") at row "
                                + i);
                    }
                    if (fn == Fn.LN && v <= 0) {
                        throw new ComputeException(name + ": logarithm of " + (v == 0 ? "zero" : "a negative number")
                                + " at row " + i);
                    }
                }
                Physical.writeDouble(o, outKind, i, r);
            }
        } else {
            boolean unsigned = !(kind == Physical.I8 || kind == Physical.I16 || kind == Physical.I32
                    || kind == Physical.I64);
            for (long i = 0; i < n; i++) {
                long v = Physical.readLong(x, kind, base + i);
                long r = fn == Fn.NEGATE ? -v : unsigned ? v : Math.abs(v);
                boolean live = valid == null || Bitmaps.get(valid, i);
                if (checked && live && (unsigned && fn == Fn.NEGATE && v != 0
                        || !unsigned && (v == IntegerKernel.min(kind)))) {
                    throw new ComputeException(name + ": overflow at row " + i + " (" + v + ")");
                }
                Physical.writeLong(o, outKind, i, r);
            }
        }
        return Outputs.fixedWidth(outType, n, validity, out);
    }

    private static Array decimal(Fn fn, String name, DecimalArray d, ArrowBuffer validity) {
        long n = d.length();
        ArrowType.Decimal t = d.decimalType();
        if (fn == Fn.SQRT || fn == Fn.LN) {
            return apply(fn, name.endsWith("_checked"), Cast.to(d, ArrowType.FLOAT64));
        }
        int width = t.bitWidth() / 8;
        ArrowBuffer out = Outputs.allocate(n * width);
        for (long i = 0; i < n; i++) {
            if (!d.isValid(i)) {
                continue;
            }
            BigDecimal v = d.getBigDecimal(i);
            BigDecimal r = switch (fn) {
                case NEGATE -> v.negate();
                case ABS -> v.abs();
                case ROUND -> v.setScale(0, RoundingMode.HALF_EVEN).setScale(t.scale());
                case FLOOR -> v.setScale(0, RoundingMode.FLOOR).setScale(t.scale());
                default -> v.setScale(0, RoundingMode.CEILING).setScale(t.scale());
            };
            if (r.precision() - r.scale() > t.precision() - t.scale()) {
                throw new ComputeException(name + ": overflow at row " + i + " (" + r + " does not fit " + t + ")");
            }
            WideIntegers.write(out.segment(), i * width, width, r.unscaledValue());
        }
        return Outputs.fixedWidth(t, n, validity, out);
    }
}
