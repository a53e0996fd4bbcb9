// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.FixedSizeListBuilder;
import dev.quiver.core.builder.ListBuilder;
import dev.quiver.core.builder.ListViewBuilder;
import dev.quiver.core.builder.MapBuilder;
import dev.quiver.core.builder.StructBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import java.io.IOException;
import java.util.List;

/** The readers of structs (objects), lists (arrays) and maps (objects, or arrays of key-value objects). */
final class NestedReaders {
    private NestedReaders() {
    }

    /** Structs: objects, a null for each missing key. */
    static final class StructReader extends ValueReader {
        private final StructBuilder builder;
        private final FieldSet fields;

        StructReader(String path, ArrowType.Struct type, StructBuilder builder, boolean ignoreUnknownKeys) {
            super(path);
            this.builder = builder;
            List<Field> children = type.fields();
            ValueReader[] readers = new ValueReader[children.size()];
            for (int k = 0; k < readers.length; k++) {
                Field f = children.get(k);
                readers[k] = ValueReader.of(f.type(), builder.field(k), FieldSet.child(path, f.name()),
                        ignoreUnknownKeys);
            }
            this.fields = new FieldSet(path, children, readers, ignoreUnknownKeys);
        }

        @Override
        void read(JsonParser p, JsonToken t) throws IOException {
            switch (t) {
                case VALUE_NULL -> builder.appendNull();
                case START_OBJECT -> {
                    fields.read(p);
                    builder.append();
                }
                default -> throw mismatch(p, t, "an object");
            }
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }
    }

    /** Lists, large lists and list views: arrays. */
    static final class ListReader extends ValueReader {
        private final ArrayBuilder builder;
        private final ValueReader elements;

        private ListReader(String path, ArrayBuilder builder, ValueReader elements) {
            super(path);
            this.builder = builder;
            this.elements = elements;
        }

        static ListReader of(String path, Field valueField, ArrayBuilder builder, boolean ignoreUnknownKeys) {
            ArrayBuilder values = builder instanceof ListBuilder l ? l.values() : ((ListViewBuilder) builder).values();
            return new ListReader(path, builder, ValueReader.of(valueField.type(), values, path + "[]",
                    ignoreUnknownKeys));
        }

        @Override
        void read(JsonParser p, JsonToken t) throws IOException {
            switch (t) {
                case VALUE_NULL -> builder.appendNull();
                case START_ARRAY -> {
                    if (builder instanceof ListBuilder l) {
                        l.startList();
                        readElements(p);
                        l.endList();
                    } else {
                        ListViewBuilder v = (ListViewBuilder) builder;
                        v.startList();
                        readElements(p);
                        v.endList();
                    }
                }
                default -> throw mismatch(p, t, "an array");
            }
        }

        private void readElements(JsonParser p) throws IOException {
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                elements.read(p, t);
            }
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }
    }

    /** Fixed-size lists: arrays of exactly the list size. */
    static final class FixedSizeListReader extends ValueReader {
        private final FixedSizeListBuilder builder;
        private final ValueReader elements;
        private final int size;

        FixedSizeListReader(String path, ArrowType.FixedSizeList type, FixedSizeListBuilder builder,
                boolean ignoreUnknownKeys) {
            super(path);
            this.builder = builder;
            this.size = type.listSize();
            this.elements = ValueReader.of(type.valueField().type(), builder.values(), path + "[]", ignoreUnknownKeys);
        }

        @Override
        void read(JsonParser p, JsonToken t) throws IOException {
            switch (t) {
                case VALUE_NULL -> builder.appendNull();
                case START_ARRAY -> {
                    int n = 0;
                    JsonToken e;
                    while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
                        if (n++ == size) {
                            throw failure(p, "an array of more than " + size + " elements, the list size", null);
                        }
                        elements.read(p, e);
                    }
                    if (n != size) {
                        throw failure(p, "an array of " + n + " elements where the list size is " + size, null);
                    }
                    builder.append();
                }
                default -> throw mismatch(p, t, "an array of " + size + " elements");
            }
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }
    }

    /**
     * Maps: an object (when the keys are strings) or an array of {@code {"key": k, "value": v}} objects, in
     * order; duplicate keys are kept.
     */
    static final class MapReader extends ValueReader {
        private final MapBuilder builder;
        private final ValueReader keys;
        private final ValueReader items;
        private final boolean stringKeys;

        MapReader(String path, ArrowType.Map type, MapBuilder builder, boolean ignoreUnknownKeys) {
            super(path);
            this.builder = builder;
            this.keys = ValueReader.of(type.keyField().type(), builder.keys(), path + ".key", ignoreUnknownKeys);
            this.items = ValueReader.of(type.valueField().type(), builder.items(), path + ".value",
                    ignoreUnknownKeys);
            ArrowType keyType = type.keyField().type();
            this.stringKeys = keyType instanceof ArrowType.Utf8 || keyType instanceof ArrowType.LargeUtf8
                    || keyType instanceof ArrowType.Utf8View;
        }

        @Override
        void read(JsonParser p, JsonToken t) throws IOException {
            if (t == JsonToken.VALUE_NULL) {
                builder.appendNull();
            } else if (t == JsonToken.START_OBJECT && stringKeys) {
                builder.startMap();
                JsonToken e;
                while ((e = p.nextToken()) == JsonToken.FIELD_NAME) {
                    keys.read(p, e);
                    items.read(p, p.nextToken());
                }
                builder.endMap();
            } else if (t == JsonToken.START_ARRAY) {
                builder.startMap();
                JsonToken e;
                while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
                    readEntry(p, e);
                }
                builder.endMap();
            } else {
                throw mismatch(p, t, stringKeys ? "an object or an array of key-value objects"
                        : "an array of key-value objects");
            }
        }

        private void readEntry(JsonParser p, JsonToken t) throws IOException {
            if (t != JsonToken.START_OBJECT) {
                throw mismatch(p, t, "a {\"key\": k, \"value\": v} object");
            }
            boolean key = false;
            boolean value = false;
            JsonToken e;
            while ((e = p.nextToken()) == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                if (name.equals("key") && !key) {
                    if (v == JsonToken.VALUE_NULL) {
                        throw failure(p, "a map key is null", null);
                    }
                    keys.read(p, v);
                    key = true;
                } else if (name.equals("value") && !value) {
                    items.read(p, v);
                    value = true;
                } else {
                    throw failure(p, "the map entry has the key \"" + name + "\"; it takes \"key\" and \"value\" once",
                            null);
                }
            }
            if (!key) {
                throw failure(p, "a map entry without \"key\"", null);
            }
            if (!value) {
                items.appendNull();
            }
        }

        @Override
        void appendNull() {
            builder.appendNull();
        }
    }
}
