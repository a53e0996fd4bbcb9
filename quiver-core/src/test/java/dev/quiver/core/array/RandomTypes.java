// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.UnionMode;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Arbitrary Arrow types: every member of the sealed {@link ArrowType} hierarchy, nested up to a given
 * depth. Field nullability is random where the format allows it (map keys and run ends never are).
 * Struct fields may repeat a name; a repeated name keeps the type of its first field, so a struct
 * value (a map of name to value) can describe every field.
 */
final class RandomTypes {
    private static final List<String> NAMES = List.of("a", "b", "c", "item", "x y", "é");

    private RandomTypes() {
    }

    /** Any type, nested at most {@code depth} levels deep. */
    static Arbitrary<ArrowType> types(int depth) {
        if (depth <= 0) {
            return leaves();
        }
        Arbitrary<ArrowType> inner = Arbitraries.lazy(() -> types(depth - 1));
        Arbitrary<Field> child = fields(inner);
        return Arbitraries.frequencyOf(
                Tuple.of(8, leaves()),
                Tuple.of(1, child.map(f -> (ArrowType) new ArrowType.List(f))),
                Tuple.of(1, child.map(f -> (ArrowType) new ArrowType.LargeList(f))),
                Tuple.of(1, child.map(f -> (ArrowType) new ArrowType.ListView(f))),
                Tuple.of(1, child.map(f -> (ArrowType) new ArrowType.LargeListView(f))),
                Tuple.of(1, Combinators.combine(child, Arbitraries.integers().between(0, 4))
                        .as((f, n) -> (ArrowType) new ArrowType.FixedSizeList(f, n))),
                Tuple.of(2, structs(inner)),
                Tuple.of(1, maps(inner)),
                Tuple.of(2, unions(inner)),
                Tuple.of(1, runEndEncoded(inner)),
                Tuple.of(1, extensions(inner)));
    }

    /** Types without children, dictionaries and the uuid extension included. */
    static Arbitrary<ArrowType> leaves() {
        return Arbitraries.frequencyOf(
                Tuple.of(16, primitives()),
                Tuple.of(1, Arbitraries.just(ArrowType.NULL)),
                Tuple.of(2, dictionaries()),
                Tuple.of(1, Arbitraries.just(uuid())));
    }

    /** The extension type arrow.uuid. */
    static ArrowType.Extension uuid() {
        return new ArrowType.Extension("arrow.uuid", new ArrowType.FixedSizeBinary(16), "");
    }

    /** Types of values without children (no null type): what dictionaries and map keys hold. */
    static Arbitrary<ArrowType> primitives() {
        return Arbitraries.frequencyOf(
                Tuple.of(12, Arbitraries.of(ArrowType.BOOL, ArrowType.INT8, ArrowType.INT16, ArrowType.INT32,
                        ArrowType.INT64, ArrowType.UINT8, ArrowType.UINT16, ArrowType.UINT32, ArrowType.UINT64,
                        ArrowType.FLOAT16, ArrowType.FLOAT32, ArrowType.FLOAT64)),
                Tuple.of(3, decimals()),
                Tuple.of(1, Arbitraries.of(new ArrowType.Date(DateUnit.DAY),
                        new ArrowType.Date(DateUnit.MILLISECOND))),
                Tuple.of(1, Arbitraries.of(TimeUnit.class).map(u -> (ArrowType) new ArrowType.Time(u))),
                Tuple.of(1, Combinators.combine(Arbitraries.of(TimeUnit.class),
                        Arbitraries.of("UTC", "Europe/Paris", "+05:30").injectNull(0.4))
                        .as((u, tz) -> (ArrowType) new ArrowType.Timestamp(u, tz))),
                Tuple.of(2, Arbitraries.of(IntervalUnit.class).map(u -> (ArrowType) new ArrowType.Interval(u))),
                Tuple.of(1, Arbitraries.of(TimeUnit.class).map(u -> (ArrowType) new ArrowType.Duration(u))),
                Tuple.of(2, Arbitraries.integers().between(1, 20)
                        .map(w -> (ArrowType) new ArrowType.FixedSizeBinary(w))),
                Tuple.of(8, Arbitraries.of(ArrowType.BINARY, ArrowType.UTF8, ArrowType.LARGE_BINARY,
                        ArrowType.LARGE_UTF8, ArrowType.BINARY_VIEW, ArrowType.UTF8_VIEW)));
    }

