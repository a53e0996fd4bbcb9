// SPDX-License-Identifier: Apache-2.0
package dev.quiver.row;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * Test columns: through the builders, or by hand where a test needs exact bytes (garbage under nulls,
 * raw offsets); and their values as plain objects.
 */
final class Cols {
    private Cols() {
    }

    /** An integer column (any integer type) through IntBuilder; null entries are nulls. */
    static ArrayData ints(ArrowType.Int type, Long... values) {
        IntBuilder<?> b = IntBuilder.of(type, dev.quiver.core.memory.BufferAllocator.managed());
        for (Long v : values) {
            if (v == null) {
                b.appendNull();
            } else {
                b.appendWrapping(v); // random keys: any bits of the width
            }
        }
        return b.build().data();
    }

    static ArrayData int32(Integer... values) {
        return ints(ArrowType.INT32, Arrays.stream(values).map(v -> v == null ? null : (long) v).toArray(Long[]::new));
    }

    static ArrayData int64(Long... values) {
        return ints(ArrowType.INT64, values);
    }

    /** The validity bitmap of {@code valid} (null when all are valid). */
    static ArrowBuffer validity(boolean[] valid) {
        byte[] bits = new byte[(valid.length + 7) / 8 + 1];
        boolean any = false;
        for (int i = 0; i < valid.length; i++) {
            if (valid[i]) {
                bits[i >> 3] |= (byte) (1 << (i & 7));
            } else {
                any = true;
            }
        }
        return any ? ArrowBuffer.wrap(bits) : null;
    }

    static ArrayData bool(Boolean... values) {
        return of(ArrowType.BOOL, (Object[]) values).data();
    }

    /** A fixed-width column of {@code width}-byte values by hand (null entries are nulls, stored as zeros). */
    static ArrayData fixed(ArrowType type, int width, byte[]... values) {
        boolean[] valid = new boolean[values.length];
        byte[] data = new byte[values.length * width];
        for (int i = 0; i < values.length; i++) {
            valid[i] = values[i] != null;
            if (values[i] != null) {
                System.arraycopy(values[i], 0, data, i * width, width);
            }
        }
        return ArrayData.of(type, values.length, Arrays.asList(validity(valid), ArrowBuffer.wrap(data)), List.of());
    }

    static ArrayData fsb(int width, String... values) {
        Object[] bytes = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = values[i] == null ? null : values[i].getBytes(StandardCharsets.UTF_8);
        }
        return of(new ArrowType.FixedSizeBinary(width), bytes).data();
    }

    static ArrayData utf8(String... values) {
        return of(ArrowType.UTF8, (Object[]) values).data();
    }

    static ArrayData var(ArrowType type, byte[]... values) {
        boolean[] valid = new boolean[values.length];
        byte[] offsets = new byte[(values.length + 1) * 4];
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        MemorySegment off = MemorySegment.ofArray(offsets);
        for (int i = 0; i < values.length; i++) {
            valid[i] = values[i] != null;
            if (values[i] != null) {
                data.writeBytes(values[i]);
            }
            off.set(LittleEndian.INT, (i + 1) * 4L, data.size());
        }
        return ArrayData.of(type, values.length,
                Arrays.asList(validity(valid), ArrowBuffer.wrap(offsets), ArrowBuffer.wrap(data.toByteArray())),
                List.of());
    }

    /** A utf8 column from raw offsets and bytes, with a validity bitmap from {@code valid}. */
    static ArrayData utf8Raw(boolean[] valid, int[] offsets, String data) {
        byte[] off = new byte[offsets.length * 4];
        for (int i = 0; i < offsets.length; i++) {
            MemorySegment.ofArray(off).set(LittleEndian.INT, i * 4L, offsets[i]);
        }
        return ArrayData.of(ArrowType.UTF8, offsets.length - 1, Arrays.asList(validity(valid), ArrowBuffer.wrap(off),
                ArrowBuffer.wrap(data.getBytes(StandardCharsets.UTF_8))), List.of());
    }

    static ArrayData nulls(int n) {
        return new ArrayData(ArrowType.NULL, n, 0, n, List.of(), List.of(), null);
    }

    /** Bytes from hex pairs, spaces and '|' ignored: {@code "07 00 | ff"}. */
    static byte[] hex(String text) {
        return HexFormat.of().parseHex(text.replaceAll("[\\s|]", ""));
    }

    static String hex(MemorySegment segment) {
        return HexFormat.ofDelimiter(" ").formatHex(segment.toArray(LittleEndian.BYTE));
    }

    /** An array of {@code type} built with its builder from plain values (as {@code getObject} returns them). */
    static Array of(ArrowType type, Object... values) {
        ArrayBuilder builder = ArrayBuilder.of(type);
        for (Object v : values) {
            builder.appendObject(v);
        }
        return builder.build();
    }

    /**
     * The values of a column as comparable plain objects: {@link Array#getObject}, with byte arrays as
     * hex strings (so that equal bytes compare equal); dictionary columns give their decoded values.
     */
    static List<Object> values(ArrayData data) {
        Array array = Array.ofUnchecked(data);
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < array.length(); i++) {
            Object v = array.getObject(i);
            out.add(v instanceof byte[] b ? "0x" + HexFormat.of().formatHex(b) : v);
        }
        return out;
    }
}
