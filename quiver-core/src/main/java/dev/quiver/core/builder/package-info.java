// SPDX-License-Identifier: Apache-2.0
/**
 * Builders of arrays: append values and nulls, then {@code build()} the typed, immutable array.
 * {@link dev.quiver.core.builder.ArrayBuilder#of} makes the builder of any type; the typed builders
 * ({@link dev.quiver.core.builder.IntBuilder}, {@link dev.quiver.core.builder.TimestampBuilder},
 * {@link dev.quiver.core.builder.VarBinaryBuilder}, {@link dev.quiver.core.builder.ListBuilder}, ...)
 * have typed append methods and return their array class, so no cast is needed. A value the type cannot
 * hold exactly is refused with a {@link dev.quiver.core.builder.ValueOutOfRangeException}; the builder
 * stores nothing for it and stays usable.
 *
 * <pre>{@code
 * try (ScopedAllocator allocator = BufferAllocator.scoped()) {
 *     Int32Array ids = IntBuilder.int32(allocator).append(1).appendNulls(2).append(4).build();
 *     TimestampArray at = new TimestampBuilder(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"), allocator)
 *             .append(Instant.parse("1969-07-20T20:17:40Z")).build();
 *     Instant landing = at.getInstant(0);          // at.get(0) is the raw count, -14182940000
 *     IntBuilder.uint8(allocator).append(300);     // throws ValueOutOfRangeException
 * }
 * }</pre>
 */
package dev.quiver.core.builder;
