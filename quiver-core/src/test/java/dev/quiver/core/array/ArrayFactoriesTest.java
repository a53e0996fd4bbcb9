// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ArrayTestSupport.build;
import static dev.quiver.core.array.ArrayTestSupport.bytes;
import static dev.quiver.core.array.ArrayTestSupport.int32s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The construction rule of every array class: {@code of(data)} checks the structure and, on a typed
 * class, that the type is one the class holds; {@code ofUnchecked(data)} checks nothing.
 */
class ArrayFactoriesTest {
    /** The checked factory of every concrete array class. */
    private static final Map<Class<? extends Array>, Function<ArrayData, ? extends Array>> CHECKED = Map.ofEntries(
            Map.entry(NullArray.class, NullArray::of),
            Map.entry(BooleanArray.class, BooleanArray::of),
            Map.entry(Int8Array.class, Int8Array::of),
            Map.entry(UInt8Array.class, UInt8Array::of),
            Map.entry(Int16Array.class, Int16Array::of),
            Map.entry(UInt16Array.class, UInt16Array::of),
            Map.entry(Int32Array.class, Int32Array::of),
            Map.entry(UInt32Array.class, UInt32Array::of),
            Map.entry(Int64Array.class, Int64Array::of),
            Map.entry(UInt64Array.class, UInt64Array::of),
            Map.entry(Float16Array.class, Float16Array::of),
            Map.entry(Float32Array.class, Float32Array::of),
            Map.entry(Float64Array.class, Float64Array::of),
            Map.entry(DecimalArray.class, DecimalArray::of),
            Map.entry(FixedSizeBinaryArray.class, FixedSizeBinaryArray::of),
            Map.entry(VarBinaryArray.class, VarBinaryArray::of),
            Map.entry(BinaryViewArray.class, BinaryViewArray::of),
            Map.entry(DateArray.class, DateArray::of),
            Map.entry(TimeArray.class, TimeArray::of),
            Map.entry(TimestampArray.class, TimestampArray::of),
            Map.entry(DurationArray.class, DurationArray::of),
            Map.entry(IntervalYearMonthArray.class, IntervalYearMonthArray::of),
            Map.entry(IntervalDayTimeArray.class, IntervalDayTimeArray::of),
            Map.entry(IntervalMonthDayNanoArray.class, IntervalMonthDayNanoArray::of),
            Map.entry(ListArray.class, ListArray::of),
            Map.entry(ListViewArray.class, ListViewArray::of),
            Map.entry(FixedSizeListArray.class, FixedSizeListArray::of),
            Map.entry(MapArray.class, MapArray::of),
            Map.entry(StructArray.class, StructArray::of),
            Map.entry(UnionArray.class, UnionArray::of),
            Map.entry(RunEndEncodedArray.class, RunEndEncodedArray::of),
            Map.entry(DictionaryArray.class, DictionaryArray::of),
            Map.entry(ExtensionArray.class, ExtensionArray::of));

