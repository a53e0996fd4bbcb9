// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.compute.aggregate.Aggregate;
import dev.quiver.compute.aggregate.AggregateFunction;
import dev.quiver.compute.aggregate.Aggregation;
import dev.quiver.compute.aggregate.GroupedAggregate;
import dev.quiver.compute.aggregate.Interpolation;
import dev.quiver.compute.arithmetic.Arithmetic;
import dev.quiver.compute.cast.Cast;
import dev.quiver.compute.cast.CastOptions;
import dev.quiver.compute.compare.Choice;
import dev.quiver.compute.compare.Comparison;
import dev.quiver.compute.compare.Logic;
import dev.quiver.compute.compare.Predicates;
import dev.quiver.compute.expr.BoundExpression;
import dev.quiver.compute.expr.Expression;
import dev.quiver.compute.hash.Hashing;
import dev.quiver.compute.join.HashJoin;
import dev.quiver.compute.join.JoinOptions;
import dev.quiver.compute.join.JoinType;
import dev.quiver.compute.selection.NullSelection;
import dev.quiver.compute.selection.Selection;
import dev.quiver.compute.sort.NullPlacement;
import dev.quiver.compute.sort.SortKey;
import dev.quiver.compute.sort.SortOrder;
import dev.quiver.compute.sort.Sorting;
import dev.quiver.compute.sort.Tiebreaker;
import dev.quiver.compute.strings.Strings;
import dev.quiver.compute.temporal.Component;
import dev.quiver.compute.temporal.Temporal;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.array.StructArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The examples of the module's javadoc, run: each region between {@code @start} and {@code @end} is what a
 * package's documentation shows ({@code {@snippet class=dev.quiver.compute.ComputeExamplesTest region=...}};
 * the javadoc build takes this directory as its snippet path), and each test checks what the region's comments
 * say.
 */
class ComputeExamplesTest {
    // @start region=data
    Schema schema = Schema.of(Field.notNull("id", ArrowType.INT64), Field.nullable("city", ArrowType.UTF8),
            Field.nullable("fare", ArrowType.FLOAT64),
            Field.notNull("at", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")));
    RecordBatch batch = RecordBatch.ofRows(schema, List.of(
            Arrays.asList(1L, "Lisbon", 12.5, Instant.parse("2024-03-01T08:15:00Z")),
            Arrays.asList(2L, "Oslo", null, Instant.parse("2024-03-01T23:40:00Z")),
            Arrays.asList(3L, null, 7.25, Instant.parse("2024-03-02T10:00:00Z")),
            Arrays.asList(4L, "Lisbon", 30.0, Instant.parse("2024-03-03T17:30:00Z"))));
    Table trips = new Table(schema, List.of(batch));

    Schema countrySchema = Schema.of(Field.notNull("city", ArrowType.UTF8), Field.notNull("country", ArrowType.UTF8));
    Table countries = new Table(countrySchema, List.of(RecordBatch.ofRows(countrySchema,
            List.of(List.of("Lisbon", "Portugal"), List.of("Paris", "France")))));
    // @end

    private static List<Object> values(Array array) {
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < array.length(); i++) {
            Object v = array.getObject(i);
            out.add(v instanceof Number n && !(v instanceof Double) ? (Object) n.longValue() : v);
        }
        return out;
    }

    private static List<Object> column(Table table, String name) {
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < table.rowCount(); i++) {
            out.add(table.row(i).get(name));
        }
        return out;
    }

