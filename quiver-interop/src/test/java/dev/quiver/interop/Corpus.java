// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.UnionMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Named cases of Quiver batches covering every Arrow type, with nulls. Each case is one column of
 * that type (nested types with simple children, plus a few deeper nestings) in four batches: a full
 * 40-row batch, two slices of it (at offsets 3 and 21, not multiples of 8) and an empty slice, all
 * sharing the same dictionaries. {@link #deltaDictionaries} has dictionaries that grow across batches.
 */
final class Corpus {
    /** One case: its name, schema and batches. */
    record Case(String name, Schema schema, List<RecordBatch> batches) {
        @Override
        public String toString() {
            return name;
        }
    }

    private Corpus() {
    }

    /** Every type of the format, each in its own case. */
    static List<Case> all() {
        Map<String, ArrowType> types = new LinkedHashMap<>();
        types.put("null", ArrowType.NULL);
        types.put("bool", ArrowType.BOOL);
        for (int width : new int[] {8, 16, 32, 64}) {
            types.put("int" + width, new ArrowType.Int(width, true));
            types.put("uint" + width, new ArrowType.Int(width, false));
        }
        types.put("float16", ArrowType.FLOAT16);
        types.put("float32", ArrowType.FLOAT32);
        types.put("float64", ArrowType.FLOAT64);
        types.put("decimal32", new ArrowType.Decimal(9, 2, 32));
        types.put("decimal64", new ArrowType.Decimal(18, 3, 64));
        types.put("decimal128", new ArrowType.Decimal(38, 10, 128));
        types.put("decimal256", new ArrowType.Decimal(76, 20, 256));
        types.put("date32", new ArrowType.Date(DateUnit.DAY));
        types.put("date64", new ArrowType.Date(DateUnit.MILLISECOND));
        for (TimeUnit unit : TimeUnit.values()) {
            String u = unit.name().toLowerCase();
            types.put("time_" + u, new ArrowType.Time(unit));
            types.put("timestamp_" + u, new ArrowType.Timestamp(unit));
            types.put("timestamp_tz_" + u, new ArrowType.Timestamp(unit, "America/New_York"));
            types.put("duration_" + u, new ArrowType.Duration(unit));
        }
        for (IntervalUnit unit : IntervalUnit.values()) {
            types.put("interval_" + unit.name().toLowerCase(), new ArrowType.Interval(unit));
        }
        types.put("binary", ArrowType.BINARY);
        types.put("large_binary", ArrowType.LARGE_BINARY);
        types.put("binary_view", ArrowType.BINARY_VIEW);
        types.put("fixed_size_binary", new ArrowType.FixedSizeBinary(5));
        types.put("utf8", ArrowType.UTF8);
        types.put("large_utf8", ArrowType.LARGE_UTF8);
        types.put("utf8_view", ArrowType.UTF8_VIEW);
        types.put("list", ArrowType.List.of(ArrowType.INT32));
        types.put("large_list", new ArrowType.LargeList(Field.nullable("item", ArrowType.UTF8)));
        types.put("list_view", new ArrowType.ListView(Field.nullable("item", ArrowType.INT16)));
        types.put("large_list_view", new ArrowType.LargeListView(Field.nullable("item", ArrowType.UTF8)));
        types.put("fixed_size_list", new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT64), 3));
        types.put("struct", ArrowType.Struct.of(Field.nullable("a", ArrowType.INT32),
                Field.notNull("b", ArrowType.UTF8), Field.nullable("c", ArrowType.FLOAT64)));
        types.put("map", ArrowType.Map.of(ArrowType.UTF8, ArrowType.INT32, false));
        types.put("map_sorted", ArrowType.Map.of(ArrowType.INT64, ArrowType.UTF8, true));
        types.put("sparse_union", new ArrowType.Union(UnionMode.SPARSE, List.of(Field.nullable("i", ArrowType.INT32),
                Field.nullable("s", ArrowType.UTF8), Field.nullable("b", ArrowType.BOOL)), List.of(5, 7, 9)));
        types.put("dense_union", new ArrowType.Union(UnionMode.DENSE, List.of(Field.nullable("l", ArrowType.INT64),
                Field.nullable("s", ArrowType.UTF8), Field.nullable("f", ArrowType.FLOAT64)), List.of(0, 1, 2)));
        types.put("run_end_encoded_int16", ArrowType.RunEndEncoded.of(ArrowType.INT16, ArrowType.UTF8));
        types.put("run_end_encoded_int32", ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.FLOAT64));
        types.put("run_end_encoded_int64", ArrowType.RunEndEncoded.of(ArrowType.INT64, ArrowType.INT32));
        types.put("extension_uuid", new ArrowType.Extension("arrow.uuid", new ArrowType.FixedSizeBinary(16), ""));
        types.put("extension_opaque", new ArrowType.Extension("arrow.opaque", ArrowType.UTF8,
                "{\"type_name\":\"geometry\",\"vendor_name\":\"quiver\"}"));
        types.put("list_of_struct_of_list", ArrowType.List.of(ArrowType.Struct.of(
                Field.nullable("x", ArrowType.List.of(ArrowType.INT8)), Field.nullable("y", ArrowType.LARGE_UTF8))));
        types.put("struct_of_map_of_list", ArrowType.Struct.of(Field.nullable("m",
                ArrowType.Map.of(ArrowType.UTF8, ArrowType.List.of(ArrowType.FLOAT32), false))));
        types.put("fixed_size_list_of_fixed_size_list", new ArrowType.FixedSizeList(Field.nullable("item",
                new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT32), 2)), 2));
        types.put("list_of_union", ArrowType.List.of(new ArrowType.Union(UnionMode.DENSE,
                List.of(Field.nullable("i", ArrowType.INT32), Field.nullable("s", ArrowType.UTF8)), List.of(0, 1))));

        List<Case> cases = new ArrayList<>();
        long seed = 1;
        for (Map.Entry<String, ArrowType> e : types.entrySet()) {
            cases.add(sliced(e.getKey(), Schema.of(Field.nullable("c", e.getValue())), seed++));
        }
        for (ArrowType.Int index : List.of(ArrowType.INT8, ArrowType.INT16, ArrowType.INT32, ArrowType.INT64,
                ArrowType.UINT8, ArrowType.UINT16, ArrowType.UINT32, ArrowType.UINT64)) {
            cases.add(sliced("dictionary_" + index + "_index",
                    Schema.of(Field.dictionary("c", index, ArrowType.UTF8, false, 0, true)), seed++));
        }
        cases.add(sliced("dictionary_ordered_of_list", Schema.of(Field.dictionary("c", ArrowType.INT32,
                ArrowType.List.of(ArrowType.INT64), true, 3, true)), seed++));
        cases.add(sliced("dictionary_nested_in_list", Schema.of(Field.nullable("c", new ArrowType.List(
                Field.dictionary("item", ArrowType.INT16, ArrowType.UTF8, false, 7, true)))), seed++));
        cases.add(sliced("dictionaries_shared_and_two_columns", Schema.of(
                Field.dictionary("a", ArrowType.INT8, ArrowType.UTF8, false, 1, true),
                Field.dictionary("b", ArrowType.INT32, ArrowType.INT64, false, 2, false),
                Field.nullable("c", ArrowType.INT32)), seed++));
        cases.add(deltaDictionaries());
        return cases;
    }

    /** A 40-row batch, slices of it at offsets 3 and 21, and an empty slice. */
    private static Case sliced(String name, Schema schema, long seed) {
        RecordBatch full = new Generator(seed, true).batch(schema, 40);
        return new Case(name, schema, List.of(full, full.slice(3, 13), full.slice(21, 19), full.slice(40, 0)));
    }

    /**
     * Dictionaries that grow across batches (deltas in IPC): batch k uses the first k + 2 words, first
     * seen in order, so each batch's dictionary extends the previous one.
     */
    static Case deltaDictionaries() {
        String[] words = {"zero", "one", "two", "three", "four a longer word", "five"};
        Schema schema = Schema.of(Field.dictionary("d", ArrowType.INT16, ArrowType.UTF8, false, 4, true),
                Field.nullable("n", ArrowType.INT32));
        Random random = new Random(42);
        List<RecordBatch> batches = new ArrayList<>();
        for (int k = 0; k < 4; k++) {
            List<List<?>> rows = new ArrayList<>();
            int distinct = k + 2;
            for (int i = 0; i < distinct; i++) {
                rows.add(java.util.Arrays.asList(words[i], i));
            }
            for (int i = 0; i < 7; i++) {
                rows.add(java.util.Arrays.asList(random.nextInt(5) == 0 ? null : words[random.nextInt(distinct)],
                        random.nextInt(5) == 0 ? null : random.nextInt()));
            }
            batches.add(RecordBatch.ofRows(schema, rows));
        }
        return new Case("dictionary_delta", schema, batches);
    }

    /** The batches with each top-level dictionary column carrying the last batch's dictionary. */
    static List<RecordBatch> withFinalDictionaries(List<RecordBatch> batches) {
        if (batches.isEmpty()) {
            return batches;
        }
        RecordBatch last = batches.getLast();
        List<RecordBatch> out = new ArrayList<>();
        for (RecordBatch batch : batches) {
            List<Array> columns = new ArrayList<>();
            for (int c = 0; c < batch.columns().size(); c++) {
                Array column = batch.column(c);
                columns.add(column.data().dictionary() == null ? column
                        : Array.ofUnchecked(column.data().withDictionary(last.column(c).data().dictionary())));
            }
            out.add(new RecordBatch(batch.schema(), columns, batch.rowCount()));
        }
        return out;
    }

    /** An empty batch built afresh (not a slice). */
    static RecordBatch empty(Schema schema) {
        List<Array> columns = new ArrayList<>();
        for (Field field : schema.fields()) {
            columns.add(ArrayBuilder.of(field.type()).build());
        }
        return new RecordBatch(schema, columns, 0);
    }
}
