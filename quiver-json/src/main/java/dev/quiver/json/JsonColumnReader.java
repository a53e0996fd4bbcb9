// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.Values;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Types;
import dev.quiver.core.type.UnionMode;
import dev.quiver.json.JsonBufferReader.Decoded;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds the {@link ArrayData} of one column (a {@code FieldData} object) token by token, straight from
 * its buffer members ({@code VALIDITY}, {@code DATA}, {@code OFFSET}, {@code SIZE}, {@code TYPE_ID},
 * {@code VIEWS}, {@code VARIADIC_DATA_BUFFERS}) and {@code children}, in Quiver's buffer layout. The
 * members may come in any order; those the type does not use are skipped. An all-valid
 * {@code VALIDITY} becomes an absent bitmap.
 */
final class JsonColumnReader {

    /** Supplies the dictionary of a dictionary id; null when dictionaries are linked afterwards. */
    @FunctionalInterface
    interface Dictionaries {
        ArrayData get(long id, String place);
    }

    private final JsonBufferReader buffers;
    private final JsonInput in;
    private final JsonParser parser;
    private final Dictionaries dictionaries;

    JsonColumnReader(JsonBufferReader buffers, Dictionaries dictionaries) {
        this.buffers = buffers;
        this.in = buffers.input();
        this.parser = in.parser();
        this.dictionaries = dictionaries;
    }

    JsonInput input() {
        return in;
    }

    JsonBufferReader buffers() {
        return buffers;
    }

    /** The members of one {@code FieldData} object, as read. */
    private static final class Members {
        String name;
        int count = -1;
        Decoded validity;
        Decoded data;
        JsonBinaryReader.Values values;
        Decoded offsets;
        Decoded sizes;
        Decoded typeIds;
        Decoded views;
        List<ArrowBuffer> variadic;
        List<ArrayData> children;
    }

    /**
     * Reads the column that starts at the current token, of {@code field}'s type; {@code place} names
     * it in messages. The JSON {@code "name"} must be the field's unless {@code checkName} is false
     * (dictionary batches).
     */
    ArrayData read(Field field, String place, boolean checkName) throws IOException {
        in.expectObject(place);
        ArrowType storage = Types.storage(field.type());
        Members m = new Members();
        while (in.nextValue() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            in.nextValue();
            member(storage, key, m, place);
        }
        if (checkName) {
            if (m.name == null) {
                throw JsonFormatException.at(place, "missing member \"name\"");
            }
            if (!m.name.equals(field.name())) {
                throw JsonFormatException.at(place, "data is named \"" + m.name + "\" where the schema has \""
                        + field.name() + "\"");
            }
        }
        if (m.count < 0) {
            throw JsonFormatException.at(place, "missing member \"count\"");
        }
        return assemble(field, storage, m, place);
    }

    /** Reads member {@code key} into {@code m} if the type uses it, else skips it. */
    private void member(ArrowType storage, String key, Members m, String place) throws IOException {
        switch (key) {
            case "name" -> m.name = once(m.name, buffers.stringMember(key, place), key, place);
            case "count" -> {
                int count = buffers.intMember(key, place);
                if (count < 0) {
                    throw JsonFormatException.at(place, "negative count " + count);
                }
                if (m.count >= 0) {
                    throw JsonFormatException.at(place, "member \"count\" appears twice");
                }
                m.count = count;
            }
            case "VALIDITY" -> m.validity = hasValidity(storage)
                    ? once(m.validity, buffers.bits(key, place), key, place) : skip(m.validity);
            case "DATA" -> data(storage, key, m, place);
            case "OFFSET" -> {
                int width = offsetWidth(storage);
                m.offsets = width > 0 ? once(m.offsets, buffers.integers(key, width, true, place), key, place)
                        : skip(m.offsets);
            }
            case "SIZE" -> {
                int width = sizeWidth(storage);
                m.sizes = width > 0 ? once(m.sizes, buffers.integers(key, width, true, place), key, place)
                        : skip(m.sizes);
            }
            case "TYPE_ID" -> m.typeIds = storage instanceof ArrowType.Union
                    ? once(m.typeIds, buffers.integers(key, 8, true, place), key, place) : skip(m.typeIds);
            case "VIEWS" -> m.views = isView(storage)
                    ? once(m.views, JsonBinaryReader.views(buffers, storage instanceof ArrowType.Utf8View, key,
                            place), key, place)
                    : skip(m.views);
            case "VARIADIC_DATA_BUFFERS" -> m.variadic = isView(storage)
                    ? once(m.variadic, variadic(key, place), key, place) : skip(m.variadic);
            case "children" -> m.children = readsChildren(storage)
                    ? once(m.children, children(storage, place), key, place) : skip(m.children);
            default -> in.skipValue();
        }
    }

