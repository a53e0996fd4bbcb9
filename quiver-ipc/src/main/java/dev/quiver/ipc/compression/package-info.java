// SPDX-License-Identifier: Apache-2.0
/**
 * Body compression of IPC record batches: the {@link dev.quiver.ipc.compression.CompressionCodec}
 * interface, the compression types of the format ({@link dev.quiver.ipc.compression.CompressionType}),
 * and codecs for both: {@link dev.quiver.ipc.compression.Lz4FrameCodec} and
 * {@link dev.quiver.ipc.compression.ZstdCodec}.
 */
package dev.quiver.ipc.compression;
