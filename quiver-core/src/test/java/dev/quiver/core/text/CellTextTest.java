// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.DecimalBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.TimeUnit;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CellTextTest {
    private static Array array(ArrowType type, Object... values) {
        if (type instanceof ArrowType.Time t) { // raw counts, also outside a day, which only read data holds
            ArrayBuilder raw = ArrayBuilder.of(new ArrowType.Int(t.bitWidth(), true));
            for (Object value : values) {
                raw.appendObject(value);
            }
            dev.quiver.core.array.ArrayData d = raw.build().data();
            return Array.ofUnchecked(new dev.quiver.core.array.ArrayData(type, d.length(), 0, d.nullCount(), d.buffers(),
                    List.of(), null));
        }
        ArrayBuilder builder = ArrayBuilder.of(type);
        for (Object value : values) {
            builder.appendObject(value);
        }
        return builder.build();
    }

    private static List<String> cells(Array array) {
        return java.util.stream.LongStream.range(0, array.length()).mapToObj(i -> CellText.of(array, i)).toList();
    }

    @Test
    void temporalValuesReadAsIso8601() {
        assertEquals(List.of("2023-11-14T22:13:20Z", "1969-12-31T23:59:59.999999Z", "null"),
                cells(array(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"), 1_700_000_000_000_000L, -1L, null)));
        assertEquals(List.of("1970-01-01T00:00:00", "1970-01-01T00:00:01.5"),
                cells(array(new ArrowType.Timestamp(TimeUnit.MILLISECOND, null), 0L, 1500L)));
        assertEquals(List.of("1970-01-02", "1969-12-31"), cells(array(new ArrowType.Date(DateUnit.DAY), 1, -1)));
        assertEquals(List.of("1970-01-02"), cells(array(new ArrowType.Date(DateUnit.MILLISECOND), 86_400_000L)));
        assertEquals(List.of("00:00:00", "01:00:00.25"),
                cells(array(new ArrowType.Time(TimeUnit.MILLISECOND, 32), 0, 3_600_250)));
    }

    @Test
    void stringsAreBareAndNestedValuesUseTheCoreNotation() {
        assertEquals(List.of("a \"b\"", "null"), cells(array(ArrowType.UTF8, "a \"b\"", null)));
        assertEquals(List.of("[\"x\", null]", "[]"), cells(array(ArrowType.List.of(ArrowType.UTF8),
                Arrays.asList("x", null), List.of())));
        assertEquals(List.of("0x0AFF"), cells(array(ArrowType.BINARY, (Object) new byte[] {10, -1})));
    }

    /** An int32-indexed dictionary of utf8 values {"a", null}: valid indices 0, 1, 1, 0. */
    static Array dictionaryWithANullValue() {
        IntBuilder<?> indices = IntBuilder.int32(BufferAllocator.managed());
        for (int index : new int[] {0, 1, 1, 0}) {
            indices.appendObject(index);
        }
        ArrayData dictionary = array(ArrowType.UTF8, "a", null).data();
        return Array.of(ArrayData.dictionaryEncoded(new ArrowType.Dictionary(ArrowType.INT32, ArrowType.UTF8, false),
                4, indices.build().data().buffers(), dictionary));
    }

    @Test
    void aValidIndexToANullDictionaryValuePrintsNull() {
        Array column = dictionaryWithANullValue();
        assertEquals(List.of("a", "null", "null", "a"), cells(column));
        assertFalse(CellText.isNull(column, 0));
        assertTrue(CellText.isNull(column, 1));
    }

    private static Array decimals(int scale, long... unscaled) {
        DecimalBuilder builder = new DecimalBuilder(new ArrowType.Decimal(20, scale, 128), BufferAllocator.managed());
        for (long u : unscaled) {
            builder.appendUnscaled(u);
        }
        return builder.build();
    }

    @Test
    void decimalsArePlainUnlessThePlainFormWouldBeHuge() {
        assertEquals(List.of("123.45", "-0.05", "0.00"), cells(decimals(2, 12345, -5, 0)));
        assertEquals(List.of("12300"), cells(decimals(-2, 123)));
        assertEquals(List.of("1.2345E-2147483643", "0E-2147483647"), cells(decimals(Integer.MAX_VALUE, 12345, 0)));
        assertEquals(List.of("-1.2E+2147483649"), cells(decimals(Integer.MIN_VALUE, -12)));
        assertEquals(List.of("1E-200"), cells(decimals(200, 1)));
    }

    @Test
    void timestampsOutOfTheRangeOfJavaTimeShowTheirCountAndUnit() {
        Array seconds = array(new ArrowType.Timestamp(TimeUnit.SECOND, null), Long.MAX_VALUE, Long.MIN_VALUE, 0L);
        assertEquals(List.of("9223372036854775807 s since epoch", "-9223372036854775808 s since epoch",
                "1970-01-01T00:00:00"), cells(seconds));
        Array zoned = array(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"), Long.MAX_VALUE);
        assertEquals(List.of("+292278994-08-17T07:12:55.807Z"), cells(zoned));
        Array nanos = array(new ArrowType.Timestamp(TimeUnit.NANOSECOND, null), Long.MIN_VALUE);
        assertEquals(List.of("1677-09-21T00:12:43.145224192"), cells(nanos));
    }

    @Test
    void timesOutsideTheDayShowTheirCountAndUnitAndNeverWrap() {
        assertEquals(List.of("-1 s", "86400 s", "23:59:59"),
                cells(array(new ArrowType.Time(TimeUnit.SECOND, 32), -1, 86_400, 86_399)));
        // 18446744073709552 us times 1000 wraps to 384 ns in 64 bits: it must not print as 00:00:00.000000384.
        assertEquals(List.of("18446744073709552 us", "9223372036854775807 us"),
                cells(array(new ArrowType.Time(TimeUnit.MICROSECOND, 64), 18_446_744_073_709_552L, Long.MAX_VALUE)));
        assertEquals(List.of("-9223372036854775808 ns"),
                cells(array(new ArrowType.Time(TimeUnit.NANOSECOND, 64), Long.MIN_VALUE)));
    }

    @Test
    void everyDateValuePrints() {
        assertEquals(List.of("-5877641-06-23", "+5881580-07-11"),
                cells(array(new ArrowType.Date(DateUnit.DAY), Integer.MIN_VALUE, Integer.MAX_VALUE)));
        assertEquals(List.of("-292275055-05-16T16:47:04.192", "+292278994-08-17T07:12:55.807", "1970-01-01T00:00:01"),
                cells(array(new ArrowType.Date(DateUnit.MILLISECOND), Long.MIN_VALUE, Long.MAX_VALUE, 1000L)));
    }

    @Test
    void nestedValuesRenderTheirChildrenAsCellsDo() {
        ArrowType timestamps = ArrowType.List.of(new ArrowType.Timestamp(TimeUnit.SECOND, null));
        assertEquals("[1970-01-01T00:00:01, null, 9223372036854775807 s since epoch]",
                CellText.of(array(timestamps, Arrays.asList(1L, null, Long.MAX_VALUE)), 0, 1000));
        ArrowType.Struct struct = ArrowType.Struct.of(Field.nullable("s", ArrowType.UTF8),
                Field.nullable("b", ArrowType.BINARY));
        java.util.Map<String, Object> row = new java.util.LinkedHashMap<>();
        row.put("s", "x");
        row.put("b", new byte[] {1});
        assertEquals(List.of("{s: \"x\", b: 0x01}"), cells(array(struct, row)));
    }

    @Test
    void aHugeValueIsBuiltOnlyUpToTheLimit() {
        // A fixed-size list of 2^31 - 1 nulls takes no memory but would print as gigabytes of text.
        ArrowType.FixedSizeList type = new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.NULL),
                Integer.MAX_VALUE);
        ArrayData nulls = new ArrayData(ArrowType.NULL, Integer.MAX_VALUE, 0, Integer.MAX_VALUE, List.of(), List.of(),
                null);
        Array list = Array.of(new ArrayData(type, 1, 0, 0, java.util.Collections.singletonList(null), List.of(nulls),
                null));
        String cell = CellText.of(list, 0);
        assertTrue(cell.startsWith("[null, null, "), cell);
        assertTrue(cell.length() > TextTable.MAX_CELL && cell.length() < 2 * TextTable.MAX_CELL, cell);
        assertEquals(1001, CellText.of(list, 0, 1000).length());
        String text = "é".repeat(5000);
        assertEquals(101, CellText.of(array(ArrowType.UTF8, text), 0, 100).length());
        assertEquals(text, CellText.of(array(ArrowType.UTF8, text), 0, 5000));
    }
}
