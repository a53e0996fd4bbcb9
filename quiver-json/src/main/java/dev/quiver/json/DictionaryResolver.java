package dev.quiver.json;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.ValidationException;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.Types;
import dev.quiver.json.JsonValue.JArray;
import dev.quiver.json.JsonValue.JObject;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the {@code "dictionaries"} of a file on demand, so that a dictionary whose values are
 * themselves dictionary-encoded (a nested dictionary) finds the inner one whatever the file's order.
 */
final class DictionaryResolver implements JsonColumnReader.Dictionaries {
    private final Map<Long, ArrowType> valueTypes = new LinkedHashMap<>();
    private final Map<Long, JObject> json = new LinkedHashMap<>();
    private final Map<Long, ArrayData> resolved = new LinkedHashMap<>();
    private final Set<Long> reading = new HashSet<>();
    private final JsonColumnReader columns;

    DictionaryResolver(Schema schema, JArray dictionaries, JsonBufferReader buffers) {
        this.columns = new JsonColumnReader(buffers, this);
        for (Field field : schema.fields()) {
            collect(field, "schema field " + field.name());
        }
        for (int i = 0; i < dictionaries.size(); i++) {
            String place = "dictionaries[" + i + "]";
            JObject dict = JsonAccess.object(dictionaries.get(i), place);
            long id = JsonAccess.longValue(JsonAccess.required(dict, "id", place), place + ".id");
            if (!valueTypes.containsKey(id)) {
                throw JsonFormatException.at(place, "dictionary " + id + " is not used by any field of the schema");
            }
            if (json.put(id, dict) != null) {
                throw JsonFormatException.at(place, "dictionary " + id + " appears twice");
            }
        }
    }

    /** The column reader that finds its dictionaries here. */
    JsonColumnReader columns() {
        return columns;
    }

    private void collect(Field field, String place) {
        ArrowType type = Types.storage(field.type());
        if (type instanceof ArrowType.Dictionary d) {
            ArrowType previous = valueTypes.putIfAbsent(field.dictionaryId(), d.valueType());
            if (previous != null && !previous.equals(d.valueType())) {
                throw JsonFormatException.at(place, "dictionary " + field.dictionaryId() + " has values of type "
                        + previous + " elsewhere, " + d.valueType() + " here");
            }
            type = d.valueType();
        }
        for (Field child : Types.storage(type).children()) {
            collect(child, place + "." + child.name());
        }
    }

    /** Every dictionary of the file, in the file's order. */
    Map<Long, ArrayData> all() {
        Map<Long, ArrayData> out = new LinkedHashMap<>();
        for (long id : json.keySet()) {
            out.put(id, get(id, "dictionaries"));
        }
        return out;
    }

    @Override
    public ArrayData get(long id, String place) {
        ArrayData done = resolved.get(id);
        if (done != null) {
            return done;
        }
        JObject dict = json.get(id);
        if (dict == null) {
            throw JsonFormatException.at(place, "dictionary " + id + " is missing from \"dictionaries\"");
        }
        if (!reading.add(id)) {
            throw JsonFormatException.at(place, "dictionary " + id + " contains itself");
        }
        String at = "dictionary " + id;
        JObject data = JsonAccess.object(dict, "data", at);
        int count = JsonAccess.integer(data, "count", at);
        List<JsonValue> cols = JsonAccess.array(data, "columns", at).items();
        if (cols.size() != 1) {
            throw JsonFormatException.at(at, "a dictionary batch needs one column, found " + cols.size());
        }
        ArrayData values = columns.read(new Field("DICT" + id, valueTypes.get(id), true), cols.get(0), at, false);
        if (values.length() != count) {
            throw JsonFormatException.at(at, "the column has " + values.length() + " values, the batch count is "
                    + count);
        }
        validate(values, at);
        reading.remove(id);
        resolved.put(id, values);
        return values;
    }

    /** Structural validation, its failure reported at {@code place}. */
    static void validate(ArrayData data, String place) {
        try {
            data.validate();
        } catch (ValidationException e) {
            throw JsonFormatException.at(place, e.getMessage());
        }
    }
}