    @Test
    void overview() {
        // @start region=overview
        Table kept = Expression.parse("fare > 10 and city is not null").bind(trips.schema()).filter(trips);
        Table sorted = Sorting.sort(kept, List.of(SortKey.descending("fare")), NullPlacement.AT_END);  // ids 4, 1
        Table withCountry = HashJoin.join(sorted, countries, JoinOptions.on("city").type(JoinType.LEFT_OUTER));
        Table perCountry = GroupedAggregate.aggregate(withCountry, List.of("country"),
                List.of(Aggregation.of("fare", AggregateFunction.SUM)));   // country, fare_sum: Portugal, 42.5
        // @end
        assertEquals(List.of(4L, 1L), column(sorted, "id"));
        assertEquals(List.of("id", "city", "fare", "at", "country"), withCountry.schema().names());
        assertEquals(List.of("Portugal"), column(perCountry, "country"));
        assertEquals(List.of(42.5), column(perCountry, "fare_sum"));
    }

    @Test
    void selection() {
        // @start region=selection
        Array fares = batch.column("fare");                             // [12.5, null, 7.25, 30.0]
        Array mask = Comparison.greater(fares, 10.0);                   // [true, null, false, true]
        Array dear = Selection.filter(fares, mask);                     // [12.5, 30.0]: a null in the mask drops
        Array orNull = Selection.filter(fares, mask, NullSelection.EMIT_NULL);  // [12.5, null, 30.0]
        Array at = ArrayBuilder.of(ArrowType.INT32).appendObject(3).appendObject(0).build();
        RecordBatch picked = Selection.take(batch, at);                 // the rows of ids 4 and 1
        Array known = Selection.dropNull(fares);                        // [12.5, 7.25, 30.0]
        Array middle = Selection.slice(fares, 1, 2);                    // [null, 7.25]: a view, no copy
        Array both = Selection.concat(ArrowType.FLOAT64, List.of(dear, middle));  // [12.5, 30.0, null, 7.25]
        // @end
        assertEquals(Arrays.asList(true, null, false, true), values(mask));
        assertEquals(List.of(12.5, 30.0), values(dear));
        assertEquals(Arrays.asList(12.5, null, 30.0), values(orNull));
        assertEquals(List.of(4L, 1L), values(picked.column("id")));
        assertEquals(List.of(12.5, 7.25, 30.0), values(known));
        assertEquals(Arrays.asList(null, 7.25), values(middle));
        assertEquals(Arrays.asList(12.5, 30.0, null, 7.25), values(both));
        assertThrows(ComputeException.class, () -> Selection.take(fares,
                ArrayBuilder.of(ArrowType.INT32).appendObject(4).build()));   // out of range is an error
    }

    @Test
    void sort() {
        // @start region=sort
        Table byCity = Sorting.sort(trips, List.of(SortKey.ascending("city"), SortKey.descending("fare")),
                NullPlacement.AT_END);                                  // ids 4, 1, 2, 3: stable, nulls last
        Array order = Sorting.sortIndices(batch.column("fare"), SortOrder.ASCENDING,
                NullPlacement.AT_START);                                // uint64 [1, 2, 0, 3]
        Array top2 = Sorting.selectK(trips, 2, List.of(SortKey.descending("fare")));   // [3, 0]
        Array ranks = Sorting.rank(batch.column("city"), SortOrder.ASCENDING, NullPlacement.AT_END,
                Tiebreaker.DENSE);                                      // [1, 2, 3, 1]
        // @end
        assertEquals(List.of(4L, 1L, 2L, 3L), column(byCity, "id"));
        assertEquals(List.of(1L, 2L, 0L, 3L), values(order));
        assertEquals(List.of(3L, 0L), values(top2));
        assertEquals(List.of(1L, 2L, 3L, 1L), values(ranks));
    }