    static Arbitrary<ArrowType> decimals() {
        return Arbitraries.of(32, 64, 128, 256).flatMap(bits -> {
            int max = ArrowType.Decimal.maxPrecision(bits);
            return Arbitraries.integers().between(1, max).flatMap(p -> Arbitraries.integers().between(-4, p + 3)
                    .map(s -> (ArrowType) new ArrowType.Decimal(p, s, bits)));
        });
    }

    /** Index types: every integer type, signed or not. */
    static Arbitrary<ArrowType.Int> indexTypes() {
        return Arbitraries.of(ArrowType.INT8, ArrowType.INT16, ArrowType.INT32, ArrowType.INT64, ArrowType.UINT8,
                ArrowType.UINT16, ArrowType.UINT32, ArrowType.UINT64);
    }

    static Arbitrary<ArrowType> dictionaries() {
        return Combinators.combine(indexTypes(), primitives(), Arbitraries.of(true, false))
                .as((index, values, ordered) -> (ArrowType) new ArrowType.Dictionary(index, values, ordered));
    }

    /** A field of a type from {@code types}, randomly nullable (always nullable for the null type). */
    static Arbitrary<Field> fields(Arbitrary<ArrowType> types) {
        return Combinators.combine(Arbitraries.of(NAMES), types, Arbitraries.of(true, true, false))
                .as((name, type, nullable) -> new Field(name, type, nullable || type instanceof ArrowType.Null));
    }

    static Arbitrary<ArrowType> structs(Arbitrary<ArrowType> inner) {
        return fields(inner).list().ofMaxSize(4).map(fields -> {
            List<Field> out = new ArrayList<>();
            for (Field f : fields) {
                Field first = out.stream().filter(g -> g.name().equals(f.name())).findFirst().orElse(null);
                out.add(first == null ? f : f.withType(first.type()).withNullable(first.nullable()));
            }
            return new ArrowType.Struct(out);
        });
    }

    static Arbitrary<ArrowType> maps(Arbitrary<ArrowType> inner) {
        return Combinators.combine(primitives(), inner, Arbitraries.of(true, false))
                .as((key, value, sorted) -> (ArrowType) ArrowType.Map.of(key, value, sorted));
    }

    static Arbitrary<ArrowType> unions(Arbitrary<ArrowType> inner) {
        return fields(inner).list().ofMinSize(1).ofMaxSize(4).flatMap(fields -> Combinators.combine(
                Arbitraries.of(UnionMode.class),
                Arbitraries.integers().between(0, 127).set().ofSize(fields.size()).map(ArrayList::new)
                        .flatMap(ids -> Arbitraries.shuffle(ids)))
                .as((mode, ids) -> (ArrowType) new ArrowType.Union(mode, fields, ids)));
    }

    static Arbitrary<ArrowType> runEndEncoded(Arbitrary<ArrowType> inner) {
        return Combinators.combine(Arbitraries.of(ArrowType.INT16, ArrowType.INT32, ArrowType.INT64), fields(inner))
                .as((ends, values) -> (ArrowType) new ArrowType.RunEndEncoded(Field.notNull("run_ends", ends),
                        values.withName("values")));
    }

    /** An extension type no registry knows, over any storage (an extension's storage is unwrapped). */
    static Arbitrary<ArrowType> extensions(Arbitrary<ArrowType> inner) {
        return Combinators.combine(Arbitraries.of("test.opaque", "x.ext"), inner, Arbitraries.of("", "{\"k\":1}"))
                .as((name, storage, meta) -> (ArrowType) new ArrowType.Extension(name,
                        storage instanceof ArrowType.Extension e ? e.storageType() : storage, meta));
    }
}
