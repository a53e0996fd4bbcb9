// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.Array;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.IntervalUnit;

/**
 * Appends values and nulls, then {@link #build()}s an immutable {@link Array}. Builders grow in
 * amortized constant time and can be reused after {@code build()}. {@link #of} makes the builder of
 * any type; typed builders ({@link IntBuilder}, {@link VarBinaryBuilder}, {@link ListBuilder}, ...)
 * have typed append methods.
 */
public interface ArrayBuilder {

    ArrowType type();

    /** Slots appended since the last build. */
    long length();

    ArrayBuilder appendNull();

    /**
     * Appends a value in the representation {@link Array#getObject} returns (numbers of any boxed
     * type are accepted where a number fits); null appends a null.
     */
    ArrayBuilder appendObject(Object value);

    /** The array of all slots appended; the builder starts over empty. */
    Array build();

    /** The builder of any type, with memory from {@code allocator}. */
    static ArrayBuilder of(ArrowType type, BufferAllocator allocator) {
        return switch (type) {
            case ArrowType.Null t -> new NullBuilder();
            case ArrowType.Bool t -> new BooleanBuilder(allocator);
            case ArrowType.Int t -> new IntBuilder(t, allocator);
            case ArrowType.Date t -> new IntBuilder(t, allocator);
            case ArrowType.Time t -> new IntBuilder(t, allocator);
            case ArrowType.Timestamp t -> new IntBuilder(t, allocator);
            case ArrowType.Duration t -> new IntBuilder(t, allocator);
            case ArrowType.Interval t -> t.unit() == IntervalUnit.YEAR_MONTH ? new IntBuilder(t, allocator)
                    : new IntervalBuilder(t, allocator);
            case ArrowType.FloatingPoint t -> new FloatBuilder(t, allocator);
            case ArrowType.Decimal t -> new DecimalBuilder(t, allocator);
            case ArrowType.FixedSizeBinary t -> new FixedSizeBinaryBuilder(t, allocator);
            case ArrowType.Binary t -> new VarBinaryBuilder(t, allocator);
            case ArrowType.Utf8 t -> new VarBinaryBuilder(t, allocator);
            case ArrowType.LargeBinary t -> new VarBinaryBuilder(t, allocator);
            case ArrowType.LargeUtf8 t -> new VarBinaryBuilder(t, allocator);
            case ArrowType.BinaryView t -> new BinaryViewBuilder(t, allocator);
            case ArrowType.Utf8View t -> new BinaryViewBuilder(t, allocator);
            case ArrowType.List t -> new ListBuilder(t, allocator);
            case ArrowType.LargeList t -> new ListBuilder(t, allocator);
            case ArrowType.ListView t -> new ListViewBuilder(t, allocator);
            case ArrowType.LargeListView t -> new ListViewBuilder(t, allocator);
            case ArrowType.FixedSizeList t -> new FixedSizeListBuilder(t, allocator);
            case ArrowType.Struct t -> new StructBuilder(t, allocator);
            case ArrowType.Map t -> new MapBuilder(t, allocator);
            case ArrowType.Union t -> new UnionBuilder(t, allocator);
            case ArrowType.RunEndEncoded t -> new RunEndEncodedBuilder(t, allocator);
            case ArrowType.Dictionary t -> new DictionaryBuilder(t, allocator);
            case ArrowType.Extension t -> new ExtensionBuilder(t, allocator);
        };
    }

    /** The builder of any type, on the garbage-collected allocator. */
    static ArrayBuilder of(ArrowType type) {
        return of(type, BufferAllocator.managed());
    }
}