    @Test
    void arithmetic() {
        // @start region=arithmetic
        Array ids = batch.column("id");                                 // int64 [1, 2, 3, 4]
        Array doubled = Arithmetic.add(ids, ids);                       // [2, 4, 6, 8]
        Array perId = Arithmetic.divide(batch.column("fare"), ids);     // float64 [12.5, null, 2.4166..., 7.5]
        Array roots = Arithmetic.sqrt(ids);                             // float64 [1.0, 1.414..., 1.732..., 2.0]
        Array big = ArrayBuilder.of(ArrowType.INT8).appendObject((byte) 100).build();
        Array wrapped = Arithmetic.add(big, big);                       // [-56]: wraps, as pyarrow's add
        // Arithmetic.addChecked(big, big) throws: add_checked: overflow at row 0 (100 + 100)
        // @end
        assertEquals(List.of(2L, 4L, 6L, 8L), values(doubled));
        assertEquals(Arrays.asList(12.5, null, 7.25 / 3, 7.5), values(perId));
        assertEquals(List.of(1.0, Math.sqrt(2), Math.sqrt(3), 2.0), values(roots));
        assertEquals(List.of(-56L), values(wrapped));
        ComputeException e = assertThrows(ComputeException.class, () -> Arithmetic.addChecked(big, big));
        assertTrue(e.getMessage().contains("overflow at row 0"), e.getMessage());
    }

    @Test
    void compare() {
        // @start region=compare
        Array fares = batch.column("fare");                             // [12.5, null, 7.25, 30.0]
        Array dear = Comparison.greater(fares, 10.0);                   // [true, null, false, true]
        Array known = Predicates.isValid(batch.column("city"));         // [true, true, false, true]
        Array both = Logic.andKleene(dear, known);                      // [true, null, false, true]
        Array either = Logic.orKleene(dear, known);                     // [true, true, false, true]
        Array set = ArrayBuilder.of(ArrowType.UTF8).appendObject("Oslo").appendObject("Rome").build();
        Array inSet = Predicates.isIn(batch.column("city"), set);       // [false, true, false, false]
        Array ten = ArrayBuilder.of(ArrowType.FLOAT64).appendObject(10.0).build();   // one value: a scalar
        Array capped = Choice.ifElse(dear, ten, fares);                 // [10.0, null, 7.25, 10.0]
        Array filled = Choice.fillNull(fares, ten);                     // [12.5, 10.0, 7.25, 30.0]
        // @end
        assertEquals(Arrays.asList(true, null, false, true), values(dear));
        assertEquals(List.of(true, true, false, true), values(known));
        assertEquals(Arrays.asList(true, null, false, true), values(both));
        assertEquals(List.of(true, true, false, true), values(either));
        assertEquals(List.of(false, true, false, false), values(inSet));
        assertEquals(Arrays.asList(10.0, null, 7.25, 10.0), values(capped));
        assertEquals(List.of(12.5, 10.0, 7.25, 30.0), values(filled));
    }

    @Test
    void cast() {
        // @start region=cast
        Array text = ArrayBuilder.of(ArrowType.UTF8).appendObject("12").appendObject(null).appendObject("-3").build();
        Array ints = Cast.to(text, ArrowType.INT64);                    // [12, null, -3]; "x" names its row
        Array wrapped = Cast.to(ints, ArrowType.UINT8, CastOptions.UNSAFE);   // [12, null, 253]
        // Cast.to(ints, ArrowType.UINT8) throws: -3 at row 2 is not in range of uint8
        Array printed = Cast.to(batch.column("fare"), ArrowType.UTF8);  // ["12.5", null, "7.25", "30"]
        Array days = Cast.to(ArrayBuilder.of(ArrowType.UTF8).appendObject("2024-02-29").build(),
                new ArrowType.Date(DateUnit.DAY));                      // date32 [2024-02-29]
        // @end
        assertEquals(Arrays.asList(12L, null, -3L), values(ints));
        assertEquals(Arrays.asList(12L, null, 253L), values(wrapped));
        assertThrows(ComputeException.class, () -> Cast.to(ints, ArrowType.UINT8));
        assertEquals(Arrays.asList("12.5", null, "7.25", "30"), values(printed));
        assertEquals("2024-02-29", days.getObject(0).toString());
    }

