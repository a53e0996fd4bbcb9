// SPDX-License-Identifier: Apache-2.0
/** Quiver Parquet: Apache Parquet files read into and written from Arrow record batches, in pure Java. */
module dev.quiver.parquet {
    requires transitive dev.quiver.core;
    exports dev.quiver.parquet;
}
