// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.aggregate.AggregateFunction;
import dev.quiver.compute.aggregate.Aggregation;
import dev.quiver.compute.aggregate.CountMode;
import dev.quiver.compute.aggregate.Interpolation;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.row.GroupByResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * One {@code --agg} of {@code quiver group-by}: {@code count} (the rows of a group), or
 * {@code FUNCTION[(ARG)]:COL}, an aggregate of quiver-compute's grouped aggregation with pyarrow's options
 * (the argument: the quantile of {@code quantile}, the ddof of {@code variance} and {@code stddev}, the mode
 * of {@code count} and {@code count_distinct}).
 *
 * @param text the option's text, for messages
 * @param aggregation the aggregate of a column, or null for the count of rows
 */
record Aggregate(String text, Aggregation aggregation) {
    /** The functions by their names in pyarrow.compute. */
    static final String FUNCTIONS = "count, count_distinct, sum, mean, min, max, variance, stddev, any, all, first, "
            + "last, quantile";

    /** Parses {@code count} or {@code FUNCTION[(ARG)]:COL}. */
    static Aggregate parse(String text) {
        if (text.equals("count")) {
            return new Aggregate(text, null);
        }
        int colon = text.indexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw usage(text + " is not count or FUNCTION:COL (functions: " + FUNCTIONS + ")");
        }
        String head = text.substring(0, colon);
        String column = text.substring(colon + 1);
        String argument = null;
        int paren = head.indexOf('(');
        if (paren > 0 && head.endsWith(")")) {
            argument = head.substring(paren + 1, head.length() - 1).strip();
            head = head.substring(0, paren);
        }
        AggregateFunction function = function(text, head);
        Aggregation aggregation = Aggregation.of(column, function);
        if (argument != null) {
            aggregation = withArgument(text, aggregation, argument);
        }
        return new Aggregate(text, aggregation);
    }

    private static AggregateFunction function(String text, String name) {
        for (AggregateFunction function : AggregateFunction.values()) {
            if (function.pyarrowName().equals(name)) {
                return function;
            }
        }
        throw usage(text + ": " + name + " is not an aggregate (functions: " + FUNCTIONS + ")");
    }

    private static Aggregation withArgument(String text, Aggregation aggregation, String argument) {
        try {
            return switch (aggregation.function()) {
                case QUANTILE -> aggregation.quantile(Double.parseDouble(argument), Interpolation.LINEAR);
                case VARIANCE, STDDEV -> aggregation.ddof(Integer.parseInt(argument));
                case COUNT, COUNT_DISTINCT -> aggregation.count(CountMode.valueOf(argument.toUpperCase(Locale.ROOT)));
                default -> throw usage(text + ": " + aggregation.function().pyarrowName() + " takes no argument");
            };
        } catch (IllegalArgumentException | ComputeException e) {
            throw usage(text + ": " + argument + " is not " + switch (aggregation.function()) {
                case QUANTILE -> "a quantile in [0, 1]";
                case VARIANCE, STDDEV -> "a ddof (0, 1, ...)";
                default -> "a count mode (only_valid, only_null, all)";
            });
        }
    }

    private static CliException usage(String message) {
        return new CliException("--agg: " + message, CliException.USAGE);
    }

    /** Parses every {@code --agg}. */
    static List<Aggregate> parseAll(List<String> texts) {
        return texts.stream().map(Aggregate::parse).toList();
    }

    /** The name of this aggregate's output column: {@code count}, or pyarrow's {@code COL_FUNCTION}. */
    String outputName() {
        return aggregation == null ? "count" : aggregation.column() + "_" + aggregation.function().pyarrowName();
    }

    /**
     * Whether quiver-row's parallel group-by computes every one of these aggregates: the count of rows, and
     * sum, min and max (default options) of integer and floating-point columns.
     */
    static boolean rowGroupBy(Schema schema, List<Aggregate> aggregates) {
        for (Aggregate a : aggregates) {
            if (a.aggregation == null) {
                continue;
            }
            AggregateFunction f = a.aggregation.function();
            int i = schema.indexOf(a.aggregation.column());
            ArrowType type = i < 0 ? null : schema.field(i).type();
            boolean numeric = type instanceof ArrowType.Int || type instanceof ArrowType.FloatingPoint;
            if (!numeric || !(f == AggregateFunction.SUM || f == AggregateFunction.MIN || f == AggregateFunction.MAX)
                    || !a.aggregation.equals(Aggregation.of(a.aggregation.column(), f))) {
                return false;
            }
        }
        return true;
    }

    /** The columns the aggregates take values from, each once, in order of first mention. */
    static List<String> valueColumns(List<Aggregate> aggregates) {
        LinkedHashSet<String> columns = new LinkedHashSet<>();
        for (Aggregate aggregate : aggregates) {
            if (aggregate.aggregation != null) {
                columns.add(aggregate.aggregation.column());
            }
        }
        return List.copyOf(columns);
    }

    /**
     * The aggregations of quiver-compute's grouped aggregation for these aggregates: the count of rows as
     * the count of every value of the first key.
     */
    static List<Aggregation> aggregations(List<Aggregate> aggregates, String firstKey) {
        return aggregates.stream().map(a -> a.aggregation != null ? a.aggregation
                : Aggregation.of(firstKey, AggregateFunction.COUNT).count(CountMode.ALL)).toList();
    }

    /** Renames the aggregate columns of a grouped aggregation's result (keys first) to their output names. */
    static RecordBatch rename(RecordBatch result, int keyCount, List<Aggregate> aggregates) {
        List<Field> fields = new ArrayList<>(result.schema().fields());
        for (int a = 0; a < aggregates.size(); a++) {
            fields.set(keyCount + a, fields.get(keyCount + a).withName(aggregates.get(a).outputName()));
        }
        return new RecordBatch(new Schema(fields), result.columns(), result.rowCount());
    }

    /**
     * The key columns of {@code result}, then one column per aggregate: {@code count}, or
     * {@code COL_sum}, {@code COL_min}, {@code COL_max}.
     */
    static RecordBatch project(GroupByResult result, int keyCount, List<String> values, List<Aggregate> aggregates) {
        Schema schema = result.batch().schema();
        List<Field> fields = new ArrayList<>();
        List<Array> columns = new ArrayList<>();
        for (int k = 0; k < keyCount; k++) {
            fields.add(schema.field(k));
            columns.add(result.key(k));
        }
        for (Aggregate aggregate : aggregates) {
            // GroupByResult's columns: the keys, count, then v_count, v_sum, v_min, v_max per value column.
            int index = keyCount;
            if (aggregate.aggregation != null) {
                int base = keyCount + 1 + 4 * values.indexOf(aggregate.aggregation.column());
                index = switch (aggregate.aggregation.function()) {
                    case SUM -> base + 1;
                    case MIN -> base + 2;
                    case MAX -> base + 3;
                    default -> throw new IllegalStateException(aggregate.text + " is not of the row group-by");
                };
            }
            fields.add(schema.field(index));
            columns.add(result.batch().column(index));
        }
        return new RecordBatch(new Schema(fields), columns, result.groupCount());
    }
}