    @Test
    void strings() {
        // @start region=strings
        Array cities = batch.column("city");                            // ["Lisbon", "Oslo", null, "Lisbon"]
        Array upper = Strings.upper(cities);                            // ["LISBON", "OSLO", null, "LISBON"]
        Array startsL = Strings.startsWith(cities, "L");                // [true, false, null, true]
        Array lengths = Strings.utf8Length(cities);                     // int32 [6, 4, null, 6]
        Array parts = Strings.split(cities, "s", -1);                   // [["Li", "bon"], ["O", "lo"], null, ...]
        Array first3 = Strings.substring(cities, 0, 3);                 // ["Lis", "Osl", null, "Lis"]
        Array starred = Strings.replaceRegex(cities, "[aeiou]", "*", -1);   // ["L*sb*n", "Osl*", null, ...]
        // @end
        assertEquals(Arrays.asList("LISBON", "OSLO", null, "LISBON"), values(upper));
        assertEquals(Arrays.asList(true, false, null, true), values(startsL));
        assertEquals(Arrays.asList(6L, 4L, null, 6L), values(lengths));
        assertEquals(Arrays.asList(List.of("Li", "bon"), List.of("O", "lo"), null, List.of("Li", "bon")), values(parts));
        assertEquals(Arrays.asList("Lis", "Osl", null, "Lis"), values(first3));
        assertEquals(Arrays.asList("L*sb*n", "Osl*", null, "L*sb*n"), values(starred));
    }

    @Test
    void temporal() {
        // @start region=temporal
        Array at = batch.column("at");                                  // timestamp[us, UTC]
        Array days = Temporal.extract(at, Component.DAY);               // int64 [1, 1, 2, 3]
        Array weekdays = Temporal.extract(at, Component.DAY_OF_WEEK);   // Monday 0: [4, 4, 5, 6]
        Array midnights = Temporal.floor(at, 1, Temporal.Unit.DAY);     // 2024-03-01T00:00Z, ...
        Array text = Temporal.strftime(at, "%Y-%m-%d %H:%M");          // ["2024-03-01 08:15", ...]
        Array parsed = Temporal.strptime(text, "%Y-%m-%d %H:%M", TimeUnit.SECOND);   // timestamp[s]
        Array minutes = Temporal.extract(parsed, Component.MINUTE);     // [15, 40, 0, 30]
        // @end
        assertEquals(List.of(1L, 1L, 2L, 3L), values(days));
        assertEquals(List.of(4L, 4L, 5L, 6L), values(weekdays));
        assertEquals(List.of("00:00", "00:00", "00:00", "00:00"), values(Temporal.strftime(midnights, "%H:%M")));
        assertEquals("2024-03-01 08:15", text.getObject(0));
        assertEquals(List.of(15L, 40L, 0L, 30L), values(minutes));
    }

    @Test
    void aggregate() {
        // @start region=aggregate
        Array fares = batch.column("fare");                             // [12.5, null, 7.25, 30.0]
        Array sum = Aggregate.sum(fares);                               // [49.75]: nulls skipped
        Array mean = Aggregate.mean(fares);                             // [16.583...]
        Array spread = Aggregate.of(fares, Aggregation.of("fare", AggregateFunction.STDDEV).ddof(1));
        Table perCity = GroupedAggregate.aggregate(trips, List.of("city"), List.of(
                Aggregation.of("fare", AggregateFunction.SUM),
                Aggregation.of("fare", AggregateFunction.QUANTILE).quantile(0.5, Interpolation.LINEAR),
                Aggregation.of("id", AggregateFunction.COUNT)));
        // city, fare_sum, fare_quantile, id_count: Lisbon 42.5 21.25 2; Oslo null null 1; null 7.25 7.25 1
        // @end
        assertEquals(List.of(49.75), values(sum));
        assertEquals(List.of(49.75 / 3), values(mean));
        double m = 49.75 / 3;
        double variance = ((12.5 - m) * (12.5 - m) + (7.25 - m) * (7.25 - m) + (30.0 - m) * (30.0 - m)) / 2;
        assertEquals(Math.sqrt(variance), (Double) spread.getObject(0), 1e-12);
        assertEquals(List.of("city", "fare_sum", "fare_quantile", "id_count"), perCity.schema().names());
        assertEquals(Arrays.asList("Lisbon", "Oslo", null), column(perCity, "city"));
        assertEquals(Arrays.asList(42.5, null, 7.25), column(perCity, "fare_sum"));
        assertEquals(Arrays.asList(21.25, null, 7.25), column(perCity, "fare_quantile"));
        assertEquals(List.of(2L, 1L, 1L), column(perCity, "id_count"));
    }

