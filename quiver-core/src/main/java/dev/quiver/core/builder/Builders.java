// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import java.util.Objects;

/**
 * The one way to make a builder of a type known only at run time; for a type known when writing the
 * code, every builder class has static factories: {@code IntBuilder.int64(allocator)},
 * {@code VarBinaryBuilder.utf8(allocator)}, {@code TimestampBuilder.of(type, allocator)},
 * {@code ListBuilder.of(type, allocator)}, {@code StructBuilder.of(type, allocator)}, ... Their public
 * constructors stay (many callers use them) and make the same builders.
 *
 * <pre>{@code
 * ListBuilder list = ListBuilder.of(new ArrowType.List(Field.nullable("item", ArrowType.INT64)), allocator);
 * IntBuilder<?> values = list.values(IntBuilder.class);   // typed, no unchecked cast
 * list.startList();
 * values.append(1L).append((Long) null);
 * list.endList();
 * ArrayBuilder any = Builders.of(field, allocator);        // the builder class of the field's type
 * }</pre>
 *
 * <p>Nested builders hand out their children typed: {@code values(Class)} of the list builders,
 * {@code child(int, Class)} of the struct and union builders, {@code keys(Class)}/{@code items(Class)}
 * of the map builder. The typed {@code append} methods that take an object ({@code String},
 * {@code byte[]}, {@code java.time} values, {@code BigDecimal}, boxed {@code Long}, {@code Double},
 * {@code Boolean}) append a null for null.
 */
public final class Builders {
    private Builders() {
    }

    /**
     * The builder of any type (the same as {@link ArrayBuilder#of(ArrowType, BufferAllocator)}).
     *
     * @param type the type of the values
     * @param allocator the memory of the built arrays
     * @return an empty builder of the type's builder class ({@link IntBuilder} for integers,
     *     {@link VarBinaryBuilder} for strings and binary, ...)
     */
    public static ArrayBuilder of(ArrowType type, BufferAllocator allocator) {
        return ArrayBuilder.of(Objects.requireNonNull(type, "type"), Objects.requireNonNull(allocator, "allocator"));
    }

    /**
     * The builder of a field's type.
     *
     * @param field the field whose values are built
     * @param allocator the memory of the built arrays
     * @return an empty builder of the type's builder class
     */
    public static ArrayBuilder of(Field field, BufferAllocator allocator) {
        return of(field.type(), allocator);
    }

    /**
     * The builder of a type, as the builder class the caller expects.
     *
     * @param <B> the builder class
     * @param type the type of the values
     * @param allocator the memory of the built arrays
     * @param builderClass the builder class of {@code type}
     * @return an empty builder
     * @throws IllegalArgumentException if the type's builder is of another class, naming it
     */
    public static <B extends ArrayBuilder> B of(ArrowType type, BufferAllocator allocator, Class<B> builderClass) {
        return as(of(type, allocator), builderClass, "the builder of " + type);
    }

    /** {@code builder} as {@code type}, or a clear refusal naming {@code what}. */
    static <B extends ArrayBuilder> B as(ArrayBuilder builder, Class<B> type, String what) {
        if (!type.isInstance(builder)) {
            throw new IllegalArgumentException(what + " is a " + builder.getClass().getSimpleName() + " (of "
                    + builder.type() + "), not a " + type.getSimpleName());
        }
        return type.cast(builder);
    }
}
