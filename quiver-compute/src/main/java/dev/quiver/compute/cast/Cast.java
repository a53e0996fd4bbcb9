// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.cast;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.DecimalArray;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.batch.ChunkedArray;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.ValidationException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Casts: between numeric types (safe by default: overflow and truncation are errors naming the value and row),
 * strings to and from numbers, booleans, decimals, dates, times and timestamps (an unparsable string named with
 * its row), decimals between precisions and scales, temporal values between units and time zones, integers and
 * temporal values of one width, dictionaries decoded and encoded, and lists and structs child by child.
 *
 * <pre>{@code
 * Array text = ArrayBuilder.of(ArrowType.UTF8).appendObject("12").appendObject(null).appendObject("-3").build();
 * Array ints = Cast.to(text, ArrowType.INT64);                      // [12, null, -3]
 * Array wide = Cast.to(ints, ArrowType.FLOAT64);                    // [12.0, null, -3.0]
 * Cast.to(wide, ArrowType.UINT8);                                   // ComputeException: -3.0 at row 2 ...
 * Cast.to(wide, ArrowType.UINT8, CastOptions.UNSAFE);               // [12, null, 253]
 * Array days = Cast.to(ArrayBuilder.of(ArrowType.UTF8).appendObject("2024-02-29").build(),
 *         new ArrowType.Date(DateUnit.DAY));                        // [2024-02-29]
 * }</pre>
 */
public final class Cast {
    private Cast() {
    }

    /**
     * Casts safely.
     *
     * @param values the values
     * @param target the type to cast to
     * @return the values as {@code target} (the same array when the type is already {@code target})
     * @throws ComputeException if a value cannot be cast without loss, a string cannot be parsed, or the cast is
     *     not supported
     */
    public static Array to(Array values, ArrowType target) {
        return to(values, target, CastOptions.SAFE);
    }

    /**
     * Casts each chunk safely.
     *
     * @param values the values
     * @param target the type to cast to
     * @return the chunks as {@code target}
     * @throws ComputeException as {@link #to(Array, ArrowType)}
     */
    public static ChunkedArray to(ChunkedArray values, ArrowType target) {
        List<Array> out = new ArrayList<>();
        for (Array chunk : values.chunks()) {
            out.add(to(chunk, target));
        }
        return new ChunkedArray(target, out);
    }

    /**
     * Casts with the given allowances.
     *
     * @param values the values
     * @param target the type to cast to
     * @param options what the cast may lose
     * @return the values as {@code target}
     * @throws ComputeException if a value cannot be cast within the allowances, a string cannot be parsed, or the
     *     cast is not supported
     */
    public static Array to(Array values, ArrowType target, CastOptions options) {
        ArrowType from = values.type();
        if (from.equals(target)) {
            return values;
        }
        if (from instanceof ArrowType.Null) {
            return ArrayBuilder.of(target, Outputs.allocator()).appendNulls(values.length()).build();
        }
        if (values instanceof DictionaryArray d && !(target instanceof ArrowType.Dictionary)) {
            return to(NestedCasts.decode(d), target, options);
        }
        if (target instanceof ArrowType.Dictionary t) {
            Array plain = values instanceof DictionaryArray d ? NestedCasts.decode(d) : values;
            return NestedCasts.encode(to(plain, t.valueType(), options), t);
        }
        boolean numericFrom = isNumeric(from);
        boolean numericTo = isNumeric(target);
        if (numericFrom && numericTo) {
            return NumericCasts.cast(values, target, options);
        }
        if (target instanceof ArrowType.Decimal d && (numericFrom && !(from instanceof ArrowType.Bool)
                || from instanceof ArrowType.Decimal)) {
            return DecimalCasts.toDecimal(values, d, options);
        }
        if (values instanceof DecimalArray d && numericTo && !(target instanceof ArrowType.Bool)) {
            return DecimalCasts.fromDecimal(d, target, options);
        }
        boolean stringTo = target instanceof ArrowType.Utf8 || target instanceof ArrowType.LargeUtf8
                || target instanceof ArrowType.Binary || target instanceof ArrowType.LargeBinary;
        if (values instanceof VarBinaryArray s) {
            if (stringTo) {
                return strings(s, target);
            }
            if (s.isUtf8()) {
                return StringParsing.parse(s, target);
            }
        }
        if (stringTo && !(target instanceof ArrowType.Binary || target instanceof ArrowType.LargeBinary)) {
            return Formatting.format(values, target);
        }
        if (TemporalCasts.handles(from, target)) {
            return TemporalCasts.cast(values, target, options);
        }
        if (sameStorage(from, target)) {
            return Array.ofUnchecked(values.data().withType(target));
        }
        if ((from instanceof ArrowType.List || from instanceof ArrowType.LargeList)
                && (target instanceof ArrowType.List || target instanceof ArrowType.LargeList)) {
            return NestedCasts.list(values, target, options);
        }
        if (from instanceof ArrowType.Struct && target instanceof ArrowType.Struct t) {
            return NestedCasts.struct(values, t, options);
        }
        throw new ComputeException("cast from " + from + " to " + target + " is not supported");
    }

    private static boolean isNumeric(ArrowType t) {
        return t instanceof ArrowType.Int || t instanceof ArrowType.FloatingPoint || t instanceof ArrowType.Bool;
    }

    /** Signed integers and temporal values of one width share their storage: the cast relabels the type. */
    private static boolean sameStorage(ArrowType from, ArrowType to) {
        boolean fromInt = from instanceof ArrowType.Int i && i.signed();
        boolean toInt = to instanceof ArrowType.Int i && i.signed();
        return fromInt != toInt && isTemporal(fromInt ? to : from) && Physical.kind(from) == Physical.kind(to);
    }

    private static boolean isTemporal(ArrowType t) {
        return t instanceof ArrowType.Date || t instanceof ArrowType.Time || t instanceof ArrowType.Timestamp
                || t instanceof ArrowType.Duration;
    }

    private static Array strings(VarBinaryArray s, ArrowType target) {
        boolean targetLarge = target instanceof ArrowType.LargeUtf8 || target instanceof ArrowType.LargeBinary;
        boolean targetUtf8 = target instanceof ArrowType.Utf8 || target instanceof ArrowType.LargeUtf8;
        Array out;
        if (targetLarge == s.isLarge()) {
            out = Array.ofUnchecked(s.data().withType(target));
        } else {
            long n = s.length();
            long first = s.valueOffset(0);
            long last = s.valueOffset(n);
            if (!targetLarge && last - first > Integer.MAX_VALUE) {
                throw new ComputeException("cast from " + s.type() + " to " + target + ": " + (last - first)
                        + " bytes are more than " + target + " addresses");
            }
            ArrowBuffer offsets = Outputs.allocateForOverwrite((n + 1) * (targetLarge ? 8 : 4));
            MemorySegment o = offsets.segment();
            for (long i = 0; i <= n; i++) {
                long v = s.valueOffset(i) - first;
                if (targetLarge) {
                    o.set(LittleEndian.LONG, i * 8, v);
                } else {
                    o.set(LittleEndian.INT, i * 4, (int) v);
                }
            }
            ArrowBuffer data = s.dataBuffer() == null ? ArrowBuffer.EMPTY : s.dataBuffer().slice(first, last - first);
            out = Outputs.varBinary(target, n, dev.quiver.compute.kernel.Validity.and(s), offsets, data);
        }
        if (targetUtf8 && !s.isUtf8()) {
            try {
                out.validateFull();
            } catch (ValidationException e) {
                throw new ComputeException("cast from " + s.type() + " to " + target + ": " + e.getMessage(), e);
            }
        }
        return out;
    }
}