    @Test
    void hash() {
        // @start region=hash
        Array cities = batch.column("city");                            // ["Lisbon", "Oslo", null, "Lisbon"]
        Array distinct = Hashing.unique(cities);                        // ["Lisbon", "Oslo", null]
        StructArray counts = Hashing.valueCounts(cities);               // values [Lisbon, Oslo, null], counts [2, 1, 1]
        DictionaryArray encoded = Hashing.dictionaryEncode(cities);     // indices [0, 1, null, 0]
        Array dictionary = encoded.dictionary();                        // ["Lisbon", "Oslo"]
        // @end
        assertEquals(Arrays.asList("Lisbon", "Oslo", null), values(distinct));
        assertEquals(Arrays.asList("Lisbon", "Oslo", null), values(counts.field("values")));
        assertEquals(List.of(2L, 1L, 1L), values(counts.field("counts")));
        assertEquals(Arrays.asList(0L, 1L, null, 0L), values(encoded.indices()));
        assertEquals(List.of("Lisbon", "Oslo"), values(dictionary));
    }

    @Test
    void join() {
        // @start region=join
        Table joined = HashJoin.join(trips, countries, JoinOptions.on("city").type(JoinType.LEFT_OUTER));
        // id, city, fare, at, country: Portugal for ids 1 and 4, null for 2 and 3 (a null key never matches)
        Table matched = HashJoin.join(trips, countries, JoinOptions.on("city").type(JoinType.LEFT_SEMI));   // ids 1, 4
        Table unmatched = HashJoin.join(trips, countries,
                JoinOptions.on("city").type(JoinType.LEFT_ANTI).threads(1));                           // ids 2, 3
        // @end
        assertEquals(List.of("id", "city", "fare", "at", "country"), joined.schema().names());
        assertEquals(List.of(1L, 2L, 3L, 4L), column(joined, "id"));
        assertEquals(Arrays.asList("Portugal", null, null, "Portugal"), column(joined, "country"));
        assertEquals(List.of(1L, 4L), column(matched, "id"));
        assertEquals(List.of(2L, 3L), column(unmatched, "id"));
    }

    @Test
    void expressions() {
        // @start region=expr
        Expression where = Expression.parse("fare > 10 and city is not null");
        BoundExpression bound = where.bind(trips.schema());             // names and types checked, casts added
        Array mask = bound.evaluate(batch);                             // [true, null, false, true]
        Table kept = bound.filter(trips);                               // ids 1, 4
        Expression same = Expression.call("and_kleene",
                Expression.call("greater", Expression.field("fare"), Expression.literal(10L)),
                Expression.call("is_valid", Expression.field("city")));
        Array half = Expression.parse("fare / 2 + 1").bind(trips.schema()).evaluate(batch);   // [7.25, null, 4.625, 16.0]
        // Expression.parse("fare > (1 +") throws a ComputeException naming the position
        // @end
        assertEquals(Arrays.asList(true, null, false, true), values(mask));
        assertEquals(List.of(1L, 4L), column(kept, "id"));
        assertEquals(values(mask), values(same.bind(trips.schema()).evaluate(batch)));
        assertEquals(Arrays.asList(7.25, null, 4.625, 16.0), values(half));
        ComputeException e = assertThrows(ComputeException.class, () -> Expression.parse("fare > (1 +"));
        assertTrue(e.getMessage().contains("position"), e.getMessage());
    }
}
