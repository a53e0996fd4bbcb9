// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.arithmetic;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Physical;
import dev.quiver.core.array.Array;
import dev.quiver.core.memory.Bitmaps;
import java.lang.foreign.MemorySegment;

/** Floating-point arithmetic in doubles (IEEE: division by zero gives an infinity or NaN, an error when checked), rounded to the output. */
final class FloatKernel {
    private FloatKernel() {
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
        for (long i = 0; i < n; i++) {
            double u = Physical.readDouble(x, ka, ab + i * as);
            double v = Physical.readDouble(y, kb, bb + i * bs);
            double r = switch (op) {
                case ADD -> u + v;
                case SUBTRACT -> u - v;
                case MULTIPLY -> u * v;
                case DIVIDE -> {
                    if (checked && v == 0 && (valid == null || Bitmaps.get(valid, i))) {
                        throw new ComputeException(fn + ": divide by zero at row " + i);
                    }
                    yield u / v;
                }
                case POWER -> Math.pow(u, v);
            };
            Physical.writeDouble(out, outKind, i, r);
        }
    }
}
