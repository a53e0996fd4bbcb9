// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Random arrays of a layout, built by the builders, with one buffer corrupted in a targeted way (on a
 * copy of its bytes: the built array is never modified) fail full validation with the rule of that
 * layout, at the corrupted slot, also when viewed through a slice holding that slot; a slice before
 * the corrupted slots still validates. A wrong recorded null count fails too.
 */
class CorruptionPropertyTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();

    @Provide
    Arbitrary<ArrowType> offsetTypes() {
        return Arbitraries.of(ArrowType.BINARY, ArrowType.UTF8, ArrowType.LARGE_BINARY, ArrowType.LARGE_UTF8,
                ArrowType.List.of(ArrowType.INT32), new ArrowType.LargeList(Field.nullable("item", ArrowType.UTF8)),
                ArrowType.Map.of(ArrowType.UTF8, ArrowType.INT16, false));
    }

    @Provide
    Arbitrary<ArrowType> viewTypes() {
        return Arbitraries.of(ArrowType.BINARY_VIEW, ArrowType.UTF8_VIEW);
    }

    @Provide
    Arbitrary<ArrowType> utf8Types() {
        return Arbitraries.of(ArrowType.UTF8, ArrowType.LARGE_UTF8, ArrowType.UTF8_VIEW);
    }

    @Provide
    Arbitrary<ArrowType> unionTypes() {
        return RandomTypes.unions(RandomTypes.leaves()).withoutEdgeCases();
    }

    @Provide
    Arbitrary<ArrowType> runEndEncodedTypes() {
        return RandomTypes.runEndEncoded(RandomTypes.primitives()).withoutEdgeCases();
    }

    @Provide
    Arbitrary<ArrowType> dictionaryTypes() {
        return RandomTypes.dictionaries().withoutEdgeCases();
    }

    @Property(tries = 200)
    void decreasingOffsetsBreakOffsetsMonotonic(@ForAll("offsetTypes") ArrowType type, @ForAll boolean nullable,
            @ForAll @IntRange(min = 2, max = 50) int n, @ForAll long seed) {
        RandomValues values = new RandomValues(seed);
        Random random = values.random();
        Array array = build(type, values.list(type, nullable, n));
        boolean wide = type.layout().buffers().get(1).bitWidth() == 64;
        int k = 1 + random.nextInt(n - 1);
        ArrowBuffer offsets = copy(array.data().buffer(1));
        long previous = readOffset(offsets, wide, k - 1);
        writeOffset(offsets, wide, k, previous - 1 - random.nextInt(5));
        ArrayData corrupt = withBuffer(array.data(), 1, offsets);
        expectFailure(corrupt, k - 1, k, Rules.OFFSETS_MONOTONIC, random);
    }

    @Property(tries = 200)
    void outOfRangeViewsBreakViewInBounds(@ForAll("viewTypes") ArrowType type, @ForAll boolean nullable,
            @ForAll @IntRange(min = 1, max = 50) int n, @ForAll long seed) {
        RandomValues values = new RandomValues(seed);
        Random random = values.random();
        List<Object> source = values.list(type, nullable, n);
        int j = random.nextInt(n);
        byte[] longValue = new byte[13 + random.nextInt(40)];
        random.nextBytes(longValue);
        source.set(j, type instanceof ArrowType.Utf8View ? "x".repeat(longValue.length) : longValue);
        BinaryViewArray array = (BinaryViewArray) build(type, source);
        ArrowBuffer views = copy(array.data().buffer(1));
        long v = j * 16L;
        int length = views.getInt(v);
        switch (random.nextInt(4)) {
            case 0 -> views.setInt(v + 8, array.dataBufferCount() + random.nextInt(3));
            case 1 -> views.setInt(v + 8, -1 - random.nextInt(1000));
            case 2 -> {
                long size = array.data().buffer(2 + views.getInt(v + 8)).byteSize();
                views.setInt(v + 12, (int) (size - length + 1 + random.nextInt(10)));
            }
            default -> views.setInt(v + 12, -1 - random.nextInt(1000));
        }
        expectFailure(withBuffer(array.data(), 1, views), j, j, Rules.VIEW_IN_BOUNDS, random);
    }

    @Property(tries = 200)
    void aBadByteBreaksUtf8(@ForAll("utf8Types") ArrowType type, @ForAll boolean nullable,
            @ForAll @IntRange(min = 1, max = 50) int n, @ForAll long seed) {
        RandomValues values = new RandomValues(seed);
        Random random = values.random();
        List<Object> source = values.list(type, nullable, n);
        int j = random.nextInt(n);
        String value = "ab\u00e9\u4e2d\ud83d\ude00".repeat(1 + random.nextInt(4)).substring(random.nextInt(2));
        source.set(j, value);
        int p = random.nextInt(value.getBytes(StandardCharsets.UTF_8).length);
        byte bad = (byte) (0xF8 + random.nextInt(8));
        Array array = build(type, source);
        ArrayData corrupt;
        if (array instanceof VarBinaryArray a) {
            ArrowBuffer bytes = copy(array.data().buffer(2));
            bytes.setByte(a.valueOffset(j) + p, bad);
            corrupt = withBuffer(array.data(), 2, bytes);
        } else {
            ArrowBuffer views = copy(array.data().buffer(1));
            long v = j * 16L;
            if (p < 4 || views.getInt(v) <= BinaryViewArray.MAX_INLINE) {
                views.setByte(v + 4 + p, bad);
            }
            corrupt = withBuffer(array.data(), 1, views);
            if (views.getInt(v) > BinaryViewArray.MAX_INLINE) {
                int index = 2 + views.getInt(v + 8);
                ArrowBuffer data = copy(array.data().buffer(index));
                data.setByte(views.getInt(v + 12) + p, bad);
                corrupt = withBuffer(corrupt, index, data);
            }
        }
        expectFailure(corrupt, j, j, Rules.UTF8, random);
    }

    @Property(tries = 200)
    void anUndeclaredTypeIdBreaksUnionTypeId(@ForAll("unionTypes") ArrowType type, @ForAll boolean nullable,
            @ForAll @IntRange(min = 1, max = 50) int n, @ForAll long seed) {
        RandomValues values = new RandomValues(seed);
        Random random = values.random();
        Array array = build(type, values.list(type, nullable, n));
        List<Integer> declared = ((ArrowType.Union) type).typeIds();
        int id;
        do {
            id = -128 + random.nextInt(256);
        } while (declared.contains(id));
        int j = random.nextInt(n);
        ArrowBuffer typeIds = copy(array.data().buffer(0));
        typeIds.setByte(j, (byte) id);
        expectFailure(withBuffer(array.data(), 0, typeIds), j, j, Rules.UNION_TYPE_ID, random);
    }

    @Property(tries = 200)
    void runEndsNotIncreasingBreakRunEnds(@ForAll("runEndEncodedTypes") ArrowType type,
            @ForAll @IntRange(min = 2, max = 50) int n, @ForAll long seed) {
        RandomValues values = new RandomValues(seed);
        Random random = values.random();
        ArrowType valueType = ((ArrowType.RunEndEncoded) type).values().type();
        List<Object> source = new ArrayList<>();
        Object first = values.value(valueType, true);
        Object second;
        do {
            second = values.value(valueType, true);
        } while (RandomValues.deepEquals(first, second));
        source.add(first);
        source.add(second);
        source.addAll(values.list(valueType, true, n - 2));
        RunEndEncodedArray array = (RunEndEncodedArray) build(type, source);
        long runs = array.runCount();
        long k = random.nextInt((int) runs - 1);
        ArrayData ends = array.data().child(0);
        int width = ((ArrowType.Int) ends.type()).bitWidth() / 8;
        long bad = k == 0 ? -random.nextInt(3) : array.runEnd(k - 1) - random.nextInt(3);
        ArrowBuffer buffer = copy(ends.buffer(1));
        switch (width) {
            case 2 -> buffer.setShort(k * 2, (short) bad);
            case 4 -> buffer.setInt(k * 4, (int) bad);
            default -> buffer.setLong(k * 8, bad);
        }
        ArrayData corrupt = array.data().withChildren(List.of(withBuffer(ends, 1, buffer), array.data().child(1)));
        ValidationException e = assertThrows(ValidationException.class,
                () -> Array.ofUnchecked(corrupt).validateFull());
        assertEquals(Rules.RUN_ENDS, e.rule());
        assertEquals(k, e.index());
        int start = random.nextInt(n);
        ArrayData slice = corrupt.slice(start, random.nextInt(n - start + 1));
        e = assertThrows(ValidationException.class, () -> Array.ofUnchecked(slice).validateFull());
        assertEquals(Rules.RUN_ENDS, e.rule());
    }

    @Property(tries = 200)
    void anIndexOutsideTheDictionaryBreaksDictionaryIndex(@ForAll("dictionaryTypes") ArrowType type,
            @ForAll boolean nullable, @ForAll @IntRange(min = 1, max = 50) int n, @ForAll long seed) {
        RandomValues values = new RandomValues(seed);
        Random random = values.random();
        ArrowType.Dictionary dict = (ArrowType.Dictionary) type;
        List<Object> source = values.list(type, nullable, n);
        int j = random.nextInt(n);
        source.set(j, values.nonNull(dict.valueType()));
        DictionaryArray array = (DictionaryArray) build(type, source);
        ArrowType.Int index = dict.indexType();
        long size = array.dictionary().length();
        boolean negative = index.signed() && random.nextBoolean();
        long max = index.bitWidth() == 64 ? Long.MAX_VALUE : index.signed() ? (1L << (index.bitWidth() - 1)) - 1
                : (1L << index.bitWidth()) - 1;
        long bad = negative ? -1 - random.nextInt(100) : size + (long) (random.nextDouble() * (max - size));
        ArrowBuffer indices = copy(array.data().buffer(1));
        long at = (long) j * (index.bitWidth() / 8);
        switch (index.bitWidth()) {
            case 8 -> indices.setByte(at, (byte) bad);
            case 16 -> indices.setShort(at, (short) bad);
            case 32 -> indices.setInt(at, (int) bad);
            default -> indices.setLong(at, bad);
        }
        expectFailure(withBuffer(array.data(), 1, indices), j, j, Rules.DICTIONARY_INDEX, random);
    }

    @Provide
    Arbitrary<ArrowType> anyType() {
        return RandomTypes.types(2).withoutEdgeCases();
    }

    @Property(tries = 200)
    void aWrongRecordedNullCountBreaksNullCount(@ForAll("anyType") ArrowType type, @ForAll boolean nullable,
            @ForAll @IntRange(min = 1, max = 50) int n, @ForAll long seed) {
        RandomValues values = new RandomValues(seed);
        Random random = values.random();
        ArrayData data = build(type, values.list(type, nullable, n)).data();
        long actual = data.nullCount();
        long wrong = (actual + 1 + random.nextInt(n)) % (n + 1);
        ArrayData corrupt = new ArrayData(type, data.length(), data.offset(), wrong, data.buffers(), data.children(),
                data.dictionary());
        ValidationException e = assertThrows(ValidationException.class,
                () -> Array.ofUnchecked(corrupt).validateFull());
        assertEquals(Rules.NULL_COUNT, e.rule(), e.getMessage());
    }

    /**
     * Random damage anywhere in the tree (bytes of any buffer, truncated buffers, lengths and offsets
     * of any node) is either reported by full validation as a {@link ValidationException}, or leaves
     * data whose every slot reads, prints and compares without an exception.
     */
    @Property(tries = 300)
    void anyDamageIsReportedOrHarmless(@ForAll("anyType") ArrowType type, @ForAll boolean nullable,
            @ForAll @IntRange(min = 1, max = 30) int n, @ForAll long seed) {
        RandomValues values = new RandomValues(seed);
        Random random = values.random();
        Array array = build(type, values.list(type, nullable, n));
        ArrayData damaged = damage(array.data(), random);
        int start = random.nextInt((int) damaged.length() + 1);
        ArrayData slice = damaged.slice(start, random.nextInt((int) damaged.length() - start + 1));
        Array read;
        try {
            read = Array.of(slice);
            read.validateFull();
        } catch (ValidationException e) {
            return;
        }
        for (long i = 0; i < read.length(); i++) {
            read.isNull(i);
            read.getObject(i);
        }
        assertDoesNotThrow(read::toString);
        assertDoesNotThrow(() -> read.equals(array));
        assertDoesNotThrow(() -> array.equals(read));
        assertEquals(read, read);
    }

    /** A copy of the tree with random damage: flipped bytes, truncated buffers, moved lengths and offsets. */
    private static ArrayData damage(ArrayData data, Random random) {
        List<ArrowBuffer> buffers = new ArrayList<>(data.buffers());
        for (int i = 0; i < buffers.size(); i++) {
            ArrowBuffer buffer = buffers.get(i);
            if (buffer == null || buffer.byteSize() == 0 || random.nextInt(3) != 0) {
                continue;
            }
            byte[] bytes = buffer.toByteArray();
            for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                int at = random.nextInt(bytes.length);
                int flipped = bytes[at] ^ 1 << random.nextInt(8);
                bytes[at] = (byte) (random.nextBoolean() ? random.nextInt() : flipped);
            }
            int size = random.nextInt(5) == 0 ? random.nextInt(bytes.length) : bytes.length;
            buffers.set(i, ArrowBuffer.wrap(bytes).slice(0, size));
        }
        List<ArrayData> children = new ArrayList<>();
        for (ArrayData child : data.children()) {
            children.add(damage(child, random));
        }
        ArrayData dictionary = data.dictionary() == null ? null : damage(data.dictionary(), random);
        long length = random.nextInt(5) == 0 ? Math.max(0, data.length() + random.nextInt(9) - 4) : data.length();
        long offset = random.nextInt(5) == 0 ? Math.max(0, data.offset() + random.nextInt(9) - 4) : data.offset();
        return new ArrayData(data.type(), length, offset, ArrayData.UNKNOWN_NULL_COUNT, buffers, children,
                dictionary);
    }

    /**
     * Full validation of the corrupt data, and of a random slice holding slots {@code lo..hi}, fails
     * with {@code rule} at {@code lo}; a slice of the slots before {@code lo} validates.
     */
    private static void expectFailure(ArrayData corrupt, int lo, int hi, String rule, Random random) {
        ValidationException e = assertThrows(ValidationException.class,
                () -> Array.ofUnchecked(corrupt).validateFull());
        assertEquals(rule, e.rule(), e.getMessage());
        assertEquals(lo, e.index(), e.getMessage());
        int start = random.nextInt(lo + 1);
        int end = hi + 1 + random.nextInt((int) corrupt.length() - hi);
        ArrayData slice = corrupt.slice(start, end - start);
        e = assertThrows(ValidationException.class, () -> Array.ofUnchecked(slice).validateFull());
        assertEquals(rule, e.rule(), e.getMessage());
        assertEquals(lo - start, e.index(), e.getMessage());
        assertDoesNotThrow(() -> Array.ofUnchecked(corrupt.slice(0, lo)).validateFull());
    }

    private static Array build(ArrowType type, List<Object> source) {
        ArrayBuilder builder = ArrayBuilder.of(type, ALLOC);
        for (Object value : source) {
            builder.appendObject(value);
        }
        Array array = builder.build();
        array.validateFull();
        return array;
    }

    /** A copy of a buffer's bytes on memory of its own, free to modify. */
    private static ArrowBuffer copy(ArrowBuffer buffer) {
        return ArrowBuffer.wrap(buffer.toByteArray());
    }

    /** The same data with buffer {@code index} replaced. */
    private static ArrayData withBuffer(ArrayData data, int index, ArrowBuffer buffer) {
        List<ArrowBuffer> buffers = new ArrayList<>(data.buffers());
        buffers.set(index, buffer);
        return new ArrayData(data.type(), data.length(), data.offset(), data.nullCount(), buffers, data.children(),
                data.dictionary());
    }

    private static long readOffset(ArrowBuffer offsets, boolean wide, long k) {
        return wide ? offsets.getLong(k * 8) : offsets.getInt(k * 4);
    }

    private static void writeOffset(ArrowBuffer offsets, boolean wide, long k, long value) {
        if (wide) {
            offsets.setLong(k * 8, value);
        } else {
            offsets.setInt(k * 4, (int) value);
        }
    }
}
