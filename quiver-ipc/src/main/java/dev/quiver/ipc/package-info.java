// SPDX-License-Identifier: Apache-2.0
/**
 * The Arrow IPC formats. {@link dev.quiver.ipc.IpcStreamWriter} and {@link dev.quiver.ipc.IpcStreamReader}
 * write and read the stream format (a schema message, then dictionary and record batch messages, then
 * the end-of-stream marker); {@link dev.quiver.ipc.IpcFileWriter} and {@link dev.quiver.ipc.IpcFileReader}
 * the file format, whose footer gives random access to the record batches and which a reader can map
 * into memory and read without copying. Readers and writers are the
 * {@link dev.quiver.core.batch.RecordBatchReader} and {@link dev.quiver.core.batch.RecordBatchWriter} of
 * quiver-core, each opened by static {@code open} factories (a path, a channel, a stream, a memory
 * segment). {@link dev.quiver.ipc.IpcMessages} lists a file's or stream's messages without reading
 * their bodies. {@link dev.quiver.ipc.IpcWriteOptions} and
 * {@link dev.quiver.ipc.IpcReadOptions} choose alignment, compression, byte order, validation and
 * allocator. Malformed input ends in an {@link dev.quiver.ipc.IpcException}.
 */
package dev.quiver.ipc;
