// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.compare;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Bits;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Scalars;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;

/**
 * Boolean logic, 64 rows per step. {@code and}, {@code or}, {@code xor} and {@code not} give null where an input is
 * null; {@code andKleene} and {@code orKleene} follow Kleene's three-valued logic ({@code false and null} is false,
 * {@code true or null} is true). An operand of length one is broadcast.
 *
 * <pre>{@code
 * Array a = ArrayBuilder.of(ArrowType.BOOL).appendObject(true).appendObject(false).appendObject(null).build();
 * Array b = ArrayBuilder.of(ArrowType.BOOL).appendObject(null).appendObject(null).appendObject(true).build();
 * Logic.andKleene(a, b); // [null, false, null]
 * Logic.orKleene(a, b);  // [true, null, true]
 * Logic.and(a, b);       // [null, null, null]
 * }</pre>
 */
public final class Logic {
    private static final int AND = 0;
    private static final int OR = 1;
    private static final int XOR = 2;
    private static final int AND_KLEENE = 3;
    private static final int OR_KLEENE = 4;

    private Logic() {
    }

    /**
     * {@code a and b}, null where either is null.
     *
     * @param a a boolean array
     * @param b a boolean array
     * @return the conjunction
     * @throws ComputeException if an operand is not boolean or the lengths differ
     */
    public static Array and(Array a, Array b) {
        return binary(AND, "and", a, b);
    }

    /**
     * {@code a or b}, null where either is null.
     *
     * @param a a boolean array
     * @param b a boolean array
     * @return the disjunction
     * @throws ComputeException if an operand is not boolean or the lengths differ
     */
    public static Array or(Array a, Array b) {
        return binary(OR, "or", a, b);
    }

    /**
     * {@code a xor b}, null where either is null.
     *
     * @param a a boolean array
     * @param b a boolean array
     * @return the exclusive disjunction
     * @throws ComputeException if an operand is not boolean or the lengths differ
     */
    public static Array xor(Array a, Array b) {
        return binary(XOR, "xor", a, b);
    }

    /**
     * Kleene {@code a and b}: false if either is false, true if both are true, else null.
     *
     * @param a a boolean array
     * @param b a boolean array
     * @return the conjunction
     * @throws ComputeException if an operand is not boolean or the lengths differ
     */
    public static Array andKleene(Array a, Array b) {
        return binary(AND_KLEENE, "and_kleene", a, b);
    }

    /**
     * Kleene {@code a or b}: true if either is true, false if both are false, else null.
     *
     * @param a a boolean array
     * @param b a boolean array
     * @return the disjunction
     * @throws ComputeException if an operand is not boolean or the lengths differ
     */
    public static Array orKleene(Array a, Array b) {
        return binary(OR_KLEENE, "or_kleene", a, b);
    }

    /**
     * {@code not a}, null where {@code a} is null.
     *
     * @param a a boolean array
     * @return the negation
     * @throws ComputeException if the operand is not boolean
     */
    public static Array not(Array a) {
        check("not", a);
        long n = a.length();
        ArrowBuffer out = Outputs.allocateBits(n);
        MemorySegment bits = Chunks.values(a);
        for (long i = 0; i < n; i += 64) {
            int k = (int) Math.min(64, n - i);
            Bits.putWord(out.segment(), i, ~Bits.word(bits, a.offset() + i) & Bits.low(k), k);
        }
        return Outputs.bool(n, Validity.and(a), out);
    }

    private static Array binary(int op, String name, Array a, Array b) {
        check(name, a);
        check(name, b);
        long n = Scalars.commonLength(name, a, b);
        ArrowBuffer out = Outputs.allocateBits(n);
        ArrowBuffer valid = Outputs.allocateBits(n);
        for (long i = 0; i < n; i += 64) {
            int k = (int) Math.min(64, n - i);
            long ad = data(a, i, k);
            long av = valid(a, i, k);
            long bd = data(b, i, k);
            long bv = valid(b, i, k);
            long d;
            long v;
            switch (op) {
                case AND -> {
                    d = ad & bd;
                    v = av & bv;
                }
                case OR -> {
                    d = ad | bd;
                    v = av & bv;
                }
                case XOR -> {
                    d = ad ^ bd;
                    v = av & bv;
                }
                case AND_KLEENE -> {
                    long falseA = av & ~ad;
                    long falseB = bv & ~bd;
                    v = (av & bv) | falseA | falseB;
                    d = ad & bd & av & bv;
                }
                default -> {
                    long trueA = av & ad;
                    long trueB = bv & bd;
                    v = (av & bv) | trueA | trueB;
                    d = trueA | trueB;
                }
            }
            Bits.putWord(out.segment(), i, d & v & Bits.low(k), k);
            Bits.putWord(valid.segment(), i, v & Bits.low(k), k);
        }
        return Outputs.bool(n, Outputs.dropIfAllValid(valid, n), out);
    }

    private static long data(Array a, long i, int k) {
        MemorySegment bits = Chunks.values(a);
        if (a.length() == 1) {
            return a.isValid(0) && Bits.word(bits, a.offset(), 1) != 0 ? Bits.low(k) : 0;
        }
        return Bits.word(bits, a.offset() + i, k);
    }

    private static long valid(Array a, long i, int k) {
        if (a.length() == 1) {
            return a.isValid(0) ? Bits.low(k) : 0;
        }
        MemorySegment v = Validity.segment(a);
        return Bits.word(v, a.offset() + i, k);
    }

    private static void check(String name, Array a) {
        if (!(a.type() instanceof ArrowType.Bool)) {
            throw new ComputeException(name + ": the operand must be boolean, not " + a.type());
        }
    }
}
