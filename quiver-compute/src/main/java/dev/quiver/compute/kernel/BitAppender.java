// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.kernel;

import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;

/**
 * Appends runs of up to 64 bits to a bitmap written from bit zero, a 64-bit word at a time (the bitmap is sized in
 * whole 8-byte words, as {@link Outputs#allocateBits} gives it). Kernels that compact bitmaps (filter) pair it with
 * {@link Long#compress}.
 */
public final class BitAppender {
    private final MemorySegment bitmap;
    private long word;
    private int bits;
    private long at;

    /**
     * An appender writing {@code bitmap} from its first bit.
     *
     * @param bitmap the bitmap, a whole number of 8-byte words long
     */
    public BitAppender(MemorySegment bitmap) {
        this.bitmap = bitmap;
    }

    /**
     * Appends the lowest {@code count} bits of {@code w} (the others must be zero).
     *
     * @param w the bits, the first one lowest
     * @param count how many, 0 to 64
     */
    public void append(long w, int count) {
        word |= w << bits;
        int total = bits + count;
        if (total >= 64) {
            bitmap.set(LittleEndian.LONG, at, word);
            at += 8;
            word = bits == 0 ? 0 : w >>> (64 - bits);
            total -= 64;
        }
        bits = total;
    }

    /** Writes the last partial word. */
    public void finish() {
        if (bits > 0) {
            bitmap.set(LittleEndian.LONG, at, word);
        }
    }
}
