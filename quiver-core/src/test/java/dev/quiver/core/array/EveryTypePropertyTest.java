// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.StringJoiner;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * For random types of every kind and random values of them: the generic builder builds an array that
 * validates in full and reads back its input; random slices (and slices of slices) validate, read back
 * their part of the input, and equal an array built from that part alone, with the same hash code.
 */
class EveryTypePropertyTest {

    @Provide
    Arbitrary<ArrowType> anyType() {
        return RandomTypes.types(3).withoutEdgeCases();
    }

    /** The generator reaches every kind of type, and every variant of those with parameters. */
    @Test
    void theGeneratorCoversEveryType() {
        Set<String> seen = new HashSet<>();
        RandomTypes.types(3).withoutEdgeCases().sampleStream().limit(3000).forEach(t -> collect(t, seen));
        for (Class<?> kind : ArrowType.class.getPermittedSubclasses()) {
            assertTrue(seen.contains(kind.getSimpleName()), kind.getSimpleName());
        }
        for (String variant : List.of("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                "float16", "float32", "float64", "decimal32", "decimal64", "decimal128", "decimal256", "date32[day]",
                "date64[ms]", "time32[s]", "time32[ms]", "time64[us]", "time64[ns]", "timestamp[ns]",
                "timestamp[s, tz=UTC]", "interval[year_month]", "interval[day_time]", "interval[month_day_nano]",
                "duration[ms]", "sparse_union", "dense_union", "run_ends: int16", "run_ends: int32",
                "run_ends: int64", "arrow.uuid", "test.opaque", "indices=uint64", "indices=int8")) {
            assertTrue(seen.stream().anyMatch(s -> s.contains(variant)), variant);
        }
    }

    /** The simple class names of a type tree's nodes, and the text of each node. */
    private static void collect(ArrowType type, Set<String> seen) {
        seen.add(type.getClass().getSimpleName());
        seen.add(type.toString());
        switch (type) {
            case ArrowType.Dictionary d -> collect(d.valueType(), seen);
            case ArrowType.Extension e -> collect(e.storageType(), seen);
            default -> type.children().forEach(f -> collect(f.type(), seen));
        }
    }

    @Property(tries = 200)
    void buildReadSliceAndCompareOnManagedMemory(@ForAll("anyType") ArrowType type, @ForAll boolean nullable,
            @ForAll @IntRange(max = 50) int length, @ForAll long seed) {
        check(type, nullable, length, seed, BufferAllocator.managed());
    }

