// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Plans a scan of a fragment source. Projection is pushed down: only the columns Spark asks for become
 * vectors (top-level columns; a struct is read whole). Filters are not: neither Arrow IPC nor a Flight
 * ticket lets Quiver skip batches by their values, so every predicate is handed back to Spark to evaluate
 * after the scan, and none is reported as pushed. A source that can prune (Parquet's statistics) accepts
 * here the predicates it uses.
 */
final class FragmentScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns, SupportsPushDownV2Filters {
    private final FragmentSource source;
    private final StructType schema;
    private final ReadSettings settings;
    private int[] columns;
    private StructType readSchema;

    FragmentScanBuilder(FragmentSource source, StructType schema, ReadSettings settings) {
        this.source = source;
        this.schema = schema;
        this.settings = settings;
        this.columns = new int[schema.fields().length];
        for (int k = 0; k < columns.length; k++) {
            columns[k] = k;
        }
        this.readSchema = schema;
    }

    @Override
    public void pruneColumns(StructType requiredSchema) {
        List<StructField> kept = new ArrayList<>();
        List<Integer> indices = new ArrayList<>();
        List<String> names = List.of(schema.fieldNames());
        for (StructField wanted : requiredSchema.fields()) {
            int k = names.indexOf(wanted.name());
            if (k >= 0) {
                kept.add(schema.fields()[k]);
                indices.add(k);
            }
        }
        this.columns = indices.stream().mapToInt(Integer::intValue).toArray();
        this.readSchema = new StructType(kept.toArray(StructField[]::new));
    }

    @Override
    public Predicate[] pushPredicates(Predicate[] predicates) {
        return predicates;
    }

    @Override
    public Predicate[] pushedPredicates() {
        return new Predicate[0];
    }

    @Override
    public Scan build() {
        return new FragmentScan(source, readSchema, columns, settings);
    }
}
