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
 * vectors (top-level columns; a struct is read whole), and a Parquet file decodes only those. Filters are
 * offered to the source ({@link FragmentSource#push}): predicates on partition keys prune files and are not
 * evaluated again; predicates a Parquet file's statistics can use skip row groups, and Spark still filters the
 * rows read; the rest is Spark's alone.
 */
final class FragmentScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns, SupportsPushDownV2Filters {
    private final FragmentSource source;
    private final StructType schema;
    private final ReadSettings settings;
    private StructType readSchema;
    private Pushdown pushdown = Pushdown.none(new Predicate[0]);

    FragmentScanBuilder(FragmentSource source, StructType schema, ReadSettings settings) {
        this.source = source;
        this.schema = schema;
        this.settings = settings;
        this.readSchema = schema;
    }

    @Override
    public void pruneColumns(StructType requiredSchema) {
        List<StructField> kept = new ArrayList<>();
        List<String> names = List.of(schema.fieldNames());
        for (StructField wanted : requiredSchema.fields()) {
            int k = names.indexOf(wanted.name());
            if (k >= 0) {
                kept.add(schema.fields()[k]);
            }
        }
        this.readSchema = new StructType(kept.toArray(StructField[]::new));
    }

    @Override
    public Predicate[] pushPredicates(Predicate[] predicates) {
        pushdown = source.push(predicates);
        return pushdown.postScan();
    }

    @Override
    public Predicate[] pushedPredicates() {
        return pushdown.pushed();
    }

    @Override
    public Scan build() {
        return new FragmentScan(source, readSchema, pushdown, settings);
    }
}
