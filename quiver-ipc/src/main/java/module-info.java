// SPDX-License-Identifier: Apache-2.0
/**
 * Quiver IPC: the Arrow IPC stream and file formats (reading, writing, memory-mapped files),
 * dictionary batches, and body compression with pluggable codecs.
 */
@SuppressWarnings("module") // the qualified export names dev.quiver.cli, built after this module
module dev.quiver.ipc {
    requires transitive dev.quiver.core;
    requires com.github.luben.zstd_jni;
    requires org.lz4.java;

    exports dev.quiver.ipc;
    exports dev.quiver.ipc.compression;
    // The generated FlatBuffers bindings are no public API; the CLI's message scanner reads them until
    // quiver-ipc offers a public message-level reader.
    exports dev.quiver.ipc.flatbuf to dev.quiver.cli;
}
