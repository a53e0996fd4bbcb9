// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds dictionary-encoded arrays, deduplicating: each distinct value (by content, see
 * {@link ValueKey}) enters the dictionary once, in order of first appearance, and every slot stores its
 * index in the type's index width. Nulls are null indices, never dictionary entries. Each
 * {@link #build()} starts a new dictionary.
 */
public final class DictionaryBuilder implements ArrayBuilder {
    private final ArrowType.Dictionary type;
    private final IntBuilder<?> indices;
    private final ArrayBuilder dictionary;
    private final Map<Object, Long> indexOf = new HashMap<>();
    private final long maxIndex;

    /**
     * A builder with the dictionary's values built by {@link ArrayBuilder#of} of the value type.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     */
    public DictionaryBuilder(ArrowType.Dictionary type, BufferAllocator allocator) {
        this(type, ArrayBuilder.of(type.valueType(), allocator), allocator);
    }

    /**
     * A builder whose dictionary values go to {@code dictionaryBuilder} (empty, of the value type).
     *
     * @param type the type of the values built
     * @param dictionaryBuilder the builder of the dictionary values (empty, of the value type)
     * @param allocator the memory of the built arrays
     */
    public DictionaryBuilder(ArrowType.Dictionary type, ArrayBuilder dictionaryBuilder, BufferAllocator allocator) {
        if (!dictionaryBuilder.type().equals(type.valueType()) || dictionaryBuilder.length() != 0) {
            throw new IllegalArgumentException("the dictionary builder must be an empty builder of "
                    + type.valueType());
        }
        this.type = type;
        this.indices = IntBuilder.of(type.indexType(), allocator);
        this.dictionary = dictionaryBuilder;
        ArrowType.Int indexType = type.indexType();
        int valueBits = indexType.signed() ? indexType.bitWidth() - 1 : indexType.bitWidth();
        this.maxIndex = valueBits >= 63 ? Long.MAX_VALUE : (1L << valueBits) - 1;
    }

    @Override
    public ArrowType type() {
        return type;
    }

    @Override
    public long length() {
        return indices.length();
    }

    /**
     * The number of distinct values in the dictionary so far.
     *
     * @return the count of distinct values so far
     */
    public long dictionaryLength() {
        return indexOf.size();
    }

    @Override
    public DictionaryBuilder appendNull() {
        indices.appendNull();
        return this;
    }

    /**
     * Appends the index of {@code value}, adding it to the dictionary if it is new; null appends a null
     * index.
     *
     * @throws IllegalStateException when a new value's index would not fit the index type
     */
    @Override
    public DictionaryBuilder appendObject(Object value) {
        if (value == null) {
            return appendNull();
        }
        Object key = ValueKey.of(type, value);
        Long index = indexOf.get(key);
        if (index == null) {
            long next = indexOf.size();
            if (next > maxIndex) {
                throw new IllegalStateException("a dictionary with " + type.indexType() + " indices holds at most "
                        + (maxIndex + 1) + " values");
            }
            dictionary.appendObject(value);
            index = next;
            indexOf.put(key, index);
        }
        indices.append(index);
        return this;
    }

    @Override
    public DictionaryArray build() {
        ArrayData indexData = indices.build().data();
        ArrayData dictionaryData = dictionary.build().data();
        indexOf.clear();
        ArrayData data = new ArrayData(type, indexData.length(), 0, indexData.nullCount(), indexData.buffers(),
                List.of(), dictionaryData);
        return DictionaryArray.ofUnchecked(data);
    }

    /**
     * An empty builder of dictionary-encoded values.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static DictionaryBuilder of(ArrowType.Dictionary type, BufferAllocator allocator) {
        return new DictionaryBuilder(type, allocator);
    }
}
