// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.compare;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.Threads;
import dev.quiver.compute.kernel.Bits;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Parallel;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.util.HashSet;
import java.util.Set;

/**
 * Null, NaN and set-membership predicates.
 *
 * <pre>{@code
 * Array x = ArrayBuilder.of(ArrowType.INT64).appendObject(1L).appendObject(null).appendObject(3L).build();
 * Predicates.isNull(x);                                   // [false, true, false]
 * Predicates.isValid(x);                                  // [true, false, true]
 * Array set = ArrayBuilder.of(ArrowType.INT64).appendObject(3L).build();
 * Predicates.isIn(x, set);                                // [false, false, true]
 * }</pre>
 */
public final class Predicates {
    private Predicates() {
    }

    /**
     * Whether each value is null (never null itself).
     *
     * @param values the values
     * @return a boolean array without nulls
     */
    public static Array isNull(Array values) {
        return validity(values, true);
    }

    /**
     * Whether each value is valid (never null itself).
     *
     * @param values the values
     * @return a boolean array without nulls
     */
    public static Array isValid(Array values) {
        return validity(values, false);
    }

    /**
     * Whether each floating-point value is NaN (null where the value is null; false for every integer).
     *
     * @param values numeric values
     * @return a boolean array
     * @throws ComputeException if the values are not numeric
     */
    public static Array isNan(Array values) {
        int kind = Physical.kind(values.type());
        if (!Physical.isFloat(kind) && !Physical.isInteger(kind) || isTemporal(values.type())) {
            throw new ComputeException("is_nan: the values must be numeric, not " + values.type());
        }
        long n = values.length();
        ArrowBuffer out = Outputs.allocateBits(n);
        if (Physical.isFloat(kind)) {
            MemorySegment s = Chunks.values(values);
            long base = values.offset();
            for (long i = 0; i < n; i++) {
                double d = Physical.readDouble(s, kind, base + i);
                if (d != d) {
                    Bitmaps.set(out.segment(), i, true);
                }
            }
        }
        return Outputs.bool(n, Validity.and(values), out);
    }

