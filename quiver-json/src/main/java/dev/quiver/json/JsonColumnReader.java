package dev.quiver.json;

import static dev.quiver.json.JsonAccess.array;
import static dev.quiver.json.JsonAccess.object;
import static dev.quiver.json.JsonAccess.optionalArray;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.LE;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Types;
import dev.quiver.core.type.UnionMode;
import dev.quiver.json.JsonValue.JArray;
import dev.quiver.json.JsonValue.JObject;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds the {@link ArrayData} of one column (a {@code FieldData} object) directly from its buffer
 * members ({@code VALIDITY}, {@code DATA}, {@code OFFSET}, {@code SIZE}, {@code TYPE_ID}, {@code VIEWS},
 * {@code VARIADIC_DATA_BUFFERS}) and {@code children}, in Quiver's buffer layout. An all-valid
 * {@code VALIDITY} becomes an absent bitmap.
 */
final class JsonColumnReader {

    /** Supplies the dictionary of a dictionary id. */
    @FunctionalInterface
    interface Dictionaries {
        ArrayData get(long id, String place);
    }

    private final JsonBufferReader buffers;
    private final Dictionaries dictionaries;

    JsonColumnReader(JsonBufferReader buffers, Dictionaries dictionaries) {
        this.buffers = buffers;
        this.dictionaries = dictionaries;
    }

    /**
     * Reads a column of {@code field}'s type; {@code place} names it in messages. The JSON
     * {@code "name"} must be the field's unless {@code checkName} is false (dictionary batches).
     */
    ArrayData read(Field field, JsonValue json, String place, boolean checkName) {
        JObject obj = object(json, place);
        if (checkName) {
            String name = JsonAccess.string(obj, "name", place);
            if (!name.equals(field.name())) {
                throw JsonFormatException.at(place, "data is named \"" + name + "\" where the schema has \""
                        + field.name() + "\"");
            }
        }
        int count = JsonAccess.integer(obj, "count", place);
        if (count < 0) {
            throw JsonFormatException.at(place, "negative count " + count);
        }
        ArrowType type = field.type();
        ArrowType storage = Types.storage(type);
        return switch (storage) {
            case ArrowType.Null n -> new ArrayData(type, count, 0, count, List.of(), List.of(), null);
            case ArrowType.Dictionary d -> ArrayData.dictionaryEncoded(d, count,
                    indices(d.indexType(), obj, count, place), dictionary(field, place));
            case ArrowType.Union u -> union(type, u, obj, count, place);
            case ArrowType.RunEndEncoded r -> ArrayData.of(type, count, List.of(), children(storage, obj, place));
            default -> ArrayData.of(type, count, withValidity(storage, obj, count, place),
                    children(storage, obj, place));
        };
    }

    private List<ArrowBuffer> indices(ArrowType.Int type, JObject obj, int count, String place) {
        return Arrays.asList(validity(obj, count, place),
                buffers.integers(data(obj, count, place), type.bitWidth(), type.signed(), place + ".DATA"));
    }

    private ArrayData dictionary(Field field, String place) {
        if (field.dictionaryId() == null) {
            throw JsonFormatException.at(place, "dictionary-encoded field has no dictionary id");
        }
        return dictionaries.get(field.dictionaryId(), place);
    }

    /** The validity bitmap, then the type's other buffers. */
    private List<ArrowBuffer> withValidity(ArrowType storage, JObject obj, int count, String place) {
        List<ArrowBuffer> out = new ArrayList<>();
        ArrowBuffer validity = validity(obj, count, place);
        out.add(validity);
        out.addAll(valueBuffers(storage, obj, count, validity, place));
        return out;
    }

    private ArrowBuffer validity(JObject obj, int count, String place) {
        return buffers.validity(sized(obj, "VALIDITY", count, place), place + ".VALIDITY");
    }

