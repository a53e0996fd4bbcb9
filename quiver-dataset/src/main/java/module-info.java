// SPDX-License-Identifier: Apache-2.0
/**
 * Quiver dataset: many files as one table. A directory, a glob or a list of Arrow, CSV or NDJSON files,
 * with hive or directory partitions, read as one schema unified across the files, and scanned with
 * projection and partition pruning on every core.
 */
module dev.quiver.dataset {
    requires transitive dev.quiver.core;
    requires transitive dev.quiver.io;
    requires transitive dev.quiver.compute;
    requires transitive dev.quiver.parquet;

    exports dev.quiver.dataset;
}
