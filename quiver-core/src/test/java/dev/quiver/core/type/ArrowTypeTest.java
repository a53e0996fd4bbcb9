// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ArrowTypeTest {

    static Stream<Arguments> everyType() {
        Field item = Field.nullable("item", ArrowType.INT8);
        return Stream.of(
                Arguments.of(ArrowType.NULL, "null", List.of()),
                Arguments.of(ArrowType.BOOL, "bool", List.of(BufferSpec.VALIDITY, BufferSpec.values(1))),
                Arguments.of(ArrowType.INT8, "int8", List.of(BufferSpec.VALIDITY, BufferSpec.values(8))),
                Arguments.of(ArrowType.UINT64, "uint64", List.of(BufferSpec.VALIDITY, BufferSpec.values(64))),
                Arguments.of(ArrowType.FLOAT16, "float16", List.of(BufferSpec.VALIDITY, BufferSpec.values(16))),
                Arguments.of(ArrowType.FLOAT64, "float64", List.of(BufferSpec.VALIDITY, BufferSpec.values(64))),
                Arguments.of(ArrowType.BINARY, "binary",
                        List.of(BufferSpec.VALIDITY, BufferSpec.offsets(32), BufferSpec.DATA)),
                Arguments.of(ArrowType.UTF8, "utf8",
                        List.of(BufferSpec.VALIDITY, BufferSpec.offsets(32), BufferSpec.DATA)),
                Arguments.of(ArrowType.LARGE_BINARY, "large_binary",
                        List.of(BufferSpec.VALIDITY, BufferSpec.offsets(64), BufferSpec.DATA)),
                Arguments.of(ArrowType.LARGE_UTF8, "large_utf8",
                        List.of(BufferSpec.VALIDITY, BufferSpec.offsets(64), BufferSpec.DATA)),
                Arguments.of(ArrowType.BINARY_VIEW, "binary_view", List.of(BufferSpec.VALIDITY, BufferSpec.VIEWS)),
                Arguments.of(ArrowType.UTF8_VIEW, "utf8_view", List.of(BufferSpec.VALIDITY, BufferSpec.VIEWS)),
                Arguments.of(new ArrowType.FixedSizeBinary(16), "fixed_size_binary[16]",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(128))),
                Arguments.of(new ArrowType.Decimal(9, 2, 32), "decimal32(9, 2)",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(32))),
                Arguments.of(new ArrowType.Decimal(18, -3, 64), "decimal64(18, -3)",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(64))),
                Arguments.of(new ArrowType.Decimal(38, 10), "decimal128(38, 10)",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(128))),
                Arguments.of(new ArrowType.Decimal(76, 0, 256), "decimal256(76, 0)",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(256))),
                Arguments.of(new ArrowType.Date(DateUnit.DAY), "date32[day]",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(32))),
                Arguments.of(new ArrowType.Date(DateUnit.MILLISECOND), "date64[ms]",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(64))),
                Arguments.of(new ArrowType.Time(TimeUnit.MILLISECOND), "time32[ms]",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(32))),
                Arguments.of(new ArrowType.Time(TimeUnit.NANOSECOND), "time64[ns]",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(64))),
                Arguments.of(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"), "timestamp[us, tz=UTC]",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(64))),
                Arguments.of(new ArrowType.Timestamp(TimeUnit.SECOND), "timestamp[s]",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(64))),
                Arguments.of(new ArrowType.Interval(IntervalUnit.YEAR_MONTH), "interval[year_month]",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(32))),
                Arguments.of(new ArrowType.Interval(IntervalUnit.DAY_TIME), "interval[day_time]",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(64))),
                Arguments.of(new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO), "interval[month_day_nano]",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(128))),
                Arguments.of(new ArrowType.Duration(TimeUnit.NANOSECOND), "duration[ns]",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(64))),
                Arguments.of(new ArrowType.List(item), "list<item: int8>",
                        List.of(BufferSpec.VALIDITY, BufferSpec.offsets(32))),
                Arguments.of(new ArrowType.LargeList(item), "large_list<item: int8>",
                        List.of(BufferSpec.VALIDITY, BufferSpec.offsets(64))),
                Arguments.of(new ArrowType.ListView(item), "list_view<item: int8>",
                        List.of(BufferSpec.VALIDITY, BufferSpec.offsets(32), BufferSpec.sizes(32))),
                Arguments.of(new ArrowType.LargeListView(item), "large_list_view<item: int8>",
                        List.of(BufferSpec.VALIDITY, BufferSpec.offsets(64), BufferSpec.sizes(64))),
                Arguments.of(new ArrowType.FixedSizeList(item, 4), "fixed_size_list<item: int8>[4]",
                        List.of(BufferSpec.VALIDITY)),
                Arguments.of(ArrowType.Struct.of(Field.nullable("a", ArrowType.INT32),
                        Field.nullable("b", new ArrowType.List(Field.notNull("item", ArrowType.UTF8)))),
                        "struct<a: int32, b: list<item: utf8 not null>>", List.of(BufferSpec.VALIDITY)),
                Arguments.of(ArrowType.Map.of(ArrowType.UTF8, ArrowType.INT64, true),
                        "map<key: utf8 not null, value: int64, keys sorted>",
                        List.of(BufferSpec.VALIDITY, BufferSpec.offsets(32))),
                Arguments.of(new ArrowType.Union(UnionMode.SPARSE, List.of(item, Field.nullable("f", ArrowType.FLOAT32)),
                        List.of(5, 7)), "sparse_union<item: int8=5, f: float32=7>", List.of(BufferSpec.TYPE_IDS)),
                Arguments.of(new ArrowType.Union(UnionMode.DENSE, List.of(item)), "dense_union<item: int8=0>",
                        List.of(BufferSpec.TYPE_IDS, BufferSpec.offsets(32))),
                Arguments.of(ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.FLOAT32),
                        "run_end_encoded<run_ends: int32 not null, values: float32>", List.of()),
                Arguments.of(new ArrowType.Dictionary(ArrowType.UINT8, ArrowType.UTF8, true),
                        "dictionary<values=utf8, indices=uint8, ordered>",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(8))),
                Arguments.of(new ArrowType.Extension("arrow.uuid", new ArrowType.FixedSizeBinary(16), ""),
                        "extension<arrow.uuid, storage=fixed_size_binary[16]>",
                        List.of(BufferSpec.VALIDITY, BufferSpec.values(128))));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("everyType")
    void toStringAndLayoutOfEveryType(ArrowType type, String text, List<BufferSpec> buffers) {
        assertEquals(text, type.toString());
        assertEquals(buffers, type.layout().buffers());
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("everyType")
    void valueEqualityOfEveryType(ArrowType type, String text, List<BufferSpec> buffers) {
        ArrowType again = everyType().map(a -> (ArrowType) a.get()[0]).filter(t -> t.toString().equals(text))
                .findFirst().orElseThrow();
        assertEquals(type, again);
        assertEquals(type.hashCode(), again.hashCode());
        long equalToOthers = everyType().map(a -> (ArrowType) a.get()[0]).filter(type::equals).count();
        assertEquals(1, equalToOthers, "equal to itself only");
    }

    @Test
    void viewTypesHaveVariadicBuffers() {
        assertTrue(ArrowType.UTF8_VIEW.layout().variadicDataBuffers());
        assertTrue(ArrowType.BINARY_VIEW.layout().variadicDataBuffers());
        assertFalse(ArrowType.UTF8.layout().variadicDataBuffers());
    }

    @Test
    void parametersDistinguishTypes() {
        assertNotEquals(ArrowType.INT32, ArrowType.UINT32);
        assertNotEquals(new ArrowType.Timestamp(TimeUnit.SECOND, "UTC"), new ArrowType.Timestamp(TimeUnit.SECOND));
        assertNotEquals(new ArrowType.Decimal(10, 2), new ArrowType.Decimal(10, 2, 256));
        assertNotEquals(ArrowType.List.of(ArrowType.INT8), new ArrowType.List(Field.notNull("item", ArrowType.INT8)));
        assertNotEquals(new ArrowType.Union(UnionMode.SPARSE, List.of(Field.nullable("a", ArrowType.INT8))),
                new ArrowType.Union(UnionMode.DENSE, List.of(Field.nullable("a", ArrowType.INT8))));
    }

    @Test
    void invalidParametersAreRefusedWithClearMessages() {
        assertMessage("integer bit width must be 8, 16, 32 or 64, not 12", () -> new ArrowType.Int(12, true));
        assertMessage("fixed-size binary width must be positive, not 0", () -> new ArrowType.FixedSizeBinary(0));
        assertMessage("fixed-size binary width must be positive, not -3", () -> new ArrowType.FixedSizeBinary(-3));
        // Wider, its width in bits would overflow the int of its BufferSpec and defeat buffer size checks.
        assertMessage("fixed-size binary width must be at most 268435455 bytes, not 536870915",
                () -> new ArrowType.FixedSizeBinary(536_870_915));
        assertEquals(ArrowType.FixedSizeBinary.MAX_BYTE_WIDTH * 8L,
                new ArrowType.FixedSizeBinary(ArrowType.FixedSizeBinary.MAX_BYTE_WIDTH).layout().buffers().get(1).bitWidth());
        assertMessage("fixed-size list size must not be negative, not -1",
                () -> new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT8), -1));
        assertMessage("decimal32 precision must be between 1 and 9, not 10", () -> new ArrowType.Decimal(10, 2, 32));
        assertMessage("decimal64 precision must be between 1 and 18, not 19", () -> new ArrowType.Decimal(19, 2, 64));
        assertMessage("decimal128 precision must be between 1 and 38, not 39", () -> new ArrowType.Decimal(39, 2));
        assertMessage("decimal256 precision must be between 1 and 76, not 77", () -> new ArrowType.Decimal(77, 2, 256));
        assertMessage("decimal128 precision must be between 1 and 38, not 0", () -> new ArrowType.Decimal(0, 0));
        assertMessage("decimal bit width must be 32, 64, 128 or 256, not 100", () -> new ArrowType.Decimal(5, 0, 100));
        assertMessage("time in SECOND must be 32 bits, not 64", () -> new ArrowType.Time(TimeUnit.SECOND, 64));
        assertMessage("time in NANOSECOND must be 64 bits, not 32", () -> new ArrowType.Time(TimeUnit.NANOSECOND, 32));
        assertMessage("run ends must be int16, int32 or int64, not int8",
                () -> ArrowType.RunEndEncoded.of(ArrowType.INT8, ArrowType.FLOAT32));
        assertMessage("run ends must be int16, int32 or int64, not uint32",
                () -> ArrowType.RunEndEncoded.of(ArrowType.UINT32, ArrowType.FLOAT32));
        assertMessage("run ends must not be nullable", () -> new ArrowType.RunEndEncoded(
                Field.nullable("run_ends", ArrowType.INT32), Field.nullable("values", ArrowType.INT8)));
        Field a = Field.nullable("a", ArrowType.INT8);
        Field b = Field.nullable("b", ArrowType.INT8);
        assertMessage("union type id 3 is repeated in [3, 3]",
                () -> new ArrowType.Union(UnionMode.DENSE, List.of(a, b), List.of(3, 3)));
        assertMessage("union type id 128 is outside 0..127",
                () -> new ArrowType.Union(UnionMode.DENSE, List.of(a), List.of(128)));
        assertMessage("union has 2 children but 1 type ids",
                () -> new ArrowType.Union(UnionMode.SPARSE, List.of(a, b), List.of(0)));
        assertMessage("map entries must be a struct of two fields (key, value), not struct<a: int8>",
                () -> new ArrowType.Map(Field.notNull("entries", ArrowType.Struct.of(a)), false));
        assertMessage("map entries must be a struct of two fields (key, value), not int8",
                () -> new ArrowType.Map(Field.notNull("entries", ArrowType.INT8), false));
        assertMessage("map keys must not be nullable: a: int8",
                () -> new ArrowType.Map(Field.notNull("entries", ArrowType.Struct.of(a, b)), false));
        assertMessage("extension name must not be empty",
                () -> new ArrowType.Extension("", ArrowType.INT8, null));
        assertMessage("field x has dictionary id 3 but its type int8 is not dictionary-encoded",
                () -> new Field("x", ArrowType.INT8, true, 3L, null));
    }

    private static void assertMessage(String message, org.junit.jupiter.api.function.Executable executable) {
        InvalidTypeException e = assertThrows(InvalidTypeException.class, executable);
        assertEquals(message, e.getMessage());
    }

    @Test
    void unionMapsTypeIdsToChildren() {
        ArrowType.Union union = new ArrowType.Union(UnionMode.SPARSE,
                List.of(Field.nullable("a", ArrowType.INT8), Field.nullable("b", ArrowType.UTF8)), List.of(5, 2));
        assertEquals(0, union.childIndex(5));
        assertEquals(1, union.childIndex(2));
        assertEquals(-1, union.childIndex(0));
    }

    @Test
    void mapExposesKeyAndValueFields() {
        ArrowType.Map map = ArrowType.Map.of(ArrowType.UTF8, ArrowType.INT32, false);
        assertEquals(Field.notNull("key", ArrowType.UTF8), map.keyField());
        assertEquals(Field.nullable("value", ArrowType.INT32), map.valueField());
        assertEquals(List.of(map.entries()), map.children());
    }
}
