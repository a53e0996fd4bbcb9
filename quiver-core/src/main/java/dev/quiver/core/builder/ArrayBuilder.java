// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.Array;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;

/**
 * Appends values and nulls, then {@link #build()}s an immutable {@link Array}. Builders grow in
 * amortized constant time and can be reused after {@code build()}. {@link #of} makes the builder of
 * any type; typed builders ({@link IntBuilder}, {@link VarBinaryBuilder}, {@link ListBuilder}, ...)
 * have typed append methods.
 */
public interface ArrayBuilder {

    /**
     * The type of the values built.
     *
     * @return the type
     */
    ArrowType type();

    /**
     * Slots appended since the last build.
     *
     * @return the count of slots
     */
    long length();

    /**
     * Appends a null.
     *
     * @return this builder
     */
    ArrayBuilder appendNull();

    /**
     * Appends {@code n} nulls.
     *
     * @param n how many
     * @return this builder
     * @throws IllegalArgumentException if {@code n} is negative
     */
    default ArrayBuilder appendNulls(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("a negative count of nulls: " + n);
        }
        for (long k = 0; k < n; k++) {
            appendNull();
        }
        return this;
    }

    /**
     * Appends a value in the representation {@link Array#getObject} returns (numbers of any boxed
     * type are accepted where the number fits exactly; temporal types also take their raw numbers);
     * null appends a null.
     *
     * @param value the value, or null
     * @return this builder
     * @throws ValueOutOfRangeException if the type cannot hold the value exactly; nothing is appended
     * @throws IllegalArgumentException if the value is of a class the type does not take
     */
    ArrayBuilder appendObject(Object value);

    /**
     * The array of all slots appended; the builder starts over empty.
     *
     * @return the array; each builder class declares its array class
     */
    Array build();

    /**
     * The builder of any type, with memory from {@code allocator}.
     *
     * @param type the type of the values
     * @param allocator the memory of the built arrays
     * @return an empty builder of the type's builder class
     */
    static ArrayBuilder of(ArrowType type, BufferAllocator allocator) {
        return switch (type) {
            case ArrowType.Null t -> new NullBuilder();
            case ArrowType.Bool t -> new BooleanBuilder(allocator);
            case ArrowType.Int t -> IntBuilder.of(t, allocator);
            case ArrowType.Date t -> new DateBuilder(t, allocator);
            case ArrowType.Time t -> new TimeBuilder(t, allocator);
            case ArrowType.Timestamp t -> new TimestampBuilder(t, allocator);
            case ArrowType.Duration t -> new DurationBuilder(t, allocator);
            case ArrowType.Interval t -> switch (t.unit()) {
                case YEAR_MONTH -> new IntervalYearMonthBuilder(allocator);
                case DAY_TIME -> new IntervalDayTimeBuilder(allocator);
                case MONTH_DAY_NANO -> new IntervalMonthDayNanoBuilder(allocator);
            };
            case ArrowType.FloatingPoint t -> FloatBuilder.of(t, allocator);
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

    /**
     * The builder of any type, on the garbage-collected allocator.
     *
     * @param type the type of the values
     * @return an empty builder of the type's builder class
     */
    static ArrayBuilder of(ArrowType type) {
        return of(type, BufferAllocator.managed());
    }
}
