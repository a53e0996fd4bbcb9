// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.fasterxml.jackson.core.JsonToken;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.Types;
import dev.quiver.core.validation.ValidationLevel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the {@code "dictionaries"} of a file, then links them: a dictionary whose values are
 * themselves dictionary-encoded (a nested dictionary) gets the inner one whatever the file's order.
 * Each dictionary passes full validation once; the batches' columns then find them by id.
 */
final class DictionaryResolver implements JsonColumnReader.Dictionaries {
    private final BufferAllocator allocator;
    private final ValidationLevel validation;
    private final Map<Long, ArrowType> valueTypes = new LinkedHashMap<>();
    private final Map<Long, ArrayData> unlinked = new LinkedHashMap<>();
    private final Map<Long, ArrayData> resolved = new LinkedHashMap<>();
    private final Set<Long> reading = new HashSet<>();

    DictionaryResolver(Schema schema, BufferAllocator allocator, ValidationLevel validation) {
        this.allocator = allocator;
        this.validation = validation;
        for (Field field : schema.fields()) {
            collect(field, "schema field " + field.name());
        }
    }

    /** Whether the schema has dictionary-encoded fields. */
    boolean needed() {
        return !valueTypes.isEmpty();
    }

    private void collect(Field field, String place) {
        ArrowType type = Types.storage(field.type());
        if (type instanceof ArrowType.Dictionary d) {
            if (field.dictionaryId() == null) {
                throw JsonFormatException.at(place, "dictionary-encoded field without a dictionary id");
            }
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

    /**
     * Reads the {@code "dictionaries"} member whose value starts at {@code in}'s current token (an
     * array, or null for none), then links and validates every dictionary.
     */
    void read(JsonInput in) throws IOException {
        if (in.current() != JsonToken.VALUE_NULL) {
            in.expectArray("dictionaries", "the document");
            JsonColumnReader columns = new JsonColumnReader(new JsonBufferReader(allocator, in), (id, place) -> null);
            for (int i = 0; in.nextValue() != JsonToken.END_ARRAY; i++) {
                entry(in, columns, "dictionaries[" + i + "]");
            }
        }
        for (long id : List.copyOf(unlinked.keySet())) {
            resolve(id, "dictionaries");
        }
    }

    /** One {@code {"id", "data"}} object; a {@code data} before the {@code id} is held as text meanwhile. */
    private void entry(JsonInput in, JsonColumnReader columns, String place) throws IOException {
        in.expectObject(place);
        Long id = null;
        byte[] early = null;
        boolean sawData = false;
        while (in.nextValue() == JsonToken.FIELD_NAME) {
            String key = in.parser().currentName();
            in.nextValue();
            switch (key) {
                case "id" -> {
                    if (id != null) {
                        throw JsonFormatException.at(place, "member \"id\" appears twice");
                    }
                    id = id(in, place);
                    if (early != null) {
                        try (JsonInput copy = JsonInput.of(early)) {
                            copy.next();
                            data(id, new JsonColumnReader(new JsonBufferReader(allocator, copy), (i, p) -> null));
                        }
                    }
                }
                case "data" -> {
                    if (sawData) {
                        throw JsonFormatException.at(place, "member \"data\" appears twice");
                    }
                    sawData = true;
                    if (id != null) {
                        data(id, columns);
                    } else {
                        early = in.copyValue();
                    }
                }
                default -> in.skipValue();
            }
        }
        if (id == null) {
            throw JsonFormatException.at(place, "missing member \"id\"");
        }
        if (!sawData) {
            throw JsonFormatException.at("dictionary " + id, "missing member \"data\"");
        }
    }

    private long id(JsonInput in, String place) throws IOException {
        long id;
        try {
            id = JsonScalars.longValue(in.parser());
        } catch (JsonScalars.BadValue e) {
            throw JsonFormatException.at(place + ".id", e.getMessage());
        }
        if (!valueTypes.containsKey(id)) {
            throw JsonFormatException.at(place, "dictionary " + id + " is not used by any field of the schema");
        }
        if (unlinked.containsKey(id)) {
            throw JsonFormatException.at(place, "dictionary " + id + " appears twice");
        }
        return id;
    }

    /** The {@code {"count", "columns"}} dictionary batch of dictionary {@code id}, its one column read. */
    private void data(long id, JsonColumnReader columns) throws IOException {
        String at = "dictionary " + id;
        JsonInput in = columns.input();
        in.expectObject(at + ".data");
        boolean sawCount = false;
        int count = 0;
        int found = -1;
        ArrayData values = null;
        while (in.nextValue() == JsonToken.FIELD_NAME) {
            String key = in.parser().currentName();
            in.nextValue();
            switch (key) {
                case "count" -> {
                    sawCount = true;
                    count = columns.buffers().intMember(key, at);
                }
                case "columns" -> {
                    in.expectArray(key, at);
                    found = 0;
                    while (in.nextValue() != JsonToken.END_ARRAY) {
                        if (found == 0) {
                            values = columns.read(new Field("DICT" + id, valueTypes.get(id), true), at, false);
                        } else {
                            in.skipValue();
                        }
                        found++;
                    }
                }
                default -> in.skipValue();
            }
        }
        if (!sawCount) {
            throw JsonFormatException.at(at, "missing member \"count\"");
        }
        if (found < 0) {
            throw JsonFormatException.at(at, "missing member \"columns\"");
        }
        if (found != 1) {
            throw JsonFormatException.at(at, "a dictionary batch needs one column, found " + found);
        }
        if (values.length() != count) {
            throw JsonFormatException.at(at, "the column has " + values.length() + " values, the batch count is "
                    + count);
        }
        unlinked.put(id, values);
    }

    /** Every dictionary of the file, in the file's order. */
    Map<Long, ArrayData> all() {
        Map<Long, ArrayData> out = new LinkedHashMap<>();
        for (long id : unlinked.keySet()) {
            out.put(id, resolved.get(id));
        }
        return out;
    }

    /** The linked and validated dictionary {@code id}; an error at {@code place} if the file has none. */
    @Override
    public ArrayData get(long id, String place) {
        ArrayData done = resolved.get(id);
        if (done == null) {
            throw JsonFormatException.at(place, "dictionary " + id + " is missing from \"dictionaries\"");
        }
        return done;
    }

    private ArrayData resolve(long id, String place) {
        ArrayData done = resolved.get(id);
        if (done != null) {
            return done;
        }
        ArrayData values = unlinked.get(id);
        if (values == null) {
            throw JsonFormatException.at(place, "dictionary " + id + " is missing from \"dictionaries\"");
        }
        if (!reading.add(id)) {
            throw JsonFormatException.at(place, "dictionary " + id + " contains itself");
        }
        String at = "dictionary " + id;
        ArrayData linked = link(valueTypes.get(id), values, at);
        JsonColumnValidator.validate(linked, at, validation);
        reading.remove(id);
        resolved.put(id, linked);
        return linked;
    }

    /** {@code data} of type {@code type} with the dictionaries of its dictionary-encoded parts. */
    private ArrayData link(ArrowType type, ArrayData data, String place) {
        List<Field> fields = Types.storage(type).children();
        List<ArrayData> children = new ArrayList<>(fields.size());
        boolean changed = false;
        for (int i = 0; i < fields.size(); i++) {
            Field field = fields.get(i);
            ArrayData child = data.child(i);
            String at = place + "." + field.name();
            ArrayData linked = Types.storage(field.type()) instanceof ArrowType.Dictionary
                    ? child.withDictionary(resolve(field.dictionaryId(), at))
                    : link(field.type(), child, at);
            changed |= linked != child;
            children.add(linked);
        }
        return changed ? data.withChildren(children) : data;
    }
}
