// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.TimeUnit;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random columns of the types a row table takes, from small value domains (so that rows repeat), with
 * nulls, garbage under null slots and a random slice offset. Built by hand: builders write zeros under
 * nulls, and the garbage is the point.
 */
final class RandomColumns {
    static final ArrowType DICT = new ArrowType.Dictionary(ArrowType.INT8, ArrowType.UTF8, false);
    /** The dictionary every DICT column shares. */
    static final ArrayData DICTIONARY = Cols.utf8("red", "green", "blue", "cyan");

    private RandomColumns() {
    }

    static ArrowType randomType(Random rnd) {
        return switch (rnd.nextInt(20)) {
            case 0 -> ArrowType.INT8;
            case 1 -> ArrowType.INT16;
            case 2 -> ArrowType.INT32;
            case 3 -> ArrowType.INT64;
            case 4 -> ArrowType.UINT8;
            case 5 -> ArrowType.UINT64;
            case 6 -> ArrowType.FLOAT32;
            case 7 -> ArrowType.FLOAT64;
            case 8, 9 -> ArrowType.BOOL;
            case 10, 11 -> ArrowType.UTF8;
            case 12 -> ArrowType.BINARY;
            case 13 -> new ArrowType.FixedSizeBinary(1 + rnd.nextInt(20));
            case 14 -> new ArrowType.Decimal(30, 2);
            case 15 -> ArrowType.NULL;
            case 16 -> new ArrowType.Date(DateUnit.DAY);
            case 17 -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
            case 18 -> DICT;
            default -> ArrowType.FLOAT16;
        };
    }

    /** A column of {@code n} values, sliced out of a longer one. */
    static ArrayData column(ArrowType type, Random rnd, int n, double nullRate) {
        int skip = rnd.nextInt(10);
        int total = n + skip + rnd.nextInt(3);
        ArrayData full = build(type, rnd, total, nullRate);
        return full.slice(skip, n);
    }

    private static ArrayData build(ArrowType type, Random rnd, int n, double nullRate) {
        if (type instanceof ArrowType.Null) {
            return Cols.nulls(n);
        }
        boolean[] valid = new boolean[n];
        for (int i = 0; i < n; i++) {
            valid[i] = rnd.nextDouble() >= nullRate;
        }
        ColumnMetadata md = ColumnMetadata.of(type);
        if (md.isBool()) {
            byte[] bits = new byte[n / 8 + 1];
            rnd.nextBytes(bits);
            return ArrayData.of(type, n, java.util.Arrays.asList(Cols.validity(valid), ArrowBuffer.wrap(bits)),
                    List.of());
        }
        if (!md.isFixedLength()) {
            byte[][] values = new byte[n][];
            String[] words = {"", "a", "bb", "hello", "hello world!", "ünïcödé", "a somewhat longer value here"};
            for (int i = 0; i < n; i++) {
                values[i] = words[rnd.nextInt(words.length)].getBytes(StandardCharsets.UTF_8);
            }
            ArrayData data = Cols.var(type, values);
            return new ArrayData(type, n, 0, ArrayData.UNKNOWN_NULL_COUNT,
                    java.util.Arrays.asList(Cols.validity(valid), data.buffer(1), data.buffer(2)), List.of(), null);
        }
        int w = md.fixedLength();
        byte[] bytes = new byte[n * w];
        boolean floating = type instanceof ArrowType.FloatingPoint;
        for (int i = 0; i < n; i++) {
            int choice = rnd.nextInt(3);
            for (int b = 0; b < w; b++) {
                byte value = (byte) (b == 0 ? choice : floating && b == w - 1 ? 0x3c : 0);
                bytes[i * w + b] = valid[i] ? value : (byte) rnd.nextInt();
            }
        }
        if (type == DICT) {
            for (int i = 0; i < n; i++) {
                bytes[i] = (byte) rnd.nextInt(4);
            }
        }
        List<ArrowBuffer> buffers = new ArrayList<>(java.util.Arrays.asList(Cols.validity(valid),
                ArrowBuffer.wrap(bytes)));
        return new ArrayData(type, n, 0, ArrayData.UNKNOWN_NULL_COUNT, buffers, List.of(),
                type == DICT ? DICTIONARY : null);
    }
}
