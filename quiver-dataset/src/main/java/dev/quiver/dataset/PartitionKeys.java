// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.BooleanArray;
import dev.quiver.core.array.FixedWidthArray;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.Builders;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import java.lang.foreign.MemorySegment;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The partition keys of a dataset: their fields, typed as given or inferred from every file's raw
 * values, and each file's typed values.
 */
final class PartitionKeys {
    private final List<Field> fields;

    private PartitionKeys(List<Field> fields) {
        this.fields = List.copyOf(fields);
    }

    /**
     * Types the keys that the files' directories name.
     *
     * @param partitioning the scheme and the types given
     * @param raw each file's raw values, keyed by file for messages
     * @return the keys
     */
    static PartitionKeys infer(Partitioning partitioning, Map<String, Map<String, String>> raw) {
        Map<String, List<String>> byKey = new LinkedHashMap<>();
        for (String name : partitioning.names()) {
            byKey.put(name, new ArrayList<>());
        }
        for (Map<String, String> values : raw.values()) {
            for (Map.Entry<String, String> e : values.entrySet()) {
                byKey.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue());
            }
        }
        List<Field> fields = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : byKey.entrySet()) {
            Field given = partitioning.given(e.getKey());
            fields.add(given != null ? given.withNullable(true) : Field.nullable(e.getKey(), inferType(e.getValue())));
        }
        return new PartitionKeys(fields);
    }

    /** The keys as fields, in the order they first appear. */
    List<Field> fields() {
        return fields;
    }

    /**
     * A file's values, typed.
     *
     * @param raw the file's raw values
     * @param file the file, for messages
     * @return one value per key, in the keys' order, of the class its array's {@code getObject} gives; null
     *     where the file has none
     * @throws DatasetException if a value is not of its key's type
     */
    List<Object> typed(Map<String, String> raw, String file) {
        List<Object> values = new ArrayList<>(fields.size());
        for (Field field : fields) {
            String text = raw.get(field.name());
            // The value as the key's array gives it back (an int32 key's value is an Integer, say).
            values.add(text == null ? null
                    : constant(field, parse(field, text, file), 1, BufferAllocator.managed()).getObject(0));
        }
        return values;
    }

    /**
     * An array of one value repeated: the value built once, then its bytes repeated by typed loops on the
     * buffers (no per-row call).
     *
     * @param field the key
     * @param value its value, or null
     * @param length the rows
     * @param allocator where the array lives
     * @return the array
     */
    static Array constant(Field field, Object value, long length, BufferAllocator allocator) {
        ArrayBuilder builder = Builders.of(field.type(), allocator);
        if (value == null) {
            return builder.appendNulls(length).build();
        }
        Array one = builder.appendObject(value).build();
        return switch (one) {
            case FixedWidthArray f -> repeatFixed(f, length, allocator);
            case BooleanArray b -> repeatBits(b.get(0), length, allocator);
            case VarBinaryArray v -> repeatBytes(v, length, allocator);
            default -> throw new IllegalStateException("no constant column of " + field.type());
        };
    }

    private static Array repeatFixed(FixedWidthArray one, long length, BufferAllocator allocator) {
        int width = one.byteWidth();
        ArrowBuffer values = allocator.allocateForOverwrite(Math.max(1, length * width));
        MemorySegment out = values.segment();
        if (length > 0) {
            MemorySegment.copy(one.valuesBuffer().segment(), one.offset() * width, out, 0, width);
            repeat(out, width, length * width);
        }
        return Array.ofUnchecked(new ArrayData(one.type(), length, 0, 0, Arrays.asList(null, values), List.of(),
                null));
    }

    private static Array repeatBits(boolean value, long length, BufferAllocator allocator) {
        ArrowBuffer bits = allocator.allocate(Math.max(1, Bitmaps.bytesFor(length)));
        Bitmaps.fill(bits.segment(), 0, length, value);
        return Array.ofUnchecked(new ArrayData(ArrowType.BOOL, length, 0, 0, Arrays.asList(null, bits), List.of(),
                null));
    }

    private static Array repeatBytes(VarBinaryArray one, long length, BufferAllocator allocator) {
        long size = one.valueLength(0);
        boolean large = one.isLarge();
        if (!large && size * length > Integer.MAX_VALUE) {
            throw new DatasetException("a partition value of " + size + " bytes repeated " + length
                    + " times is more than " + one.type() + " addresses");
        }
        ArrowBuffer offsets = allocator.allocateForOverwrite((length + 1) * (large ? 8 : 4));
        MemorySegment o = offsets.segment();
        if (large) {
            for (long i = 0; i <= length; i++) {
                o.setAtIndex(LittleEndian.LONG, i, i * size);
            }
        } else {
            for (long i = 0; i <= length; i++) {
                o.setAtIndex(LittleEndian.INT, i, (int) (i * size));
            }
        }
        ArrowBuffer data = allocator.allocateForOverwrite(Math.max(1, size * length));
        if (size > 0 && length > 0) {
            MemorySegment.copy(one.getSegment(0), 0, data.segment(), 0, size);
            repeat(data.segment(), size, size * length);
        }
        return Array.ofUnchecked(new ArrayData(one.type(), length, 0, 0, Arrays.asList(null, offsets, data),
                List.of(), null));
    }

    /** Fills {@code segment[0, total)} with copies of its first {@code unit} bytes, doubling what is filled. */
    private static void repeat(MemorySegment segment, long unit, long total) {
        for (long filled = unit; filled < total; filled *= 2) {
            MemorySegment.copy(segment, 0, segment, filled, Math.min(filled, total - filled));
        }
    }

    private static ArrowType inferType(List<String> values) {
        boolean allInt32 = true;
        for (String value : values) {
            if (value == null) {
                continue;
            }
            Long parsed = parseLong(value);
            if (parsed == null) {
                return ArrowType.UTF8;
            }
            allInt32 &= parsed == parsed.intValue();
        }
        return allInt32 ? ArrowType.INT32 : ArrowType.INT64;
    }

    private static Long parseLong(String text) {
        if (text.isEmpty() || text.length() > 20) {
            return null;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Object parse(Field field, String text, String file) {
        ArrowType type = field.type();
        try {
            return switch (type) {
                case ArrowType.Int i -> {
                    long v = Long.parseLong(text);
                    if (i.bitWidth() < 64 && (i.signed()
                            ? v < -(1L << (i.bitWidth() - 1)) || v >= 1L << (i.bitWidth() - 1)
                            : v < 0 || v >= 1L << i.bitWidth())) {
                        throw new DatasetException("partition value '" + text + "' of key " + field.name()
                                + " in " + file + " is out of range of " + type);
                    }
                    yield v;
                }
                case ArrowType.FloatingPoint f -> Double.parseDouble(text);
                case ArrowType.Utf8 u -> text;
                case ArrowType.LargeUtf8 u -> text;
                case ArrowType.Bool b -> switch (text.toLowerCase(java.util.Locale.ROOT)) {
                    case "true" -> Boolean.TRUE;
                    case "false" -> Boolean.FALSE;
                    default -> throw new NumberFormatException("not a boolean");
                };
                case ArrowType.Date d -> LocalDate.parse(text);
                default -> throw new DatasetException("partition key " + field.name() + " cannot be of type "
                        + type + " (integers, floating point, utf8, bool, date)");
            };
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new DatasetException("partition value '" + text + "' of key " + field.name() + " in " + file
                    + " is not a " + type, e);
        }
    }
}
