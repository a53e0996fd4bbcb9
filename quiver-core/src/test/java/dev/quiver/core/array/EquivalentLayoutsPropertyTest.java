// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.ListViewBuilder;
import dev.quiver.core.builder.StructBuilder;
import dev.quiver.core.internal.validation.ValidityFlags;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The same values laid out differently (list views in another order, another dictionary, runs not
 * merged, children and map entries read through slices) validate, read the same and compare equal to what the builders
 * make, whole and sliced.
 */
class EquivalentLayoutsPropertyTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();

    @Provide
    Arbitrary<ArrowType> anyType() {
        return RandomTypes.types(2).withoutEdgeCases();
    }

    @Provide
    Arbitrary<ArrowType> dictionaryTypes() {
        return RandomTypes.dictionaries().withoutEdgeCases();
    }

    private static Array build(ArrowType type, List<Object> source) {
        ArrayBuilder builder = ArrayBuilder.of(type, ALLOC);
        for (Object value : source) {
            builder.appendObject(value);
        }
        return builder.build();
    }

    /** Validates {@code other}, checks it equals {@code built} both ways, and so does a random slice of each. */
    private static void assertEquivalent(Array built, Array other, Random random) {
        other.validateFull();
        assertEquals(built, other);
        assertEquals(other, built);
        assertEquals(built.toString(), other.toString());
        int n = (int) built.length();
        int start = random.nextInt(n + 1);
        int length = random.nextInt(n - start + 1);
        Array slice = other.slice(start, length);
        slice.validateFull();
        assertEquals(built.slice(start, length), slice);
        assertEquals(slice, built.slice(start, length));
    }

    @Property(tries = 200)
    void listViewsInReverseOrderEqualListsAppendedInOrder(@ForAll("anyType") ArrowType valueType,
            @ForAll boolean nullable, @ForAll @IntRange(max = 30) int n, @ForAll long seed) {
        RandomValues values = new RandomValues(seed);
        ArrowType type = new ArrowType.ListView(Field.nullable("item", valueType));
        List<Object> source = values.list(type, nullable, n);
        ListViewBuilder builder = new ListViewBuilder(type, ALLOC);
        long[] offsets = new long[n];
        long[] sizes = new long[n];
        for (int i = n - 1; i >= 0; i--) {
            offsets[i] = builder.values().length();
            List<?> list = (List<?>) source.get(i);
            for (Object element : list == null ? values.list(valueType, true, 2) : list) {
                builder.values().appendObject(element);
            }
            sizes[i] = builder.values().length() - offsets[i];
        }
        for (int i = 0; i < n; i++) {
            if (source.get(i) == null) {
                builder.appendNullView(offsets[i], sizes[i]);
            } else {
                builder.appendView(offsets[i], sizes[i]);
            }
        }
        assertEquivalent(build(type, source), builder.build(), values.random());
    }

    @Property(tries = 200)
    void anotherDictionaryOfTheSameValuesIsEqual(@ForAll("dictionaryTypes") ArrowType type,
            @ForAll boolean nullable, @ForAll @IntRange(max = 30) int n, @ForAll long seed) {
        RandomValues values = new RandomValues(seed);
        ArrowType.Dictionary dictionaryType = (ArrowType.Dictionary) type;
        DictionaryArray built = (DictionaryArray) build(type, values.list(type, nullable, n));
        long size = built.dictionary().length();
        ArrayBuilder dictionary = ArrayBuilder.of(dictionaryType.valueType(), ALLOC);
        dictionary.appendObject(values.nonNull(dictionaryType.valueType()));
        dictionary.appendNull();
        for (long k = size - 1; k >= 0; k--) {
            dictionary.appendObject(built.dictionary().getObject(k));
        }
        IntBuilder<?> indices = IntBuilder.of(dictionaryType.indexType(), ALLOC);
        for (int i = 0; i < n; i++) {
            if (built.isNull(i)) {
                indices.appendNull();
            } else {
                indices.append(2 + size - 1 - built.getIndex(i));
            }
        }
        ArrayData data = ArrayData.dictionaryEncoded(dictionaryType, n, indices.build().data().buffers(),
                dictionary.build().data());
        assertEquivalent(built, Array.of(data), values.random());
    }

    @Property(tries = 200)
    void oneRunPerSlotEqualsMergedRuns(@ForAll("anyType") ArrowType valueType, @ForAll boolean nullable,
            @ForAll @IntRange(max = 30) int n, @ForAll long seed) {
        RandomValues values = new RandomValues(seed);
        ArrowType.RunEndEncoded type = ArrowType.RunEndEncoded.of(ArrowType.INT16, valueType);
        List<Object> source = values.list(type, nullable, n);
        IntBuilder<?> ends = IntBuilder.int16(ALLOC);
        ArrayBuilder runs = ArrayBuilder.of(valueType, ALLOC);
        for (int i = 0; i < n; i++) {
            ends.append(i + 1);
            runs.appendObject(source.get(i));
        }
        ArrayData data = new ArrayData(type, n, 0, 0, List.of(), List.of(ends.build().data(), runs.build().data()),
                null);
        assertEquivalent(build(type, source), Array.of(data), values.random());
    }

    @Property(tries = 200)
    void structsAndListsReadTheirChildrenThroughSlices(@ForAll("anyType") ArrowType valueType,
            @ForAll boolean nullable, @ForAll @IntRange(max = 30) int n, @ForAll long seed) {
        RandomValues values = new RandomValues(seed);
        Random random = values.random();
        int before = random.nextInt(10);
        List<Object> source = values.list(valueType, nullable, before + n + random.nextInt(10));
        Array child = build(valueType, source).slice(before, n);
        List<Object> part = source.subList(before, before + n);

        ArrowType.Struct structType = ArrowType.Struct.of(Field.nullable("x", valueType));
        List<Object> structs = new ArrayList<>();
        for (Object value : part) {
            Map<String, Object> struct = new LinkedHashMap<>();
            struct.put("x", value);
            structs.add(struct);
        }
        StructArray struct = StructArray.of(structType, null, List.of(child));
        for (int i = 0; i < n; i++) {
            assertTrue(RandomValues.deepEquals(child.getObject(i), ((Map<?, ?>) struct.getObject(i)).get("x")));
        }
        assertEquivalent(build(structType, structs), struct, random);

        List<Integer> cuts = new ArrayList<>(List.of(0));
        for (int at = 0; at < n; ) {
            at = Math.min(n, at + random.nextInt(4));
            cuts.add(at);
        }
        List<Object> lists = new ArrayList<>();
        for (int k = 0; k + 1 < cuts.size(); k++) {
            lists.add(new ArrayList<>(part.subList(cuts.get(k), cuts.get(k + 1))));
        }
        ListArray list = ListArray.of(cuts.stream().mapToInt(Integer::intValue).toArray(), null, child);
        assertEquivalent(build(list.type(), lists), list, random);
    }

    @Property(tries = 200)
    void mapsReadTheirEntriesThroughSlices(@ForAll("anyType") ArrowType valueType, @ForAll boolean nullable,
            @ForAll @IntRange(max = 30) int n, @ForAll long seed) {
        RandomValues values = new RandomValues(seed);
        Random random = values.random();
        ArrowType.Map type = ArrowType.Map.of(ArrowType.UTF8, valueType, false);
        ArrowType.Struct entryType = (ArrowType.Struct) type.entries().type();
        List<Object> source = values.list(type, nullable, n);
        StructBuilder entries = new StructBuilder(entryType, ALLOC);
        int before = random.nextInt(5);
        for (int k = 0; k < before; k++) {
            entries.appendObject(values.nonNull(entryType));
        }
        int[] offsets = new int[n + 1];
        boolean[] validity = new boolean[n];
        for (int i = 0; i < n; i++) {
            List<?> map = (List<?>) source.get(i);
            validity[i] = map != null;
            for (Object o : map == null ? List.of() : map) {
                Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put(type.keyField().name(), e.getKey());
                entry.put(type.valueField().name(), e.getValue());
                entries.appendObject(entry);
            }
            offsets[i + 1] = (int) entries.length() - before;
        }
        for (int k = random.nextInt(5); k > 0; k--) {
            entries.appendObject(values.nonNull(entryType));
        }
        StructArray all = entries.build();
        Array slice = all.slice(before, offsets[n]);
        ValidityFlags.Bits bits = ValidityFlags.of(validity);
        ArrowBuffer offsetsBuffer = ArrowBuffer.wrap(new byte[4 * (n + 1)]);
        for (int i = 0; i <= n; i++) {
            offsetsBuffer.setInt(4L * i, offsets[i]);
        }
        ArrayData data = new ArrayData(type, n, 0, bits.nullCount(), Arrays.asList(bits.buffer(), offsetsBuffer),
                List.of(slice.data()), null);
        assertEquivalent(build(type, source), Array.of(data), random);
    }
}
