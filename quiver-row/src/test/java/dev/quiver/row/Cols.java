package dev.quiver.row;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.IntBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.HalfFloat;
import dev.quiver.core.memory.LE;
import dev.quiver.core.type.ArrowType;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/** Builds test columns as ArrayData by hand and reads them back as plain values. */
final class Cols {
    private Cols() {
    }

    /** An integer column (any integer type) through IntBuilder; null entries are nulls. */
    static ArrayData ints(ArrowType.Int type, Long... values) {
        IntBuilder b = new IntBuilder(type, dev.quiver.core.memory.BufferAllocator.managed());
        for (Long v : values) {
            if (v == null) {
                b.appendNull();
            } else {
                b.append(v);
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
        boolean[] valid = new boolean[values.length];
        byte[] bits = new byte[(values.length + 7) / 8 + 1];
        for (int i = 0; i < values.length; i++) {
            valid[i] = values[i] != null;
            if (Boolean.TRUE.equals(values[i])) {
                bits[i >> 3] |= (byte) (1 << (i & 7));
            }
        }
        return ArrayData.of(ArrowType.BOOL, values.length, Arrays.asList(validity(valid), ArrowBuffer.wrap(bits)),
                List.of());
    }

    /** A fixed-width column of {@code width}-byte values (null entries are nulls, stored as zeros). */
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
        byte[][] bytes = new byte[values.length][];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = values[i] == null ? null : values[i].getBytes(StandardCharsets.UTF_8);
        }
        return fixed(new ArrowType.FixedSizeBinary(width), width, bytes);
    }

    static ArrayData utf8(String... values) {
        byte[][] bytes = new byte[values.length][];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = values[i] == null ? null : values[i].getBytes(StandardCharsets.UTF_8);
        }
        return var(ArrowType.UTF8, bytes);
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
            off.set(LE.INT, (i + 1) * 4L, data.size());
        }
        return ArrayData.of(type, values.length,
                Arrays.asList(validity(valid), ArrowBuffer.wrap(offsets), ArrowBuffer.wrap(data.toByteArray())),
                List.of());
    }

    /** A utf8 column from raw offsets and bytes, with a validity bitmap from {@code valid}. */
    static ArrayData utf8Raw(boolean[] valid, int[] offsets, String data) {
        byte[] off = new byte[offsets.length * 4];
        for (int i = 0; i < offsets.length; i++) {
            MemorySegment.ofArray(off).set(LE.INT, i * 4L, offsets[i]);
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
        return HexFormat.ofDelimiter(" ").formatHex(segment.toArray(LE.BYTE));
    }

    /**
     * The values of a column as plain objects: Long (integers, uint64 as BigInteger), Boolean, hex strings
     * for other fixed widths, String for utf8, hex for binary; null for nulls. Dictionary columns give
     * their indices.
     */
    static List<Object> values(ArrayData data) {
        List<Object> out = new ArrayList<>();
        ArrowType type = dev.quiver.core.type.Types.storage(data.type());
        ColumnMetadata md = ColumnMetadata.of(type);
        for (long i = 0; i < data.length(); i++) {
            if (!data.isValid(i)) {
                out.add(null);
                continue;
            }
            long at = data.offset() + i;
            if (md.isBool()) {
                out.add(Bitmaps.get(data.buffer(1).segment(), at));
            } else if (!md.isFixedLength()) {
                MemorySegment off = data.buffer(1).segment();
                int s = off.get(LE.INT, at * 4);
                int e = off.get(LE.INT, at * 4 + 4);
                byte[] bytes = data.buffer(2).segment().asSlice(s, e - s).toArray(LE.BYTE);
                out.add(type instanceof ArrowType.Utf8 ? new String(bytes, StandardCharsets.UTF_8)
                        : "0x" + HexFormat.of().formatHex(bytes));
            } else {
                out.add(fixedValue(type, md.fixedLength(), data.buffer(1).segment(), at));
            }
        }
        return out;
    }

    private static Object fixedValue(ArrowType type, int w, MemorySegment values, long at) {
        if (type instanceof ArrowType.Int t) {
            long v = switch (w) {
                case 1 -> t.signed() ? values.get(LE.BYTE, at) : values.get(LE.BYTE, at) & 0xFF;
                case 2 -> t.signed() ? values.get(LE.SHORT, at * 2) : values.get(LE.SHORT, at * 2) & 0xFFFF;
                case 4 -> t.signed() ? values.get(LE.INT, at * 4) : values.get(LE.INT, at * 4) & 0xFFFFFFFFL;
                default -> values.get(LE.LONG, at * 8);
            };
            return !t.signed() && w == 8 ? new BigInteger(Long.toUnsignedString(v)) : (Object) v;
        }
        if (type instanceof ArrowType.FloatingPoint f) {
            return switch (f.precision()) {
                case HALF -> HalfFloat.toFloat(values.get(LE.SHORT, at * 2));
                case SINGLE -> values.get(LE.FLOAT, at * 4);
                case DOUBLE -> values.get(LE.DOUBLE, at * 8);
            };
        }
        return "0x" + HexFormat.of().formatHex(values.asSlice(at * w, w).toArray(LE.BYTE));
    }
}
