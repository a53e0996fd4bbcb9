// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.array.RunEndEncodedArray;
import dev.quiver.core.array.UnionArray;
import dev.quiver.core.array.UnionValue;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.UnionMode;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Period;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Dictionary and run-end encoded builders merge values exactly when the stored values are equal. */
class ValueKeyTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();

    private static final float NAN_A = Float.intBitsToFloat(0x7FC00001);
    private static final float NAN_B = Float.intBitsToFloat(0x7FC00002);

    @Test
    void dictionaryKeepsNanPayloadsAndSignedZerosApart() {
        DictionaryBuilder b = new DictionaryBuilder(
                new ArrowType.Dictionary(ArrowType.INT8, ArrowType.FLOAT32, false), ALLOC);
        for (float f : new float[] {NAN_A, NAN_B, NAN_A, 0f, -0f}) {
            b.appendObject(f);
        }
        DictionaryArray a = b.build();
        assertEquals(4, a.dictionary().length());
        assertEquals(List.of(0L, 1L, 0L, 2L, 3L),
                List.of(a.getIndex(0), a.getIndex(1), a.getIndex(2), a.getIndex(3), a.getIndex(4)));
        assertEquals(0x7FC00002, Float.floatToRawIntBits((Float) a.getObject(1)));
    }

    @Test
    void dictionaryMergesNumbersThatStoreTheSameValue() {
        DictionaryBuilder ints = new DictionaryBuilder(
                new ArrowType.Dictionary(ArrowType.INT8, ArrowType.INT64, false), ALLOC);
        ints.appendObject(5).appendObject(5L).appendObject((short) 5);
        assertEquals(1, ints.build().dictionary().length());
        DictionaryBuilder decimals = new DictionaryBuilder(
                new ArrowType.Dictionary(ArrowType.INT8, new ArrowType.Decimal(5, 2), false), ALLOC);
        decimals.appendObject(new BigDecimal("1.5")).appendObject(new BigDecimal("1.50"));
        assertEquals(1, decimals.build().dictionary().length());
    }

    @Test
    void runEndEncodingKeepsUnionChildrenOfPlainValuesApart() {
        ArrowType.Union union = new ArrowType.Union(UnionMode.DENSE,
                List.of(Field.nullable("i", ArrowType.INT32), Field.nullable("l", ArrowType.INT64)));
        RunEndEncodedBuilder b = new RunEndEncodedBuilder(ArrowType.RunEndEncoded.of(ArrowType.INT32, union), ALLOC);
        b.appendObject(5).appendObject(5L).appendObject(new UnionValue(1, 5L));
        RunEndEncodedArray a = b.build();
        a.validateFull();
        assertEquals(2, a.runCount());
        assertEquals(5, a.getObject(0));
        assertEquals(5L, a.getObject(1));
        UnionArray values = (UnionArray) a.values();
        assertEquals(new UnionValue(1, 5L), values.getUnionValue(1));
    }

    @Test
    void runEndEncodingKeepsNanPayloadsInsideUnionValuesApart() {
        ArrowType.Union union = new ArrowType.Union(UnionMode.SPARSE,
                List.of(Field.nullable("f", ArrowType.FLOAT32)));
        RunEndEncodedBuilder b = new RunEndEncodedBuilder(ArrowType.RunEndEncoded.of(ArrowType.INT16, union), ALLOC);
        b.appendObject(new UnionValue(0, NAN_A)).appendObject(new UnionValue(0, NAN_B));
        RunEndEncodedArray a = b.build();
        assertEquals(2, a.runCount());
        assertNotEquals(Float.floatToRawIntBits((Float) a.getObject(0)),
                Float.floatToRawIntBits((Float) a.getObject(1)));
    }

    @Test
    void runEndEncodingMergesEqualByteArraysInsideLists() {
        ArrowType list = ArrowType.List.of(ArrowType.BINARY);
        RunEndEncodedBuilder b = new RunEndEncodedBuilder(ArrowType.RunEndEncoded.of(ArrowType.INT64, list), ALLOC);
        b.appendObject(List.of(new byte[] {1, 2})).appendObject(List.of(new byte[] {1, 2}));
        assertEquals(1, b.build().runCount());
    }

    private static DictionaryArray dictionaryOf(ArrowType valueType, Object... values) {
        DictionaryBuilder b = new DictionaryBuilder(new ArrowType.Dictionary(ArrowType.INT8, valueType, false), ALLOC);
        for (Object v : values) {
            b.appendObject(v);
        }
        return b.build();
    }

    @Test
    void dictionaryKeysJavaTimeValuesAndTheirRawCountsAsOneValue() {
        Instant moment = Instant.parse("1969-12-31T23:59:59.5Z");
        assertEquals(1, dictionaryOf(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"), moment, -500L,
                moment.atZone(java.time.ZoneId.of("Europe/Paris"))).dictionary().length());
        assertEquals(1, dictionaryOf(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null),
                LocalDateTime.of(1970, 1, 1, 0, 0, 1), 1_000_000L).dictionary().length());
        assertEquals(1, dictionaryOf(new ArrowType.Date(DateUnit.DAY), LocalDate.of(1970, 1, 3), 2).dictionary()
                .length());
        assertEquals(1, dictionaryOf(new ArrowType.Date(DateUnit.MILLISECOND), LocalDate.of(1969, 12, 31),
                -86_400_000L).dictionary().length());
        assertEquals(1, dictionaryOf(new ArrowType.Time(TimeUnit.MICROSECOND, 64), LocalTime.of(0, 0, 2), 2_000_000L)
                .dictionary().length());
        assertEquals(1, dictionaryOf(new ArrowType.Duration(TimeUnit.NANOSECOND), Duration.ofMillis(-3),
                -3_000_000L).dictionary().length());
        assertEquals(1, dictionaryOf(new ArrowType.Interval(dev.quiver.core.type.IntervalUnit.YEAR_MONTH), Period.ofYears(1), 12).dictionary().length());
        assertEquals(2, dictionaryOf(new ArrowType.Timestamp(TimeUnit.SECOND, "UTC"), Instant.ofEpochSecond(5), 6L)
                .dictionary().length(), "different moments stay apart");
    }

    @Test
    void runEndEncodingMergesAnInstantWithItsRawCount() {
        ArrowType.Timestamp ts = new ArrowType.Timestamp(TimeUnit.SECOND, "UTC");
        RunEndEncodedArray a = new RunEndEncodedBuilder(ArrowType.RunEndEncoded.of(ArrowType.INT32, ts), ALLOC)
                .appendObject(Instant.ofEpochSecond(7)).appendObject(7L).appendObject(8L).build();
        assertEquals(2, a.runEnds().length());
    }
}