    /** {@code read}, unless the member was read before ({@code previous} is not null). */
    private static <T> T once(T previous, T read, String key, String place) {
        if (previous != null) {
            throw JsonFormatException.at(place, "member \"" + key + "\" appears twice");
        }
        return read;
    }

    /** Skips a member the type does not use; keeps what was there. */
    private <T> T skip(T previous) throws IOException {
        in.skipValue();
        return previous;
    }

    private void data(ArrowType storage, String key, Members m, String place) throws IOException {
        switch (storage) {
            case ArrowType.Binary b -> m.values = once(m.values, strings(false, key, place), key, place);
            case ArrowType.LargeBinary b -> m.values = once(m.values, strings(false, key, place), key, place);
            case ArrowType.Utf8 u -> m.values = once(m.values, strings(true, key, place), key, place);
            case ArrowType.LargeUtf8 u -> m.values = once(m.values, strings(true, key, place), key, place);
            default -> {
                Decoded data = fixedWidth(storage, key, place);
                m.data = data == null ? m.data : once(m.data, data, key, place);
            }
        }
    }

    private JsonBinaryReader.Values strings(boolean utf8, String key, String place) throws IOException {
        return JsonBinaryReader.values(buffers, utf8, key, place);
    }

    /** The {@code DATA} of a fixed-width type (or dictionary indices); null (skipped) for other types. */
    private Decoded fixedWidth(ArrowType storage, String key, String place) throws IOException {
        return switch (storage) {
            case ArrowType.Bool b -> buffers.bits(key, place);
            case ArrowType.Int i -> buffers.integers(key, i.bitWidth(), i.signed(), place);
            case ArrowType.Date d -> buffers.integers(key, d.bitWidth(), true, place);
            case ArrowType.Time t -> buffers.integers(key, t.bitWidth(), true, place);
            case ArrowType.Timestamp t -> buffers.integers(key, 64, true, place);
            case ArrowType.Duration d -> buffers.integers(key, 64, true, place);
            case ArrowType.FloatingPoint f -> buffers.floats(key, f.precision(), place);
            case ArrowType.Decimal d -> buffers.decimals(key, d.bitWidth() / 8, place);
            case ArrowType.Interval i -> i.unit() == IntervalUnit.YEAR_MONTH
                    ? buffers.integers(key, 32, true, place) : JsonIntervals.read(buffers, i.unit(), key, place);
            case ArrowType.FixedSizeBinary f -> buffers.fixedSizeBinary(key, f.byteWidth(), place);
            case ArrowType.Dictionary d -> buffers.integers(key, d.indexType().bitWidth(), d.indexType().signed(),
                    place);
            default -> skip(null);
        };
    }

    private List<ArrowBuffer> variadic(String key, String place) throws IOException {
        return in.current() == JsonToken.VALUE_NULL ? List.of() : buffers.hexBuffers(key, place);
    }

    /** The child columns, read with the type's child fields in order. */
    private List<ArrayData> children(ArrowType storage, String place) throws IOException {
        List<Field> fields = storage.children();
        List<ArrayData> out = new ArrayList<>(fields.size());
        int found = 0;
        if (in.current() != JsonToken.VALUE_NULL) {
            in.expectArray("children", place);
            while (in.nextValue() != JsonToken.END_ARRAY) {
                if (found < fields.size()) {
                    Field child = fields.get(found);
                    out.add(read(child, place + "." + child.name(), true));
                } else {
                    in.skipValue();
                }
                found++;
            }
        }
        checkChildren(storage, found, place);
        return out;
    }

