// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.compare;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Bits;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Scalars;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.compute.selection.Selection;
import dev.quiver.core.array.Array;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Choosing between values row by row: if_else, coalesce and fill_null, for values of any type (the rows are
 * taken from the inputs end to end, so every type take handles works). An operand of length one is broadcast.
 *
 * <pre>{@code
 * Array cond = ArrayBuilder.of(ArrowType.BOOL).appendObject(true).appendObject(null).appendObject(false).build();
 * Array a = ArrayBuilder.of(ArrowType.INT64).appendObject(1L).appendObject(2L).appendObject(3L).build();
 * Array b = ArrayBuilder.of(ArrowType.INT64).appendObject(4L).appendObject(5L).appendObject(null).build();
 * Choice.ifElse(cond, a, b);                       // [1, null, null]
 * Choice.coalesce(b, a);                           // [4, 5, 3]
 * Array zero = ArrayBuilder.of(ArrowType.INT64).appendObject(0L).build();
 * Choice.fillNull(b, zero);                        // [4, 5, 0]
 * }</pre>
 */
public final class Choice {
    private Choice() {
    }

    /**
     * {@code cond ? whenTrue : whenFalse} per row; a null condition gives a null.
     *
     * @param cond a boolean array
     * @param whenTrue the values where the condition is true
     * @param whenFalse the values where it is false, of the same type
     * @return the chosen values
     * @throws ComputeException if the types differ, the condition is not boolean or lengths differ
     */
    public static Array ifElse(Array cond, Array whenTrue, Array whenFalse) {
        if (!(cond.type() instanceof ArrowType.Bool)) {
            throw new ComputeException("if_else: the condition must be boolean, not " + cond.type());
        }
        sameType("if_else", whenTrue, whenFalse);
        long n = Scalars.commonLength("if_else", cond, whenTrue, whenFalse);
        ArrowBuffer idx = Outputs.allocateForOverwrite(n * 8);
        ArrowBuffer valid = Outputs.allocateBits(n);
        MemorySegment bits = Chunks.values(cond);
        MemorySegment condValid = Validity.segment(cond);
        long ts = whenTrue.length() == 1 ? 0 : 1;
        long fs = whenFalse.length() == 1 ? 0 : 1;
        long cs = cond.length() == 1 ? 0 : 1;
        long falseBase = whenTrue.length();
        for (long i = 0; i < n; i++) {
            long c = cond.offset() + i * cs;
            boolean ok = condValid == null || Bitmaps.get(condValid, c);
            long j = Bitmaps.get(bits, c) ? i * ts : falseBase + i * fs;
            idx.segment().set(LittleEndian.LONG, i * 8, ok ? j : 0);
            if (ok) {
                Bitmaps.set(valid.segment(), i, true);
            }
        }
        Array all = Selection.concat(whenTrue.type(), List.of(whenTrue, whenFalse));
        return Selection.take(all, Outputs.fixedWidth(ArrowType.INT64, n, Outputs.dropIfAllValid(valid, n), idx));
    }

    /**
     * The first non-null value of each row across the inputs (null where all are null).
     *
     * @param inputs arrays of one type
     * @return the coalesced values
     * @throws ComputeException if the types differ or lengths differ
     */
    public static Array coalesce(Array... inputs) {
        if (inputs.length == 0) {
            throw new ComputeException("coalesce: no input");
        }
        for (Array a : inputs) {
            sameType("coalesce", inputs[0], a);
        }
        long n = Scalars.commonLength("coalesce", inputs);
        ArrowBuffer idx = Outputs.allocate(n * 8);
        ArrowBuffer valid = Outputs.allocateBits(n);
        MemorySegment is = idx.segment();
        MemorySegment vs = valid.segment();
        long base = 0;
        for (Array a : inputs) {
            long stride = a.length() == 1 ? 0 : 1;
            MemorySegment v = Validity.segment(a);
            for (long i = 0; i < n; i += 64) {
                int k = (int) Math.min(64, n - i);
                long open = ~Bits.word(vs, i, k) & Bits.low(k);
                long here = stride == 0 ? (a.isValid(0) ? -1L : 0) : Bits.word(v, a.offset() + i, k);
                long fill = open & here;
                long f = fill;
                while (f != 0) {
                    int b = Long.numberOfTrailingZeros(f);
                    f &= f - 1;
                    is.set(LittleEndian.LONG, (i + b) * 8, base + (i + b) * stride);
                }
                if (fill != 0) {
                    Bits.putWord(vs, i, Bits.word(vs, i, k) | fill, k);
                }
            }
            base += a.length();
        }
        Array all = Selection.concat(inputs[0].type(), List.of(inputs));
        return Selection.take(all, Outputs.fixedWidth(ArrowType.INT64, n, Outputs.dropIfAllValid(valid, n), idx));
    }

    /**
     * The values with each null replaced by {@code fill}.
     *
     * @param values the values
     * @param fill a value of the same type: one value, broadcast, or one per row
     * @return the filled values
     * @throws ComputeException if the types or lengths differ
     */
    public static Array fillNull(Array values, Array fill) {
        return values.nullCount() == 0 ? values : coalesce(values, fill);
    }

    private static void sameType(String kernel, Array a, Array b) {
        if (!Types.equalIgnoringDictionaryIds(a.type(), b.type())) {
            throw new ComputeException(kernel + ": operands of types " + a.type() + " and " + b.type()
                    + " (cast one to the other first)");
        }
    }
}
