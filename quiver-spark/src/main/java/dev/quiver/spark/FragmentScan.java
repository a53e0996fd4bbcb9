// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructType;

/** A batch scan of a fragment source's columns: one input partition per fragment, read as columnar batches. */
final class FragmentScan implements Scan, Batch {
    private final FragmentSource source;
    private final StructType readSchema;
    private final int[] columns;
    private final ReadSettings settings;

    FragmentScan(FragmentSource source, StructType readSchema, int[] columns, ReadSettings settings) {
        this.source = source;
        this.readSchema = readSchema;
        this.columns = columns;
        this.settings = settings;
    }

    @Override
    public StructType readSchema() {
        return readSchema;
    }

    @Override
    public String description() {
        return "Quiver " + source.getClass().getSimpleName() + " " + readSchema.simpleString() + ", "
                + source.fragments().size() + " fragments";
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        return source.fragments().toArray(InputPartition[]::new);
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new FragmentReaderFactory(readSchema, columns, settings);
    }
}
