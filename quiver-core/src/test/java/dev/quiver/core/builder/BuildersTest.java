// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.UnionMode;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Period;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class BuildersTest {
    private static final BufferAllocator ALLOCATOR = BufferAllocator.managed();
    private static final Field ITEM = Field.nullable("item", ArrowType.INT64);

    /** Every static factory makes an empty builder of the type asked, the same class Builders.of gives. */
    @Test
    void everyBuilderClassHasStaticFactoriesMatchingBuildersOf() {
        ArrowType.Struct struct = new ArrowType.Struct(List.of(Field.nullable("a", ArrowType.INT32)));
        ArrowType.Map map = new ArrowType.Map(Field.notNull("entries", new ArrowType.Struct(List.of(
                Field.notNull("key", ArrowType.UTF8), Field.nullable("value", ArrowType.INT32)))), false);
        ArrowType.Union union = new ArrowType.Union(UnionMode.DENSE, List.of(Field.nullable("i", ArrowType.INT32)),
                List.of(0));
        List<Object[]> cases = List.of(
                c(ArrowType.UTF8, () -> VarBinaryBuilder.utf8(ALLOCATOR)),
                c(ArrowType.LARGE_UTF8, () -> VarBinaryBuilder.largeUtf8(ALLOCATOR)),
                c(ArrowType.BINARY, () -> VarBinaryBuilder.binary(ALLOCATOR)),
                c(ArrowType.LARGE_BINARY, () -> VarBinaryBuilder.largeBinary(ALLOCATOR)),
                c(ArrowType.UTF8, () -> VarBinaryBuilder.of(ArrowType.UTF8, ALLOCATOR)),
                c(ArrowType.UTF8_VIEW, () -> BinaryViewBuilder.utf8View(ALLOCATOR)),
                c(ArrowType.BINARY_VIEW, () -> BinaryViewBuilder.binaryView(ALLOCATOR)),
                c(ArrowType.BINARY_VIEW, () -> BinaryViewBuilder.of(ArrowType.BINARY_VIEW, ALLOCATOR)),
                c(ArrowType.BOOL, () -> BooleanBuilder.of(ALLOCATOR)),
                c(new ArrowType.Date(DateUnit.DAY), () -> DateBuilder.date32(ALLOCATOR)),
                c(new ArrowType.Date(DateUnit.MILLISECOND), () -> DateBuilder.date64(ALLOCATOR)),
                c(new ArrowType.Date(DateUnit.DAY), () -> DateBuilder.of(new ArrowType.Date(DateUnit.DAY), ALLOCATOR)),
                c(new ArrowType.Decimal(9, 2, 128), () -> DecimalBuilder.of(new ArrowType.Decimal(9, 2, 128), ALLOCATOR)),
                c(new ArrowType.Dictionary(ArrowType.INT32, ArrowType.UTF8, false), () -> DictionaryBuilder.of(
                        new ArrowType.Dictionary(ArrowType.INT32, ArrowType.UTF8, false), ALLOCATOR)),
                c(new ArrowType.Duration(TimeUnit.MILLISECOND), () -> DurationBuilder.of(
                        new ArrowType.Duration(TimeUnit.MILLISECOND), ALLOCATOR)),
                c(new ArrowType.FixedSizeBinary(4), () -> FixedSizeBinaryBuilder.of(new ArrowType.FixedSizeBinary(4),
                        ALLOCATOR)),
                c(new ArrowType.FixedSizeList(ITEM, 2), () -> FixedSizeListBuilder.of(new ArrowType.FixedSizeList(ITEM,
                        2), ALLOCATOR)),
                c(new ArrowType.Interval(IntervalUnit.DAY_TIME), () -> IntervalDayTimeBuilder.of(ALLOCATOR)),
                c(new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO), () -> IntervalMonthDayNanoBuilder.of(ALLOCATOR)),
                c(new ArrowType.Interval(IntervalUnit.YEAR_MONTH), () -> IntervalYearMonthBuilder.of(ALLOCATOR)),
                c(new ArrowType.List(ITEM), () -> ListBuilder.of(new ArrowType.List(ITEM), ALLOCATOR)),
                c(new ArrowType.ListView(ITEM), () -> ListViewBuilder.of(new ArrowType.ListView(ITEM), ALLOCATOR)),
                c(map, () -> MapBuilder.of(map, ALLOCATOR)),
                c(ArrowType.NULL, NullBuilder::of),
                c(new ArrowType.RunEndEncoded(Field.notNull("run_ends", ArrowType.INT32), ITEM),
                        () -> RunEndEncodedBuilder.of(new ArrowType.RunEndEncoded(Field.notNull("run_ends",
                                ArrowType.INT32), ITEM), ALLOCATOR)),
                c(struct, () -> StructBuilder.of(struct, ALLOCATOR)),
                c(new ArrowType.Time(TimeUnit.MICROSECOND), () -> TimeBuilder.of(new ArrowType.Time(TimeUnit.MICROSECOND),
                        ALLOCATOR)),
                c(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"), () -> TimestampBuilder.of(
                        new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"), ALLOCATOR)),
                c(union, () -> UnionBuilder.of(union, ALLOCATOR)),
                c(ArrowType.INT64, () -> IntBuilder.int64(ALLOCATOR)),
                c(ArrowType.FLOAT64, () -> FloatBuilder.float64(ALLOCATOR)));
        for (Object[] k : cases) {
            ArrowType type = (ArrowType) k[0];
            ArrayBuilder made = ((Supplier<?>) k[1]).get() instanceof ArrayBuilder b ? b : null;
            assertEquals(type, made.type(), type.toString());
            assertEquals(0, made.length());
            assertEquals(Builders.of(type, ALLOCATOR).getClass(), made.getClass(), type.toString());
            assertEquals(Builders.of(Field.nullable("f", type), ALLOCATOR).getClass(), made.getClass());
        }
    }

    private static Object[] c(ArrowType type, Supplier<? extends ArrayBuilder> factory) {
        return new Object[] {type, factory};
    }

    @Test
    void nestedBuildersHandOutTheirChildrenTyped() {
        ListBuilder list = ListBuilder.of(new ArrowType.List(ITEM), ALLOCATOR);
        IntBuilder<?> values = list.values(IntBuilder.class);
        list.startList();
        values.append(1L).append((Long) null);
        list.endList();
        assertEquals(Arrays.asList(1L, null), list.build().getObject(0));
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                () -> ListBuilder.of(new ArrowType.List(ITEM), ALLOCATOR).values(VarBinaryBuilder.class));
        assertEquals("values is a IntBuilder (of int64), not a VarBinaryBuilder", wrong.getMessage());

        ArrowType.Struct struct = new ArrowType.Struct(List.of(Field.nullable("a", ArrowType.UTF8)));
        StructBuilder s = StructBuilder.of(struct, ALLOCATOR);
        s.child(0, VarBinaryBuilder.class).append("x");
        s.append();
        assertEquals("{a=x}", s.build().getObject(0).toString());
        assertThrows(IndexOutOfBoundsException.class, () -> StructBuilder.of(struct, ALLOCATOR).child(1,
                VarBinaryBuilder.class));
        assertInstanceOf(TimestampBuilder.class, Builders.of(new ArrowType.Timestamp(TimeUnit.SECOND, null), ALLOCATOR,
                TimestampBuilder.class));
        assertThrows(IllegalArgumentException.class, () -> Builders.of(ArrowType.UTF8, ALLOCATOR, IntBuilder.class));
    }

    /** The object-taking appends append a null for null (a bare NullPointerException before). */
    @Test
    void objectAppendsTakeNullAsANull() {
        List<Array> built = List.of(
                VarBinaryBuilder.utf8(ALLOCATOR).append("a").append((String) null).build(),
                VarBinaryBuilder.binary(ALLOCATOR).append(new byte[] {1}).append((byte[]) null).build(),
                BinaryViewBuilder.utf8View(ALLOCATOR).append("a").append((String) null).build(),
                IntBuilder.int32(ALLOCATOR).append(1L).append((Long) null).build(),
                FloatBuilder.float64(ALLOCATOR).append(1.5).append((Double) null).build(),
                BooleanBuilder.of(ALLOCATOR).append(true).append((Boolean) null).build(),
                DateBuilder.date32(ALLOCATOR).append(LocalDate.EPOCH).append((LocalDate) null).build(),
                TimeBuilder.of(new ArrowType.Time(TimeUnit.MICROSECOND), ALLOCATOR).append(LocalTime.NOON)
                        .append((LocalTime) null).build(),
                TimestampBuilder.of(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"), ALLOCATOR)
                        .append(Instant.EPOCH).append((Instant) null).build(),
                TimestampBuilder.of(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null), ALLOCATOR)
                        .append(LocalDateTime.of(2024, 1, 1, 0, 0)).append((LocalDateTime) null).build(),
                DurationBuilder.of(new ArrowType.Duration(TimeUnit.SECOND), ALLOCATOR).append(Duration.ofSeconds(3))
                        .append((Duration) null).build(),
                DecimalBuilder.of(new ArrowType.Decimal(9, 2, 128), ALLOCATOR).append(new BigDecimal("1.25"))
                        .append((BigDecimal) null).build(),
                FixedSizeBinaryBuilder.of(new ArrowType.FixedSizeBinary(1), ALLOCATOR).append(new byte[] {1})
                        .append((byte[]) null).build(),
                IntervalYearMonthBuilder.of(ALLOCATOR).append(Period.ofMonths(2)).append((Period) null).build());
        for (Array array : built) {
            assertEquals(2, array.length(), array.type().toString());
            assertTrue(!array.isNull(0) && array.isNull(1), array.type().toString());
            assertEquals(1, array.nullCount());
            array.validateFull();
        }
    }
}
