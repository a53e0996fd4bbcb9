// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.row.GroupByResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/** One {@code --agg} of {@code quiver group-by}: {@code count}, or sum, min or max of a column. */
record Aggregate(Kind kind, String column) {
    /** What an aggregate computes. */
    enum Kind { COUNT, SUM, MIN, MAX }

    /** Parses {@code count}, {@code sum:COL}, {@code min:COL} or {@code max:COL}. */
    static Aggregate parse(String text) {
        if (text.equals("count")) {
            return new Aggregate(Kind.COUNT, null);
        }
        int colon = text.indexOf(':');
        String name = colon < 0 ? "" : text.substring(0, colon);
        if (colon > 0 && colon < text.length() - 1 && (name.equals("sum") || name.equals("min")
                || name.equals("max"))) {
            return new Aggregate(Kind.valueOf(name.toUpperCase(Locale.ROOT)), text.substring(colon + 1));
        }
        throw new CliException("--agg: " + text + " is not count, sum:COL, min:COL or max:COL", CliException.USAGE);
    }

    /** Parses every {@code --agg}. */
    static List<Aggregate> parseAll(List<String> texts) {
        return texts.stream().map(Aggregate::parse).toList();
    }

    /** The columns the aggregates take values from, each once, in order of first mention. */
    static List<String> valueColumns(List<Aggregate> aggregates) {
        LinkedHashSet<String> columns = new LinkedHashSet<>();
        for (Aggregate aggregate : aggregates) {
            if (aggregate.kind != Kind.COUNT) {
                columns.add(aggregate.column);
            }
        }
        return List.copyOf(columns);
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
            int base = aggregate.kind == Kind.COUNT ? 0 : keyCount + 1 + 4 * values.indexOf(aggregate.column);
            int index = switch (aggregate.kind) {
                case COUNT -> keyCount;
                case SUM -> base + 1;
                case MIN -> base + 2;
                case MAX -> base + 3;
            };
            fields.add(schema.field(index));
            columns.add(result.batch().column(index));
        }
        return new RecordBatch(new Schema(fields), columns, result.groupCount());
    }
}
