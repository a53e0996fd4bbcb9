// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.builder.DictionaryBuilder;
import dev.quiver.core.builder.RunEndEncodedBuilder;
import dev.quiver.core.builder.UnionBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.UnionMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Builders of encoded layouts decode back to their input, whole and after random slicing. */
class EncodedBuildersPropertyTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();

    record Case(List<Integer> values, int start, int length, int start2, int length2) {
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<List<Integer>> values = Arbitraries.integers().between(-3, 3).injectNull(0.2).list().ofMaxSize(200);
        return values.flatMap(v -> Combinators.combine(Arbitraries.integers().between(0, v.size()),
                Arbitraries.integers().between(0, v.size()), Arbitraries.integers().between(0, 1000),
                Arbitraries.integers().between(0, 1000)).as((a, b, c, d) -> {
                    int start = Math.min(a, b);
                    int length = Math.abs(a - b);
                    int start2 = length == 0 ? 0 : c % (length + 1);
                    int length2 = d % (length - start2 + 1);
                    return new Case(v, start, length, start2, length2);
                }));
    }

    private static List<Object> objects(Array a) {
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < a.length(); i++) {
            out.add(a.getObject(i));
        }
        return out;
    }

    /**
     * Builds the whole input, checks it decodes and validates, then two nested random slices, each
     * equal to an array built from its part of the input.
     */
    private static Array check(Case c, Function<List<Integer>, Array> build) {
        Array whole = build.apply(c.values());
        whole.validateFull();
        assertEquals(c.values(), objects(whole));
        Array slice = whole.slice(c.start(), c.length());
        List<Integer> expected = c.values().subList(c.start(), c.start() + c.length());
        assertEquals(expected, objects(slice));
        slice.validateFull();
        Array slice2 = slice.slice(c.start2(), c.length2());
        List<Integer> expected2 = expected.subList(c.start2(), c.start2() + c.length2());
        assertEquals(expected2, objects(slice2));
        assertEquals(build.apply(expected2), slice2);
        return whole;
    }

    private static long runs(List<Integer> values) {
        long runs = 0;
        for (int k = 0; k < values.size(); k++) {
            if (k == 0 || !Objects.equals(values.get(k), values.get(k - 1))) {
                runs++;
            }
        }
        return runs;
    }

    @Property(tries = 300)
    void dictionaryDecodesToTheInput(@ForAll("cases") Case c) {
        ArrowType.Dictionary type = new ArrowType.Dictionary(ArrowType.UINT8, ArrowType.INT32, false);
        DictionaryArray d = (DictionaryArray) check(c, values -> {
            DictionaryBuilder b = new DictionaryBuilder(type, ALLOC);
            values.forEach(b::appendObject);
            return b.build();
        });
        assertEquals(c.values().stream().filter(Objects::nonNull).distinct().count(), d.dictionary().length());
    }

    @Property(tries = 300)
    void runEndEncodingDecodesToTheInput(@ForAll("cases") Case c) {
        ArrowType.RunEndEncoded type = ArrowType.RunEndEncoded.of(ArrowType.INT16, ArrowType.INT32);
        RunEndEncodedArray r = (RunEndEncodedArray) check(c, values -> {
            RunEndEncodedBuilder b = new RunEndEncodedBuilder(type, ALLOC);
            values.forEach(b::appendObject);
            return b.build();
        });
        assertEquals(runs(c.values()), r.runCount(), "neighbouring equal values share a run");
        assertEquals(runs(c.values().subList(c.start(), c.start() + c.length())),
                r.slice(c.start(), c.length()).physicalLength());
    }

    @Property(tries = 200)
    void unionsDecodeToTheInput(@ForAll("cases") Case c, @ForAll UnionMode mode) {
        ArrowType.Union type = new ArrowType.Union(mode, List.of(Field.nullable("a", ArrowType.INT32),
                Field.nullable("b", ArrowType.INT16)), List.of(3, 1));
        check(c, values -> {
            UnionBuilder b = new UnionBuilder(type, ALLOC);
            for (Integer v : values) {
                if (v != null && v < 0) {
                    b.append(1, v);
                } else {
                    b.appendObject(v);
                }
            }
            return b.build();
        });
    }
}