    private List<ArrowBuffer> valueBuffers(ArrowType storage, JObject obj, int count, ArrowBuffer validity,
            String place) {
        String at = place + ".DATA";
        return switch (storage) {
            case ArrowType.Bool b -> List.of(buffers.bits(data(obj, count, place), at));
            case ArrowType.Int i -> List.of(buffers.integers(data(obj, count, place), i.bitWidth(), i.signed(), at));
            case ArrowType.Date d -> List.of(buffers.integers(data(obj, count, place), d.bitWidth(), true, at));
            case ArrowType.Time t -> List.of(buffers.integers(data(obj, count, place), t.bitWidth(), true, at));
            case ArrowType.Timestamp t -> List.of(buffers.integers(data(obj, count, place), 64, true, at));
            case ArrowType.Duration d -> List.of(buffers.integers(data(obj, count, place), 64, true, at));
            case ArrowType.FloatingPoint f -> List.of(buffers.floats(data(obj, count, place), f.precision(), at));
            case ArrowType.Decimal d -> List.of(buffers.decimals(data(obj, count, place), d.bitWidth() / 8, at));
            case ArrowType.Interval i -> List.of(i.unit() == IntervalUnit.YEAR_MONTH
                    ? buffers.integers(data(obj, count, place), 32, true, at)
                    : JsonIntervals.read(buffers, data(obj, count, place), i.unit(), at));
            case ArrowType.FixedSizeBinary f -> List.of(fixedSizeBinary(f.byteWidth(), obj, count, place));
            case ArrowType.Binary b -> varBinary(obj, count, validity, false, false, place);
            case ArrowType.LargeBinary b -> varBinary(obj, count, validity, true, false, place);
            case ArrowType.Utf8 u -> varBinary(obj, count, validity, false, true, place);
            case ArrowType.LargeUtf8 u -> varBinary(obj, count, validity, true, true, place);
            case ArrowType.BinaryView v -> JsonBinaryReader.views(buffers, obj, count, false, place);
            case ArrowType.Utf8View v -> JsonBinaryReader.views(buffers, obj, count, true, place);
            case ArrowType.List l -> List.of(offsets(obj, count, 32, place));
            case ArrowType.Map m -> List.of(offsets(obj, count, 32, place));
            case ArrowType.LargeList l -> List.of(offsets(obj, count, 64, place));
            case ArrowType.ListView l -> listView(obj, count, 32, place);
            case ArrowType.LargeListView l -> listView(obj, count, 64, place);
            case ArrowType.FixedSizeList f -> List.of();
            case ArrowType.Struct s -> List.of();
            default -> throw JsonFormatException.at(place, "unexpected type " + storage);
        };
    }

    private List<ArrowBuffer> varBinary(JObject obj, int count, ArrowBuffer validity, boolean large, boolean utf8,
            String place) {
        return JsonBinaryReader.varBinary(buffers, obj, count, validity, large, utf8, place);
    }

    private ArrowBuffer fixedSizeBinary(int width, JObject obj, int count, String place) {
        JArray values = data(obj, count, place);
        ArrowBuffer buffer = buffers.allocate((long) count * width);
        for (int i = 0; i < count; i++) {
            String at = place + ".DATA[" + i + "]";
            byte[] bytes = JsonBufferReader.hex(JsonAccess.text(values.get(i), at), at);
            if (bytes.length != width && bytes.length != 0) {
                throw JsonFormatException.at(at, bytes.length + " bytes where the width is " + width);
            }
            MemorySegment.copy(bytes, 0, buffer.segment(), LE.BYTE, (long) i * width, bytes.length);
        }
        return buffer;
    }

    /** List offsets: count + 1 of them (an empty array is accepted for no slots). */
    private ArrowBuffer offsets(JObject obj, int count, int bitWidth, String place) {
        JArray json = array(obj, "OFFSET", place);
        if (count == 0 && json.size() == 0) {
            return buffers.allocate(bitWidth / 8);
        }
        checkSize(json, count + 1, "OFFSET", place);
        return buffers.integers(json, bitWidth, true, place + ".OFFSET");
    }

    private List<ArrowBuffer> listView(JObject obj, int count, int bitWidth, String place) {
        return List.of(buffers.integers(sized(obj, "OFFSET", count, place), bitWidth, true, place + ".OFFSET"),
                buffers.integers(sized(obj, "SIZE", count, place), bitWidth, true, place + ".SIZE"));
    }

    private ArrayData union(ArrowType type, ArrowType.Union u, JObject obj, int count, String place) {
        List<ArrowBuffer> out = new ArrayList<>();
        out.add(buffers.integers(sized(obj, "TYPE_ID", count, place), 8, true, place + ".TYPE_ID"));
        if (u.mode() == UnionMode.DENSE) {
            out.add(buffers.integers(sized(obj, "OFFSET", count, place), 32, true, place + ".OFFSET"));
        }
        return ArrayData.of(type, count, out, children(u, obj, place));
    }

    private List<ArrayData> children(ArrowType storage, JObject obj, String place) {
        List<Field> fields = storage.children();
        JArray json = optionalArray(obj, "children", place);
        if (json.size() != fields.size()) {
            throw JsonFormatException.at(place, storage + " needs " + fields.size() + " children, found "
                    + json.size());
        }
        List<ArrayData> out = new ArrayList<>(fields.size());
        for (int i = 0; i < fields.size(); i++) {
            Field child = fields.get(i);
            out.add(read(child, json.get(i), place + "." + child.name(), true));
        }
        return out;
    }

    private static JArray data(JObject obj, int count, String place) {
        return sized(obj, "DATA", count, place);
    }

    /** The array member {@code key}, which must have {@code count} entries. */
    static JArray sized(JObject obj, String key, int count, String place) {
        JArray json = array(obj, key, place);
        checkSize(json, count, key, place);
        return json;
    }

    private static void checkSize(JArray json, int expected, String key, String place) {
        if (json.size() != expected) {
            throw JsonFormatException.at(place, key + " has " + json.size() + " entries where " + expected
                    + " are expected");
        }
    }
}
