// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.hash;

import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.Builders;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.util.Random;

/** Random arrays for the kernel tests: small value domains (so values repeat), nulls, and a slice offset. */
public final class RandomArrays {
    private static final String[] WORDS = {"a", "B", "é", "ß", "日本", "", "abc def", "Straße", "x-1", "ǅ", "😀z"};

    private RandomArrays() {
    }

    /**
     * An array of {@code n} random values of {@code type}, sliced out of a longer one.
     *
     * @param type int, uint, float, bool or utf8
     * @param rnd the randomness
     * @param n the length
     * @param nullRate the chance of a null
     * @return the array
     */
    public static Array of(ArrowType type, Random rnd, int n, double nullRate) {
        int skip = rnd.nextInt(5);
        ArrayBuilder b = Builders.of(type, BufferAllocator.managed());
        for (int i = 0; i < n + skip + 2; i++) {
            if (rnd.nextDouble() < nullRate) {
                b.appendNull();
                continue;
            }
            Object v = switch (type) {
                case ArrowType.Int t when t.bitWidth() == 8 && t.signed() -> (byte) (rnd.nextInt(256) - 128);
                case ArrowType.Int t when t.bitWidth() == 8 -> (short) rnd.nextInt(256);
                case ArrowType.Int t when t.bitWidth() == 16 -> (short) (rnd.nextInt(2000) - (t.signed() ? 1000 : 0));
                case ArrowType.Int t when t.bitWidth() == 32 -> rnd.nextInt(2000) - (t.signed() ? 1000 : 0);
                case ArrowType.Int t -> (long) (rnd.nextInt(2000) - (t.signed() ? 1000 : 0));
                case ArrowType.FloatingPoint t when t.precision().bitWidth() == 32 -> (float) (rnd.nextInt(200) / 8.0 - 10);
                case ArrowType.FloatingPoint t -> rnd.nextInt(30) == 0 ? Double.NaN : rnd.nextGaussian() * 100;
                case ArrowType.Bool t -> rnd.nextBoolean();
                default -> WORDS[rnd.nextInt(WORDS.length)] + (rnd.nextInt(3) == 0 ? "" : " " + rnd.nextInt(5));
            };
            b.appendObject(v);
        }
        return b.build().slice(skip, n);
    }
}