    /** The unchecked factory of every concrete array class. */
    private static final Map<Class<? extends Array>, Function<ArrayData, ? extends Array>> UNCHECKED = Map.ofEntries(
            Map.entry(NullArray.class, NullArray::ofUnchecked),
            Map.entry(BooleanArray.class, BooleanArray::ofUnchecked),
            Map.entry(Int8Array.class, Int8Array::ofUnchecked),
            Map.entry(UInt8Array.class, UInt8Array::ofUnchecked),
            Map.entry(Int16Array.class, Int16Array::ofUnchecked),
            Map.entry(UInt16Array.class, UInt16Array::ofUnchecked),
            Map.entry(Int32Array.class, Int32Array::ofUnchecked),
            Map.entry(UInt32Array.class, UInt32Array::ofUnchecked),
            Map.entry(Int64Array.class, Int64Array::ofUnchecked),
            Map.entry(UInt64Array.class, UInt64Array::ofUnchecked),
            Map.entry(Float16Array.class, Float16Array::ofUnchecked),
            Map.entry(Float32Array.class, Float32Array::ofUnchecked),
            Map.entry(Float64Array.class, Float64Array::ofUnchecked),
            Map.entry(DecimalArray.class, DecimalArray::ofUnchecked),
            Map.entry(FixedSizeBinaryArray.class, FixedSizeBinaryArray::ofUnchecked),
            Map.entry(VarBinaryArray.class, VarBinaryArray::ofUnchecked),
            Map.entry(BinaryViewArray.class, BinaryViewArray::ofUnchecked),
            Map.entry(DateArray.class, DateArray::ofUnchecked),
            Map.entry(TimeArray.class, TimeArray::ofUnchecked),
            Map.entry(TimestampArray.class, TimestampArray::ofUnchecked),
            Map.entry(DurationArray.class, DurationArray::ofUnchecked),
            Map.entry(IntervalYearMonthArray.class, IntervalYearMonthArray::ofUnchecked),
            Map.entry(IntervalDayTimeArray.class, IntervalDayTimeArray::ofUnchecked),
            Map.entry(IntervalMonthDayNanoArray.class, IntervalMonthDayNanoArray::ofUnchecked),
            Map.entry(ListArray.class, ListArray::ofUnchecked),
            Map.entry(ListViewArray.class, ListViewArray::ofUnchecked),
            Map.entry(FixedSizeListArray.class, FixedSizeListArray::ofUnchecked),
            Map.entry(MapArray.class, MapArray::ofUnchecked),
            Map.entry(StructArray.class, StructArray::ofUnchecked),
            Map.entry(UnionArray.class, UnionArray::ofUnchecked),
            Map.entry(RunEndEncodedArray.class, RunEndEncodedArray::ofUnchecked),
            Map.entry(DictionaryArray.class, DictionaryArray::ofUnchecked),
            Map.entry(ExtensionArray.class, ExtensionArray::ofUnchecked));

    @Provide
    Arbitrary<ArrowType> anyType() {
        return RandomTypes.types(2).withoutEdgeCases();
    }

    /** Every concrete array class is in the tables above (a new class must get both factories). */
    @Test
    void theTablesCoverEveryArrayClass() {
        long concrete = RandomTypes.types(3).withoutEdgeCases().sampleStream().limit(3000)
                .map(t -> Array.of(ArrayBuilder.of(t).build().data()).getClass()).distinct()
                .peek(c -> assertTrue(CHECKED.containsKey(c) && UNCHECKED.containsKey(c), c.getSimpleName()))
                .count();
        assertEquals(CHECKED.size(), concrete);
        assertEquals(CHECKED.keySet(), UNCHECKED.keySet());
    }

    /**
     * For data of any type, the class that {@link Array#of} picks accepts it in its own {@code of} (and
     * reads the same), and every other class refuses it, naming itself, the type and the right class.
     */
    @Property(tries = 200)
    void typedFactoriesAcceptTheirTypeAndRefuseEveryOther(@ForAll("anyType") ArrowType type) {
        ArrayData data = ArrayBuilder.of(type).build().data();
        Array generic = Array.of(data);
        for (var entry : CHECKED.entrySet()) {
            Class<? extends Array> kind = entry.getKey();
            if (kind == generic.getClass()) {
                Array typed = entry.getValue().apply(data);
                assertInstanceOf(kind, typed);
                assertSame(data, typed.data());
                assertEquals(generic, typed);
            } else {
                ValidationException e = assertThrows(ValidationException.class, () -> entry.getValue().apply(data),
                        kind.getSimpleName() + " took " + type);
                assertEquals(Rules.ARRAY_TYPE, e.rule());
                assertEquals(-1, e.index());
                assertTrue(e.getMessage().contains(kind.getSimpleName()), e.getMessage());
                assertTrue(e.getMessage().contains(type.toString()), e.getMessage());
                assertTrue(e.getMessage().contains(generic.getClass().getSimpleName()), e.getMessage());
            }
        }
    }

    @Test
    void theTypedFactoryReadsTheValues() {
        ArrayData data = build(ArrowType.INT64, List.of(1L, 2L)).data();
        Int64Array array = Int64Array.of(data);
        assertEquals(2L, array.get(1));
        assertEquals(Int64Array.ofUnchecked(data), array);
    }

