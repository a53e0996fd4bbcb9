// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.compare;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.ByteStrings;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.BinaryViewArray;
import dev.quiver.core.array.BooleanArray;
import dev.quiver.core.array.DecimalArray;
import dev.quiver.core.array.FixedSizeBinaryArray;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;

/**
 * The comparison loops: integers as longs (unsigned 64-bit apart), floats as doubles (IEEE: NaN compares unequal to
 * everything), decimals word by word, booleans, and binary/strings byte-wise. An operand of length one is broadcast.
 */
final class CompareKernel {
    private CompareKernel() {
    }

    static Array compare(CompareOp op, Array left, Array right) {
        long n = dev.quiver.compute.kernel.Scalars.commonLength(op.symbol(), left, right);
        ArrowBuffer validity = Validity.broadcast(n, left, right);
        ArrowBuffer out = Outputs.allocateBits(n);
        int outcomes = op.outcomes();
        long ls = left.length() == 1 ? 0 : 1;
        long rs = right.length() == 1 ? 0 : 1;
        int lk = Physical.kind(left.type());
        int rk = Physical.kind(right.type());
        MemorySegment o = out.segment();
        if (lk != Physical.OTHER && rk != Physical.OTHER) {
            checkTemporal(op, left.type(), right.type());
            numeric(outcomes, op == CompareOp.NOT_EQUAL, left, lk, ls, right, rk, rs, o, n);
        } else if (left instanceof BooleanArray && right instanceof BooleanArray) {
            MemorySegment a = Chunks.values(left);
            MemorySegment b = Chunks.values(right);
            for (long i = 0; i < n; i++) {
                int x = Bitmaps.get(a, left.offset() + i * ls) ? 1 : 0;
                int y = Bitmaps.get(b, right.offset() + i * rs) ? 1 : 0;
                set(o, i, outcomes, Integer.compare(x, y));
            }
        } else if (left instanceof DecimalArray a && right instanceof DecimalArray b) {
            if (a.decimalType().scale() != b.decimalType().scale()) {
                throw new ComputeException(op.symbol() + ": decimals of scales " + a.decimalType().scale() + " and "
                        + b.decimalType().scale() + " (cast one to the other's scale first)");
            }
            for (long i = 0; i < n; i++) {
                if (isValid(left, i * ls) && isValid(right, i * rs)) {
                    set(o, i, outcomes, a.getUnscaled(i * ls).compareTo(b.getUnscaled(i * rs)));
                }
            }
        } else if (left instanceof VarBinaryArray a && right instanceof VarBinaryArray b) {
            MemorySegment ab = bytes(a.dataBuffer());
            MemorySegment bb = bytes(b.dataBuffer());
            for (long i = 0; i < n; i++) {
                long as = a.valueOffset(i * ls);
                long ae = a.valueOffset(i * ls + 1);
                long bs = b.valueOffset(i * rs);
                long be = b.valueOffset(i * rs + 1);
                set(o, i, outcomes, ByteStrings.compare(ab, as, ae, bb, bs, be));
            }
        } else if (left instanceof FixedSizeBinaryArray || left instanceof BinaryViewArray) {
            if (!Types.equalIgnoringDictionaryIds(left.type(), right.type())) {
                throw mismatch(op, left, right);
            }
            for (long i = 0; i < n; i++) {
                if (isValid(left, i * ls) && isValid(right, i * rs)) {
                    byte[] x = (byte[]) bytesOf(left, i * ls);
                    byte[] y = (byte[]) bytesOf(right, i * rs);
                    set(o, i, outcomes, java.util.Arrays.compareUnsigned(x, y));
                }
            }
        } else {
            throw mismatch(op, left, right);
        }
        return Outputs.bool(n, validity, out);
    }

    private static Object bytesOf(Array a, long i) {
        Object v = a.getObject(i);
        return v instanceof String s ? s.getBytes(java.nio.charset.StandardCharsets.UTF_8) : v;
    }

    private static boolean isValid(Array a, long i) {
        return a.isValid(i);
    }

    private static ComputeException mismatch(CompareOp op, Array left, Array right) {
        return new ComputeException("'" + op.symbol() + "' cannot compare " + left.type() + " with " + right.type());
    }

    private static void checkTemporal(CompareOp op, ArrowType l, ArrowType r) {
        boolean lt = isTemporal(l);
        boolean rt = isTemporal(r);
        if ((lt || rt) && !Types.equalIgnoringDictionaryIds(l, r)) {
            throw new ComputeException("'" + op.symbol() + "' cannot compare " + l + " with " + r
                    + " (cast to one type first)");
        }
    }

    private static boolean isTemporal(ArrowType t) {
        ArrowType s = Types.storage(t);
        return s instanceof ArrowType.Date || s instanceof ArrowType.Time || s instanceof ArrowType.Timestamp
                || s instanceof ArrowType.Duration;
    }

    private static void numeric(int outcomes, boolean notEqual, Array left, int lk, long ls, Array right, int rk,
            long rs, MemorySegment o, long n) {
        MemorySegment a = Chunks.values(left);
        MemorySegment b = Chunks.values(right);
        long lb = left.offset();
        long rb = right.offset();
        if (Physical.isFloat(lk) || Physical.isFloat(rk)) {
            for (long i = 0; i < n; i++) {
                double x = Physical.readDouble(a, lk, lb + i * ls);
                double y = Physical.readDouble(b, rk, rb + i * rs);
                if (x != x || y != y) {
                    if (notEqual) {
                        Bitmaps.set(o, i, true);
                    }
                } else {
                    set(o, i, outcomes, x < y ? -1 : x > y ? 1 : 0);
                }
            }
        } else if (lk == Physical.U64 || rk == Physical.U64) {
            for (long i = 0; i < n; i++) {
                long x = Physical.readLong(a, lk, lb + i * ls);
                long y = Physical.readLong(b, rk, rb + i * rs);
                set(o, i, outcomes, compareMixed(x, lk == Physical.U64, y, rk == Physical.U64));
            }
        } else {
            for (long i = 0; i < n; i++) {
                long x = Physical.readLong(a, lk, lb + i * ls);
                long y = Physical.readLong(b, rk, rb + i * rs);
                set(o, i, outcomes, Long.compare(x, y));
            }
        }
    }

    private static int compareMixed(long x, boolean xUnsigned, long y, boolean yUnsigned) {
        if (xUnsigned == yUnsigned) {
            return xUnsigned ? Long.compareUnsigned(x, y) : Long.compare(x, y);
        }
        if (xUnsigned) {
            return y < 0 ? 1 : Long.compareUnsigned(x, y);
        }
        return x < 0 ? -1 : Long.compareUnsigned(x, y);
    }

    private static MemorySegment bytes(ArrowBuffer b) {
        return b == null ? ArrowBuffer.EMPTY.segment() : b.segment();
    }

    private static void set(MemorySegment o, long i, int outcomes, int c) {
        if ((outcomes >>> (Integer.signum(c) + 1) & 1) != 0) {
            Bitmaps.set(o, i, true);
        }
    }
}
