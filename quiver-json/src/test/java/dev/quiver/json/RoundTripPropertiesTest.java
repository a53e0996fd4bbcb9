// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** Random batches, whole or sliced, come back equal from JSON. */
class RoundTripPropertiesTest {
    private static final Schema SCHEMA = new Schema(List.of(
            Field.nullable("i8", ArrowType.INT8),
            Field.nullable("u64", ArrowType.UINT64),
            Field.nullable("f64", ArrowType.FLOAT64),
            Field.nullable("s", ArrowType.UTF8),
            Field.nullable("b", ArrowType.LARGE_BINARY),
            Field.nullable("d", new ArrowType.Decimal(20, 3, 128)),
            Field.nullable("l", ArrowType.List.of(ArrowType.INT32)),
            Field.nullable("st", ArrowType.Struct.of(Field.nullable("x", ArrowType.INT16),
                    Field.nullable("y", ArrowType.UTF8_VIEW)))));

    @Property(tries = 60)
    void batchesSurviveJson(@ForAll("rows") List<List<Object>> rows, @ForAll @IntRange(max = 40) int from,
            @ForAll @IntRange(max = 40) int length) {
        RecordBatch batch = RecordBatch.ofRows(SCHEMA, rows);
        int start = Math.min(from, rows.size());
        RecordBatch sliced = batch.slice(start, Math.min(length, rows.size() - start));
        JsonFile file = new JsonFile(SCHEMA, List.of(batch, sliced));
        JsonFile back = IntegrationJsonReader.readString(IntegrationJsonWriter.writeString(file));
        assertEquals(Optional.empty(), new BatchComparator().compare(file.batches(), back.batches()));
        assertEquals(file.batches(), back.batches());
        back.batches().forEach(RecordBatch::validateFull);
    }

    @Provide
    Arbitrary<List<List<Object>>> rows() {
        Arbitrary<Object> i8 = Arbitraries.integers().between(-128, 127).map(v -> (Object) v.byteValue())
                .injectNull(0.2);
        Arbitrary<Object> u64 = Arbitraries.bigIntegers().between(BigInteger.ZERO,
                BigInteger.TWO.pow(64).subtract(BigInteger.ONE)).map(v -> (Object) v).injectNull(0.2);
        Arbitrary<Object> f64 = Arbitraries.doubles().withSpecialValue(Double.NaN)
                .withSpecialValue(Double.NEGATIVE_INFINITY).map(v -> (Object) v).injectNull(0.2);
        Arbitrary<Object> s = Arbitraries.strings().ofMaxLength(20).map(v -> (Object) v).injectNull(0.2);
        Arbitrary<Object> b = Arbitraries.bytes().array(byte[].class).ofMaxSize(10).map(v -> (Object) v)
                .injectNull(0.2);
        Arbitrary<Object> d = Arbitraries.bigDecimals().between(new BigDecimal("-99999999999999999.999"),
                new BigDecimal("99999999999999999.999")).ofScale(3).map(v -> (Object) v).injectNull(0.2);
        Arbitrary<Object> l = Arbitraries.integers().injectNull(0.2).list().ofMaxSize(4).map(v -> (Object) v)
                .injectNull(0.2);
        Arbitrary<Object> st = Combinators.combine(Arbitraries.shorts().injectNull(0.2),
                Arbitraries.strings().ofMaxLength(16).injectNull(0.2)).as((x, y) -> {
                    LinkedHashMap<String, Object> m = new LinkedHashMap<>();
                    m.put("x", x);
                    m.put("y", y);
                    return (Object) m;
                }).injectNull(0.2);
        Arbitrary<List<Object>> row = Combinators.combine(List.of(i8, u64, f64, s, b, d, l, st))
                .as(values -> new ArrayList<>(Arrays.asList(values.toArray())));
        return row.list().ofMaxSize(40);
    }
}