    private static void checkChildren(ArrowType storage, int found, String place) {
        if (found != storage.children().size()) {
            throw JsonFormatException.at(place, storage + " needs " + storage.children().size() + " children, found "
                    + found);
        }
    }

    private static boolean hasValidity(ArrowType storage) {
        return !(storage instanceof ArrowType.Null || storage instanceof ArrowType.Union
                || storage instanceof ArrowType.RunEndEncoded);
    }

    private static boolean readsChildren(ArrowType storage) {
        return !(storage instanceof ArrowType.Null || storage instanceof ArrowType.Dictionary);
    }

    private static boolean isView(ArrowType storage) {
        return storage instanceof ArrowType.BinaryView || storage instanceof ArrowType.Utf8View;
    }

    /** The bit width of the {@code OFFSET} member's integers, or 0 when the type has none. */
    private static int offsetWidth(ArrowType storage) {
        return switch (storage) {
            case ArrowType.Binary t -> 32;
            case ArrowType.Utf8 t -> 32;
            case ArrowType.List t -> 32;
            case ArrowType.Map t -> 32;
            case ArrowType.ListView t -> 32;
            case ArrowType.LargeBinary t -> 64;
            case ArrowType.LargeUtf8 t -> 64;
            case ArrowType.LargeList t -> 64;
            case ArrowType.LargeListView t -> 64;
            case ArrowType.Union u -> u.mode() == UnionMode.DENSE ? 32 : 0;
            default -> 0;
        };
    }

    private static int sizeWidth(ArrowType storage) {
        return switch (storage) {
            case ArrowType.ListView t -> 32;
            case ArrowType.LargeListView t -> 64;
            default -> 0;
        };
    }

    /** The column's data, once every member was read and checked against the count. */
    private ArrayData assemble(Field field, ArrowType storage, Members m, String place) {
        ArrowType type = field.type();
        int count = m.count;
        return switch (storage) {
            case ArrowType.Null n -> new ArrayData(type, count, 0, count, List.of(), List.of(), null);
            case ArrowType.Dictionary d -> ArrayData.dictionaryEncoded(d, count,
                    Arrays.asList(validity(m, count, place), sized(m.data, "DATA", count, place)),
                    dictionary(field, place));
            case ArrowType.Union u -> ArrayData.of(type, count, unionBuffers(u, m, count, place), children(m, storage,
                    place));
            case ArrowType.RunEndEncoded r -> ArrayData.of(type, count, List.of(), children(m, storage, place));
            default -> {
                List<ArrowBuffer> out = new ArrayList<>();
                ArrowBuffer validity = validity(m, count, place);
                out.add(validity);
                out.addAll(valueBuffers(storage, m, count, validity, place));
                yield ArrayData.of(type, count, out, children(m, storage, place));
            }
        };
    }

    private ArrayData dictionary(Field field, String place) {
        if (field.dictionaryId() == null) {
            throw JsonFormatException.at(place, "dictionary-encoded field has no dictionary id");
        }
        return dictionaries.get(field.dictionaryId(), place);
    }

    private static List<ArrayData> children(Members m, ArrowType storage, String place) {
        if (m.children == null) {
            checkChildren(storage, 0, place);
            return List.of();
        }
        return m.children;
    }

    /** The validity bitmap, or null when every slot is valid. */
    private static ArrowBuffer validity(Members m, int count, String place) {
        ArrowBuffer bits = sized(m.validity, "VALIDITY", count, place);
        return Bitmaps.countSet(bits.segment(), 0, count) == count ? null : bits;
    }

    private static List<ArrowBuffer> unionBuffers(ArrowType.Union u, Members m, int count, String place) {
        ArrowBuffer typeIds = sized(m.typeIds, "TYPE_ID", count, place);
        return u.mode() == UnionMode.DENSE ? List.of(typeIds, sized(m.offsets, "OFFSET", count, place))
                : List.of(typeIds);
    }

