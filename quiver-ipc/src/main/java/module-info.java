// SPDX-License-Identifier: Apache-2.0
/**
 * Quiver IPC: the Arrow IPC stream and file formats (reading, writing, memory-mapped files),
 * dictionary batches, and body compression with pluggable codecs.
 */
module dev.quiver.ipc {
    requires transitive dev.quiver.core;
    requires com.github.luben.zstd_jni;
    requires org.lz4.java;

    exports dev.quiver.ipc;
    exports dev.quiver.ipc.compression;
}
