// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A readable table over a fragment source (Arrow files, a flight), planned when first read: Spark also makes
 * the table of a write's output (to learn it is not written through V2), which need not exist yet.
 */
final class FragmentTable implements SupportsRead {
    private final String name;
    private final Supplier<FragmentSource> planner;
    private final Map<String, String> options;
    private FragmentSource source;
    private StructType schema;

    FragmentTable(String name, Supplier<FragmentSource> planner, Map<String, String> options) {
        this.name = name;
        this.planner = planner;
        this.options = new HashMap<>(options);
    }

    private synchronized FragmentSource source() {
        if (source == null) {
            source = planner.get();
            schema = SparkSchemas.toSpark(source.schema());
        }
        return source;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    @SuppressWarnings("deprecation")
    public synchronized StructType schema() {
        source();
        return schema;
    }

    @Override
    public Set<TableCapability> capabilities() {
        return Set.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
        Map<String, String> all = new HashMap<>(options);
        all.putAll(scanOptions);
        return new FragmentScanBuilder(source(), schema(), ReadSettings.of(new CaseInsensitiveStringMap(all)));
    }
}
