// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** A readable table over a fragment source (Arrow files, a flight). */
final class FragmentTable implements SupportsRead {
    private final String name;
    private final FragmentSource source;
    private final StructType schema;
    private final Map<String, String> options;

    FragmentTable(String name, FragmentSource source, Map<String, String> options) {
        this.name = name;
        this.source = source;
        this.schema = SparkSchemas.toSpark(source.schema());
        this.options = new HashMap<>(options);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    @SuppressWarnings("deprecation")
    public StructType schema() {
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
        return new FragmentScanBuilder(source, schema, ReadSettings.of(new CaseInsensitiveStringMap(all)));
    }
}
