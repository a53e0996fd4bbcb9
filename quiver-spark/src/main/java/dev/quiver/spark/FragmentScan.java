// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import java.util.List;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructType;

/**
 * A batch scan of a fragment source's columns: one input partition per fragment the pushed filter leaves,
 * read as columnar batches. The fragments are planned once, when first asked for.
 */
final class FragmentScan implements Scan, Batch {
    private final FragmentSource source;
    private final StructType readSchema;
    private final Pushdown pushdown;
    private final ReadSettings settings;
    private ScanPlan plan;

    FragmentScan(FragmentSource source, StructType readSchema, Pushdown pushdown, ReadSettings settings) {
        this.source = source;
        this.readSchema = readSchema;
        this.pushdown = pushdown;
        this.settings = settings;
    }

    /**
     * The scan's plan: its fragments and the counts of the files and row groups its filter left out.
     *
     * @return the plan, made on the first call
     */
    synchronized ScanPlan plan() {
        if (plan == null) {
            plan = source.plan(pushdown);
        }
        return plan;
    }

    @Override
    public StructType readSchema() {
        return readSchema;
    }

    @Override
    public String description() {
        ScanPlan p = plan();
        String files = p.files() == 0 ? "" : ", files " + (p.files() - p.filesPruned()) + " of " + p.files()
                + (p.rowGroups() == 0 ? "" : ", row groups " + p.rowGroupsRead() + " of " + p.rowGroups());
        return "Quiver " + source.getClass().getSimpleName() + " " + readSchema.simpleString() + ", "
                + p.fragments().size() + " fragments" + files;
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        return plan().fragments().toArray(InputPartition[]::new);
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        List<String> keys = source.partitionKeys();
        int[] keyIndex = new int[readSchema.fields().length];
        for (int k = 0; k < keyIndex.length; k++) {
            keyIndex[k] = keys.indexOf(readSchema.fields()[k].name());
        }
        return new FragmentReaderFactory(readSchema, keyIndex, settings);
    }
}
