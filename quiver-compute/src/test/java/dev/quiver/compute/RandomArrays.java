// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute;

import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;

/** Random test arrays with nulls, built as slices (offset 3) of a longer array so kernels meet offsets. */
public final class RandomArrays {
    private RandomArrays() {
    }

    /**
     * A random sliced array.
     *
     * @param type the type (integers, floats, bool, utf8, binary, decimal, date32, timestamp)
     * @param random the source of randomness
     * @param n the length
     * @param nullFraction the share of nulls
     * @return the array, an offset-3 slice
     */
    public static Array of(ArrowType type, Random random, int n, double nullFraction) {
        ArrayBuilder b = ArrayBuilder.of(type);
        for (int i = 0; i < n + 5; i++) {
            if (random.nextDouble() < nullFraction) {
                b.appendNull();
            } else {
                b.appendObject(value(type, random));
            }
        }
        return b.build().slice(3, n);
    }

    private static Object value(ArrowType type, Random r) {
        return switch (type) {
            case ArrowType.Bool t -> r.nextBoolean();
            case ArrowType.Int t -> {
                long v = switch (t.bitWidth()) {
                    case 8 -> r.nextInt(t.signed() ? -128 : 0, t.signed() ? 128 : 256);
                    case 16 -> r.nextInt(t.signed() ? -32768 : 0, t.signed() ? 32768 : 65536);
                    case 32 -> t.signed() ? r.nextInt() : r.nextLong(0, 1L << 32);
                    default -> r.nextInt(4) == 0 ? r.nextLong() : r.nextLong(-1000, 1000);
                };
                if (!t.signed() && t.bitWidth() == 64) {
                    v = Math.abs(v);
                }
                yield small(t, r) ? (Object) (v % 50) : (Object) v;
            }
            case ArrowType.FloatingPoint t -> {
                double d = r.nextInt(20) == 0 ? Double.NaN : Math.round(r.nextGaussian() * 1000) / 8.0;
                yield t.precision() == dev.quiver.core.type.Precision.SINGLE ? (Object) (float) d : (Object) d;
            }
            case ArrowType.Utf8 t -> word(r);
            case ArrowType.LargeUtf8 t -> word(r);
            case ArrowType.Binary t -> word(r).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            case ArrowType.Decimal t -> new BigDecimal(BigInteger.valueOf(r.nextLong(-1_000_000, 1_000_000)),
                    t.scale());
            case ArrowType.Date t -> java.time.LocalDate.ofEpochDay(r.nextInt(-20000, 20000));
            case ArrowType.Timestamp t -> java.time.Instant.ofEpochSecond(r.nextLong(0, 2_000_000_000L));
            default -> throw new IllegalArgumentException("no random values of " + type);
        };
    }

    private static boolean small(ArrowType.Int t, Random r) {
        return t.bitWidth() >= 32 && r.nextBoolean();
    }

    private static String word(Random r) {
        String[] words = {"", "a", "b", "ab", "apple", "Äpfel", "zeta", "日本", "b\u0000c", "longer words here"};
        return words[r.nextInt(words.length)];
    }
}