    @Property(tries = 200)
    void buildReadSliceAndCompareOnScopedMemory(@ForAll("anyType") ArrowType type, @ForAll boolean nullable,
            @ForAll @IntRange(max = 50) int length, @ForAll long seed) {
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            check(type, nullable, length, seed, allocator);
        }
    }

    /**
     * Appending what {@code getObject} returns rebuilds an equal array (unions excepted: their plain
     * values do not say which child they came from).
     */
    @Property(tries = 200)
    void getObjectRoundTripsThroughAppendObject(@ForAll("anyType") ArrowType type, @ForAll boolean nullable,
            @ForAll @IntRange(max = 50) int length, @ForAll long seed) {
        Assume.that(!RandomValues.hasUnion(type));
        ArrayBuilder builder = ArrayBuilder.of(type, BufferAllocator.managed());
        Array array = build(builder, new RandomValues(seed).list(type, nullable, length));
        List<Object> read = objects(array);
        Array again = build(builder, read);
        again.validateFull();
        assertEquals(array, again);
        assertTrue(RandomValues.strictEquals(read, objects(again)));
    }

    /**
     * Two arrays that differ in one slot are equal exactly when the values read from that slot are
     * (floats bit for bit); with unions, differing values still make the arrays differ.
     */
    @Property(tries = 200)
    void arraysDifferingInOneSlotAreEqualOnlyWhenTheirValuesAre(@ForAll("anyType") ArrowType type,
            @ForAll boolean nullable, @ForAll @IntRange(min = 1, max = 50) int length, @ForAll long seed) {
        RandomValues values = new RandomValues(seed);
        List<Object> source = values.list(type, nullable, length);
        List<Object> changed = new ArrayList<>(source);
        int slot = values.random().nextInt(length);
        changed.set(slot, values.value(type, nullable));
        ArrayBuilder builder = ArrayBuilder.of(type, BufferAllocator.managed());
        Array a = build(builder, source);
        Array b = build(builder, changed);
        boolean sameValues = RandomValues.strictEquals(objects(a), objects(b));
        if (sameValues && RandomValues.hasUnion(type)) {
            return;
        }
        assertEquals(sameValues, a.equals(b), () -> "slot " + slot + ": " + a + " vs " + b);
        assertEquals(sameValues, b.equals(a));
        assertEquals(sameValues, a.rangeEquals(slot, b, slot, 1));
    }

    private static List<Object> objects(Array array) {
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < array.length(); i++) {
            out.add(array.getObject(i));
        }
        return out;
    }

    private static void check(ArrowType type, boolean nullable, int length, long seed, BufferAllocator allocator) {
        RandomValues values = new RandomValues(seed);
        List<Object> source = values.list(type, nullable, length);
        ArrayBuilder builder = ArrayBuilder.of(type, allocator);
        Array array = build(builder, source);
        assertEquals(type, array.type());
        array.validateFull();
        assertReads(type, source, array);
        assertPhysicalNullCount(type, source, array);
        assertEquals(array, build(builder, source), "a rebuilt array equals the first one");

        Random random = values.random();
        int start = random.nextInt(length + 1);
        int len = random.nextInt(length - start + 1);
        Array slice = array.slice(start, len);
        checkSlice(type, builder, source.subList(start, start + len), slice);
        int start2 = random.nextInt(len + 1);
        int len2 = random.nextInt(len - start2 + 1);
        checkSlice(type, builder, source.subList(start + start2, start + start2 + len2), slice.slice(start2, len2));
    }

    private static Array build(ArrayBuilder builder, List<Object> source) {
        for (Object value : source) {
            builder.appendObject(value);
        }
        assertEquals(source.size(), builder.length());
        Array array = builder.build();
        assertEquals(0, builder.length(), "the builder starts over");
        return array;
    }

    private static void checkSlice(ArrowType type, ArrayBuilder builder, List<Object> part, Array slice) {
        slice.validateFull();
        assertReads(type, part, slice);
        assertPhysicalNullCount(type, part, slice);
        Array fresh = build(builder, part);
        assertEquals(fresh, slice);
        assertEquals(slice, fresh);
        assertEquals(fresh.hashCode(), slice.hashCode());
    }

    private static void assertReads(ArrowType type, List<Object> source, Array array) {
        assertEquals(source.size(), array.length());
        for (int i = 0; i < source.size(); i++) {
            Object expected = RandomValues.expected(type, source.get(i));
            Object actual = array.getObject(i);
            int slot = i;
            assertEquals(RandomValues.isNullSlot(type, source.get(i)), array.isNull(i), () -> "isNull(" + slot + ")");
            assertTrue(RandomValues.deepEquals(expected, actual), () -> "slot " + slot + " of " + type + ": expected "
                    + RandomValues.describe(expected) + " but read " + RandomValues.describe(actual));
        }
        StringJoiner expectedText = new StringJoiner(", ", "[", "]");
        for (int i = 0; i < source.size(); i++) {
            expectedText.add(Values.format(array.getObject(i)));
        }
        assertEquals(expectedText.toString(), assertDoesNotThrow(array::toString));
    }

    /** Where the type has a validity bitmap of its own, the null count is that of the null slots. */
    private static void assertPhysicalNullCount(ArrowType type, List<Object> source, Array array) {
        ArrowType storage = Types.storage(type);
        if (storage instanceof ArrowType.Union || storage instanceof ArrowType.RunEndEncoded) {
            assertEquals(0, array.nullCount());
            return;
        }
        long nulls = source.stream().filter(v -> RandomValues.isNullSlot(type, v)).count();
        assertEquals(nulls, array.nullCount());
    }
}