    /**
     * Whether each value is in a set of values; a null value is in the set when the set holds a null (pyarrow's
     * default, {@code skip_nulls=False}); NaN matches NaN. The result has no null.
     *
     * @param values the values
     * @param valueSet the set, of the values' type (integers of any width match integers)
     * @return a boolean array without nulls
     * @throws ComputeException if the set's type cannot hold the values' type
     */
    public static Array isIn(Array values, Array valueSet) {
        long n = values.length();
        boolean setHasNull = valueSet.nullCount() > 0;
        ArrowBuffer out = Outputs.allocateBits(n);
        int kind = Physical.kind(values.type());
        int setKind = Physical.kind(valueSet.type());
        MemorySegment valid = Validity.segment(values);
        long base = values.offset();
        int threads = Threads.current();
        int morsels = Parallel.morsels(n, threads);
        // Floats of one type match by their canonical bits (NaN matches NaN, -0.0 does not match 0.0: Double.equals).
        boolean floats = Physical.isFloat(kind) && kind == setKind;
        if (floats || kind != Physical.OTHER && setKind != Physical.OTHER && !Physical.isFloat(kind)
                && !Physical.isFloat(setKind) && compatibleTemporal(values.type(), valueSet.type())) {
            LongSet set = new LongSet((int) valueSet.length());
            MemorySegment s = Chunks.values(valueSet);
            for (long j = 0; j < valueSet.length(); j++) {
                if (valueSet.isValid(j)) {
                    set.add(longKey(s, setKind, valueSet.offset() + j, floats));
                }
            }
            MemorySegment v = Chunks.values(values);
            Parallel.run(morsels, threads, m -> {
                long from = Parallel.morselStart(n, morsels, m);
                long to = Parallel.morselStart(n, morsels, m + 1);
                for (long i = from; i < to; i += 64) {
                    int k = (int) Math.min(64, to - i);
                    long w = 0;
                    for (int b = 0; b < k; b++) {
                        if (set.contains(longKey(v, kind, base + i + b, floats))) {
                            w |= 1L << b;
                        }
                    }
                    long ok = Bits.word(valid, base + i, k);
                    Bits.putWord(out.segment(), i, (w & ok) | (setHasNull ? ~ok & Bits.low(k) : 0), k);
                }
            });
        } else if (values instanceof VarBinaryArray a && valueSet instanceof VarBinaryArray b
                && a.isUtf8() == b.isUtf8()) {
            BytesSet set = new BytesSet((int) b.length(), b.valueOffset(b.length()) - b.valueOffset(0));
            MemorySegment sb = segment(b.dataBuffer());
            for (long j = 0; j < b.length(); j++) {
                if (b.isValid(j)) {
                    set.add(sb, b.valueOffset(j), b.valueOffset(j + 1));
                }
            }
            MemorySegment sa = segment(a.dataBuffer());
            Parallel.run(morsels, threads, m -> {
                long from = Parallel.morselStart(n, morsels, m);
                long to = Parallel.morselStart(n, morsels, m + 1);
                for (long i = from; i < to; i += 64) {
                    int k = (int) Math.min(64, to - i);
                    long w = 0;
                    for (int b2 = 0; b2 < k; b2++) {
                        if (set.contains(sa, a.valueOffset(i + b2), a.valueOffset(i + b2 + 1))) {
                            w |= 1L << b2;
                        }
                    }
                    long ok = Bits.word(valid, base + i, k);
                    Bits.putWord(out.segment(), i, (w & ok) | (setHasNull ? ~ok & Bits.low(k) : 0), k);
                }
            });
        } else if (sameValueType(values.type(), valueSet.type())) {
            Set<Object> set = new HashSet<>();
            for (long j = 0; j < valueSet.length(); j++) {
                if (valueSet.isValid(j)) {
                    set.add(key(valueSet.getObject(j)));
                }
            }
            for (long i = 0; i < n; i++) {
                boolean in = values.isNull(i) ? setHasNull : set.contains(key(values.getObject(i)));
                if (in) {
                    Bitmaps.set(out.segment(), i, true);
                }
            }
        } else {
            throw new ComputeException("is_in: a value set of " + valueSet.type() + " cannot hold values of "
                    + values.type());
        }
        return Outputs.bool(n, null, out);
    }

    private static long longKey(MemorySegment s, int kind, long i, boolean floats) {
        return floats ? Double.doubleToLongBits(Physical.readDouble(s, kind, i)) : Physical.readLong(s, kind, i);
    }

    private static Object key(Object v) {
        if (v instanceof byte[] b) {
            return java.nio.ByteBuffer.wrap(b);
        }
        if (v instanceof Double d && d.isNaN()) {
            return Double.NaN;
        }
        return v;
    }

    private static boolean sameValueType(ArrowType a, ArrowType b) {
        return a.equals(b) || Physical.isFloat(Physical.kind(a)) && Physical.isFloat(Physical.kind(b));
    }

    private static boolean compatibleTemporal(ArrowType a, ArrowType b) {
        return isTemporal(a) == isTemporal(b) && (!isTemporal(a) || a.equals(b));
    }

    static boolean isTemporal(ArrowType t) {
        return !(dev.quiver.core.type.Types.storage(t) instanceof ArrowType.Int
                || dev.quiver.core.type.Types.storage(t) instanceof ArrowType.FloatingPoint);
    }

    private static MemorySegment segment(ArrowBuffer b) {
        return b == null ? ArrowBuffer.EMPTY.segment() : b.segment();
    }

    private static Array validity(Array values, boolean nulls) {
        long n = values.length();
        ArrowBuffer out = Outputs.allocateBits(n);
        MemorySegment v = Validity.segment(values);
        boolean nullType = values.type() instanceof ArrowType.Null;
        for (long i = 0; i < n; i += 64) {
            int k = (int) Math.min(64, n - i);
            long w = nullType ? 0 : Bits.word(v, values.offset() + i, k);
            Bits.putWord(out.segment(), i, (nulls ? ~w : w) & Bits.low(k), k);
        }
        return Outputs.bool(n, null, out);
    }
}
