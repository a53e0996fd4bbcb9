// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.MapArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.util.List;
import java.util.Map;

/**
 * Builds map arrays: {@link #startMap()}, then for each entry a key appended to {@link #keys()} and a
 * value to {@link #items()}, then {@link #endMap()}; {@link #appendNull()} adds a null map. Keys must
 * not be null.
 */
public final class MapBuilder implements ArrayBuilder {
    private final ArrowType.Map type;
    private final StructBuilder entries;
    private final ListBuilder lists;

    /**
     * A builder whose key and value builders are {@code ArrayBuilder.of(type, allocator)}.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     */
    public MapBuilder(ArrowType.Map type, BufferAllocator allocator) {
        this(type, new StructBuilder((ArrowType.Struct) type.entries().type(), allocator), allocator);
    }

    /**
     * A builder over the given entries builder (of the map's entries type).
     *
     * @param type the type of the values built
     * @param entries the builder of the entries (empty, of the entries' struct type)
     * @param allocator the memory of the built arrays
     */
    public MapBuilder(ArrowType.Map type, StructBuilder entries, BufferAllocator allocator) {
        this.type = type;
        this.entries = entries;
        this.lists = new ListBuilder(new ArrowType.List(type.entries()), entries, allocator);
    }

    @Override
    public ArrowType.Map type() {
        return type;
    }

    @Override
    public long length() {
        return lists.length();
    }

    /**
     * The builder of the keys.
     *
     * @return the builder of the keys
     */
    public ArrayBuilder keys() {
        return entries.field(0);
    }

    /**
     * The builder of the values.
     *
     * @return the builder of the items
     */
    public ArrayBuilder items() {
        return entries.field(1);
    }

    /**
     * Starts a map: the keys and values appended until {@link #endMap()} are its entries.
     *
     * @return this builder
     */
    public MapBuilder startMap() {
        lists.startList();
        return this;
    }

    /**
     * Ends the map started by {@link #startMap()}: keys and values must be equally many.
     *
     * @return this builder
     */
    public MapBuilder endMap() {
        long keyCount = keys().length();
        if (items().length() != keyCount) {
            throw new IllegalStateException(keyCount + " keys but " + items().length() + " values");
        }
        for (long n = entries.length(); n < keyCount; n++) {
            entries.append();
        }
        lists.endList();
        return this;
    }

    @Override
    public MapBuilder appendNull() {
        lists.appendNull();
        return this;
    }

    /**
     * Appends a list of {@link Map.Entry} (the form {@link MapArray#getObject} returns) or a {@link Map},
     * in iteration order, or null.
     */
    @Override
    public MapBuilder appendObject(Object value) {
        Iterable<? extends Map.Entry<?, ?>> pairs = switch (value) {
            case null -> null;
            case Map<?, ?> m -> m.entrySet();
            case List<?> l -> entriesOf(l);
            default -> throw new IllegalArgumentException("not a map or a list of entries: " + value);
        };
        if (pairs == null) {
            return appendNull();
        }
        for (Map.Entry<?, ?> e : pairs) {
            if (e.getKey() == null) {
                throw new IllegalArgumentException("map keys must not be null: " + value);
            }
        }
        startMap();
        for (Map.Entry<?, ?> e : pairs) {
            keys().appendObject(e.getKey());
            items().appendObject(e.getValue());
        }
        return endMap();
    }

    private static List<Map.Entry<?, ?>> entriesOf(List<?> list) {
        for (Object o : list) {
            if (!(o instanceof Map.Entry<?, ?>)) {
                throw new IllegalArgumentException("not a map entry: " + o);
            }
        }
        @SuppressWarnings("unchecked")
        List<Map.Entry<?, ?>> entries = (List<Map.Entry<?, ?>>) list;
        return entries;
    }

    /** The maps appended; this builder and its key and value builders start over empty. */
    @Override
    public MapArray build() {
        return MapArray.ofUnchecked(lists.build().data().withType(type));
    }

    /**
     * An empty builder of maps.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static MapBuilder of(ArrowType.Map type, BufferAllocator allocator) {
        return new MapBuilder(type, allocator);
    }

    /**
     * The builder of the keys, typed: {@code keys(IntBuilder.class)} rather than an unchecked cast.
     *
     * @param <B> the builder class
     * @param type the builder class expected (see {@link Builders})
     * @return the builder
     * @throws IllegalArgumentException if the builder is of another class, naming it
     */
    public <B extends ArrayBuilder> B keys(Class<B> type) {
        return Builders.as(keys(), type, "keys");
    }

    /**
     * The builder of the items, typed: {@code items(IntBuilder.class)} rather than an unchecked cast.
     *
     * @param <B> the builder class
     * @param type the builder class expected (see {@link Builders})
     * @return the builder
     * @throws IllegalArgumentException if the builder is of another class, naming it
     */
    public <B extends ArrayBuilder> B items(Class<B> type) {
        return Builders.as(items(), type, "items");
    }
}
