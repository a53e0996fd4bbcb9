// SPDX-License-Identifier: Apache-2.0
/** Quiver Parquet: Apache Parquet files read into and written from Arrow record batches, in pure Java. */
module dev.quiver.parquet {
    requires transitive dev.quiver.core;
    requires dev.quiver.ipc;
    requires com.github.luben.zstd_jni;
    requires org.lz4.java;
    requires snappy.java;
    requires dec;

    exports dev.quiver.parquet;
    exports dev.quiver.parquet.format;
}
