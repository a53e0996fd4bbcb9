// SPDX-License-Identifier: Apache-2.0
/**
 * The Arrow type system: {@link dev.quiver.core.type.ArrowType} (a sealed hierarchy with one record per
 * type of Schema.fbs, plus dictionary encoding and extension types), {@link dev.quiver.core.type.Field}
 * and {@link dev.quiver.core.type.Schema}, and the physical {@link dev.quiver.core.type.Layout} of each
 * type. Types, fields and schemas are immutable values; parameters the format does not allow are refused
 * at construction with an {@link dev.quiver.core.type.InvalidTypeException}.
 *
 * <p>Building a schema:
 *
 * {@snippet :
 * Schema schema = Schema.of(
 *         Field.notNull("id", ArrowType.INT64),
 *         Field.nullable("name", ArrowType.UTF8),
 *         Field.nullable("price", new ArrowType.Decimal(12, 2)),                 // decimal128(12, 2)
 *         Field.nullable("seen", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
 *         Field.nullable("tags", ArrowType.List.of(ArrowType.UTF8)),              // list<item: utf8>
 *         Field.nullable("point", ArrowType.Struct.of(
 *                 Field.notNull("x", ArrowType.FLOAT64),
 *                 Field.notNull("y", ArrowType.FLOAT64))),
 *         Field.nullable("attributes", ArrowType.Map.of(ArrowType.UTF8, ArrowType.INT32, false)),
 *         Field.dictionary("country", ArrowType.INT32, ArrowType.UTF8, false, 0, true));
 * int price = schema.indexOf("price");   // 2
 * }
 *
 * <p>A {@code switch} over a type is exhaustive:
 *
 * {@snippet :
 * static boolean isString(ArrowType type) {
 *     return switch (type) {
 *         case ArrowType.Utf8 t -> true;
 *         case ArrowType.LargeUtf8 t -> true;
 *         case ArrowType.Utf8View t -> true;
 *         default -> false;
 *     };
 * }
 * }
 */
package dev.quiver.core.type;