    @Test
    void temporalTypesBelongToTheirOwnClassesNotToTheIntegerOnes() {
        ArrayData timestamps = ArrayBuilder.of(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")).build().data();
        assertInstanceOf(TimestampArray.class, TimestampArray.of(timestamps));
        assertThrows(ValidationException.class, () -> Int64Array.of(timestamps));
        ArrayData dates = ArrayBuilder.of(new ArrowType.Date(DateUnit.DAY)).build().data();
        assertInstanceOf(DateArray.class, DateArray.of(dates));
        assertThrows(ValidationException.class, () -> Int32Array.of(dates));
    }

    @Test
    void theMessageNamesTheExpectedClassAndTheActualType() {
        ArrayData strings = build(ArrowType.UTF8, List.of("a")).data();
        ValidationException e = assertThrows(ValidationException.class, () -> Int64Array.of(strings));
        assertEquals("array-type: Int64Array does not hold data of type utf8 (an array of that type is a"
                + " VarBinaryArray)", e.getMessage());
    }

    @Test
    void anExtensionTypeBelongsToExtensionArrayWhoseStorageIsTyped() {
        ArrayData uuids = ArrayBuilder.of(RandomTypes.uuid()).build().data();
        assertThrows(ValidationException.class, () -> FixedSizeBinaryArray.of(uuids));
        assertInstanceOf(FixedSizeBinaryArray.class, ExtensionArray.of(uuids).storage());
    }

    /** Buffers too small for offset + length: every checked factory refuses, the unchecked ones do not look. */
    @Test
    void badStructureIsRefusedByTheCheckedFactoriesOnly() {
        ArrayData tooShort = ArrayData.of(ArrowType.INT32, 3, Arrays.asList(null, ArrowBuffer.wrap(int32s(1, 2))),
                List.of());
        for (Function<ArrayData, ? extends Array> factory : List.<Function<ArrayData, ? extends Array>>of(
                Array::of, Int32Array::of)) {
            ValidationException e = assertThrows(ValidationException.class, () -> factory.apply(tooShort));
            assertEquals(Rules.BUFFER_SIZE, e.rule(), e.getMessage());
        }
        assertEquals(3, Array.ofUnchecked(tooShort).length());
        Int32Array unchecked = Int32Array.ofUnchecked(tooShort);
        assertEquals(2, unchecked.get(1));
        assertThrows(IndexOutOfBoundsException.class, () -> unchecked.get(2));
    }

    @Test
    void aMissingBufferIsRefusedNotCrashedOn() {
        ArrayData noValues = ArrayData.of(ArrowType.UTF8, 1, Arrays.asList(null, ArrowBuffer.wrap(int32s(0, 1))),
                List.of());
        ValidationException e = assertThrows(ValidationException.class, () -> VarBinaryArray.of(noValues));
        assertEquals(Rules.BUFFER_COUNT, e.rule(), e.getMessage());
    }

    /** The unchecked typed factory does not even look at the type: the caller vouches for the data. */
    @Test
    void theUncheckedFactoryDoesNotCheckTheType() {
        ArrayData eightBytes = ArrayData.of(ArrowType.FLOAT64, 1,
                Arrays.asList(null, ArrowBuffer.wrap(bytes(1, 0, 0, 0, 0, 0, 0, 0))), List.of());
        Int64Array bits = Int64Array.ofUnchecked(eightBytes);
        assertEquals(1L, bits.get(0));
        assertEquals(ArrowType.FLOAT64, bits.type());
        assertThrows(ValidationException.class, () -> Int64Array.of(eightBytes));
    }

    /** The checked factories built on {@code of} (lists, structs from Java values) refuse bad offsets. */
    @Test
    void theValueFactoriesCheckToo() {
        Array child = build(ArrowType.INT32, List.of(1, 2));
        ValidationException e = assertThrows(ValidationException.class,
                () -> ListArray.of(new int[] {0, 3}, null, child));
        assertEquals(Rules.OFFSETS_IN_BOUNDS, e.rule(), e.getMessage());
    }
}
