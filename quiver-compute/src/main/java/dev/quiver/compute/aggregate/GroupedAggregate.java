// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.aggregate;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.hash.KeyGrouper;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * Grouped aggregation, as pyarrow's {@code Table.group_by(keys).aggregate([...])}: the groups are the
 * distinct keys of the row table's grouping ({@link KeyGrouper}: null keys form a group, as in Acero),
 * in order of first appearance; each aggregate comes out as a column named {@code column_function}
 * after the key columns. Every aggregate of {@link AggregateFunction} is available, with its options.
 *
 * <pre>{@code
 * Table totals = GroupedAggregate.aggregate(sales, List.of("region"), List.of(
 *         Aggregation.of("amount", AggregateFunction.SUM),
 *         Aggregation.of("amount", AggregateFunction.STDDEV).ddof(1),
 *         Aggregation.of("customer", AggregateFunction.COUNT_DISTINCT)));
 * // region, amount_sum, amount_stddev, customer_count_distinct
 * }</pre>
 */
public final class GroupedAggregate {
    private GroupedAggregate() {
    }

    /**
     * Groups a table by key columns and aggregates.
     *
     * @param table the rows
     * @param keys the key column names, at least one
     * @param aggregations the aggregates
     * @return one row per distinct key: the keys, then one column per aggregation
     * @throws ComputeException if a name is not a column, a key type cannot be row-encoded, or a function
     *     does not take its column's type
     */
    public static Table aggregate(Table table, List<String> keys, List<Aggregation> aggregations) {
        Schema schema = table.schema();
        int[] keyIndex = indexes(schema, keys);
        List<ArrowType> keyTypes = new ArrayList<>();
        for (int k : keyIndex) {
            keyTypes.add(schema.field(k).type());
        }
        int[] valueIndex = indexes(schema, aggregations.stream().map(Aggregation::column).toList());
        NumericValues[] readers = new NumericValues[aggregations.size()];
        Accumulator[] accs = new Accumulator[aggregations.size()];
        for (int a = 0; a < accs.length; a++) {
            readers[a] = new NumericValues(schema.field(valueIndex[a]).type(), aggregations.get(a).function().pyarrowName());
            accs[a] = Accumulator.of(aggregations.get(a), readers[a]);
        }
        int[] ids = new int[NumericValues.MINI_BATCH];
        try (KeyGrouper grouper = new KeyGrouper(keyTypes)) {
            for (RecordBatch batch : table.batches()) {
                List<ArrayData> keyColumns = new ArrayList<>();
                for (int k : keyIndex) {
                    keyColumns.add(batch.column(k).data());
                }
                for (long from = 0; from < batch.rowCount(); from += NumericValues.MINI_BATCH) {
                    int n = (int) Math.min(NumericValues.MINI_BATCH, batch.rowCount() - from);
                    grouper.assign(keyColumns, from, n, ids);
                    for (int a = 0; a < accs.length; a++) {
                        ArrayData column = batch.column(valueIndex[a]).data();
                        readers[a].read(column, from, n);
                        accs[a].ensure(grouper.groupCount());
                        accs[a].update(readers[a], column, from, ids, n);
                    }
                }
            }
            int groups = grouper.groupCount();
            List<Field> fields = new ArrayList<>();
            List<Array> columns = new ArrayList<>();
            List<ArrayData> keyData = grouper.keys();
            for (int k = 0; k < keyIndex.length; k++) {
                fields.add(schema.field(keyIndex[k]));
                columns.add(Array.ofUnchecked(keyData.get(k)));
            }
            for (int a = 0; a < accs.length; a++) {
                accs[a].ensure(Math.max(groups, 1));
                ArrayData result = accs[a].finish(groups);
                Aggregation spec = aggregations.get(a);
                fields.add(Field.nullable(spec.column() + "_" + spec.function().pyarrowName(), result.type()));
                columns.add(Array.ofUnchecked(result));
            }
            Schema out = new Schema(fields);
            return new Table(out, List.of(new RecordBatch(out, columns, groups)));
        }
    }

    private static int[] indexes(Schema schema, List<String> names) {
        int[] out = new int[names.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = schema.indexOf(names.get(i));
            if (out[i] < 0) {
                throw new ComputeException("group_by: no column named " + names.get(i) + " in " + schema);
            }
        }
        return out;
    }
}