    private List<ArrowBuffer> valueBuffers(ArrowType storage, Members m, int count, ArrowBuffer validity,
            String place) {
        return switch (storage) {
            case ArrowType.Binary b -> varBinary(m, count, validity, false, place);
            case ArrowType.LargeBinary b -> varBinary(m, count, validity, true, place);
            case ArrowType.Utf8 u -> varBinary(m, count, validity, false, place);
            case ArrowType.LargeUtf8 u -> varBinary(m, count, validity, true, place);
            case ArrowType.BinaryView v -> views(m, count, place);
            case ArrowType.Utf8View v -> views(m, count, place);
            case ArrowType.List l -> List.of(offsets(m, count, 32, place));
            case ArrowType.Map l -> List.of(offsets(m, count, 32, place));
            case ArrowType.LargeList l -> List.of(offsets(m, count, 64, place));
            case ArrowType.ListView l -> List.of(sized(m.offsets, "OFFSET", count, place),
                    sized(m.sizes, "SIZE", count, place));
            case ArrowType.LargeListView l -> List.of(sized(m.offsets, "OFFSET", count, place),
                    sized(m.sizes, "SIZE", count, place));
            case ArrowType.FixedSizeList f -> List.of();
            case ArrowType.Struct s -> List.of();
            case ArrowType.Bool b -> List.of(sized(m.data, "DATA", count, place));
            case ArrowType.Int i -> List.of(sized(m.data, "DATA", count, place));
            case ArrowType.Date d -> List.of(sized(m.data, "DATA", count, place));
            case ArrowType.Time t -> List.of(sized(m.data, "DATA", count, place));
            case ArrowType.Timestamp t -> List.of(sized(m.data, "DATA", count, place));
            case ArrowType.Duration d -> List.of(sized(m.data, "DATA", count, place));
            case ArrowType.FloatingPoint f -> List.of(sized(m.data, "DATA", count, place));
            case ArrowType.Decimal d -> List.of(sized(m.data, "DATA", count, place));
            case ArrowType.Interval i -> List.of(sized(m.data, "DATA", count, place));
            case ArrowType.FixedSizeBinary f -> List.of(sized(m.data, "DATA", count, place));
            default -> throw JsonFormatException.at(place, "unexpected type " + storage);
        };
    }

    private List<ArrowBuffer> varBinary(Members m, int count, ArrowBuffer validity, boolean large, String place) {
        Decoded offsets = required(m.offsets, "OFFSET", place);
        if (m.values == null) {
            throw JsonFormatException.at(place, "missing member \"DATA\"");
        }
        checkSize(m.values.entries(), count, "DATA", place);
        if (count != 0 || offsets.entries() != 0) {
            checkSize(offsets.entries(), count + 1L, "OFFSET", place);
        }
        return JsonBinaryReader.varBinary(buffers, offsets, m.values, count, validity, large, place);
    }

    private static List<ArrowBuffer> views(Members m, int count, String place) {
        List<ArrowBuffer> out = new ArrayList<>();
        out.add(sized(m.views, "VIEWS", count, place));
        if (m.variadic != null) {
            out.addAll(m.variadic);
        }
        return out;
    }

    /** List offsets: count + 1 of them (an empty array is accepted for no slots). */
    private ArrowBuffer offsets(Members m, int count, int bitWidth, String place) {
        Decoded offsets = required(m.offsets, "OFFSET", place);
        if (count == 0 && offsets.entries() == 0) {
            return buffers.allocate(bitWidth / 8);
        }
        checkSize(offsets.entries(), count + 1L, "OFFSET", place);
        return offsets.buffer();
    }

    private static Decoded required(Decoded member, String key, String place) {
        if (member == null) {
            throw JsonFormatException.at(place, "missing member \"" + key + "\"");
        }
        return member;
    }

    /** The buffer of member {@code key}, which must have {@code count} entries. */
    private static ArrowBuffer sized(Decoded member, String key, int count, String place) {
        checkSize(required(member, key, place).entries(), count, key, place);
        return member.buffer();
    }

    private static void checkSize(long entries, long expected, String key, String place) {
        if (entries != expected) {
            throw JsonFormatException.at(place, key + " has " + entries + " entries where " + expected
                    + " are expected");
        }
    }
}
