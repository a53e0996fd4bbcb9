// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.cast;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.BooleanArray;
import dev.quiver.core.array.DecimalArray;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;

/**
 * Casts to strings, formatted as Arrow C++ does: integers in decimal, floats in their shortest round-trip digits
 * (plain from 1e-6 up to below 1e10, else {@code 1.5e+20}; {@code nan}, {@code inf}, {@code -0}), booleans as
 * {@code true}/{@code false}, decimals plain, dates, times and timestamps in ISO form.
 */
final class Formatting {
    private Formatting() {
    }

    static Array format(Array a, ArrowType target) {
        long n = a.length();
        ArrowBuffer validity = Validity.and(a);
        StringOutput out = new StringOutput(target, n);
        int kind = Physical.kind(a.type());
        MemorySegment v = Chunks.values(a);
        long base = a.offset();
        ArrowType type = a.type();
        for (long i = 0; i < n; i++) {
            if (!a.isValid(i)) {
                out.appendEmpty();
                continue;
            }
            String s = switch (type) {
                case ArrowType.Int t -> kind == Physical.U64 ? Long.toUnsignedString(Physical.readLong(v, kind,
                        base + i)) : Long.toString(Physical.readLong(v, kind, base + i));
                case ArrowType.FloatingPoint t -> kind == Physical.F64
                        ? formatDouble(Physical.readDouble(v, kind, base + i))
                        : formatFloat((float) Physical.readDouble(v, kind, base + i));
                case ArrowType.Bool t -> ((BooleanArray) a).get(i) ? "true" : "false";
                case ArrowType.Decimal t -> ((DecimalArray) a).getBigDecimal(i).toPlainString();
                case ArrowType.Date t -> TemporalText.formatDate(t.unit() == DateUnit.DAY
                        ? Physical.readLong(v, kind, base + i)
                        : Math.floorDiv(Physical.readLong(v, kind, base + i), 86_400_000L));
                case ArrowType.Time t -> TemporalText.formatTime(Physical.readLong(v, kind, base + i), t.unit());
                case ArrowType.Timestamp t -> TemporalText.formatTimestamp(Physical.readLong(v, kind, base + i), t);
                default -> throw new ComputeException("cast from " + type + " to " + target + " is not supported");
            };
            out.append(s);
        }
        return out.finish(validity);
    }

    static String formatDouble(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        return shortest(Double.toString(d), d);
    }

    static String formatFloat(float f) {
        if (Float.isNaN(f)) {
            return "nan";
        }
        if (Float.isInfinite(f)) {
            return f > 0 ? "inf" : "-inf";
        }
        return shortest(Float.toString(f), f);
    }

    private static String shortest(String javaText, double value) {
        if (value == 0) {
            return 1 / value < 0 ? "-0" : "0";
        }
        BigDecimal b = new BigDecimal(javaText).stripTrailingZeros();
        String digits = b.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - b.scale();
        String sign = b.signum() < 0 ? "-" : "";
        if (exponent >= -6 && exponent < 10) {
            return sign + b.abs().toPlainString();
        }
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + Math.abs(exponent);
    }
}
