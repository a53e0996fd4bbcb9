// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.type.Schema;
import dev.quiver.ipc.compression.CompressionType;
import dev.quiver.ipc.flatbuf.MessageHeader;
import dev.quiver.ipc.flatbuf.MetadataVersion;
import dev.quiver.ipc.internal.flatbuffers.FlatBufferBuilder;
import dev.quiver.ipc.internal.flatbuffers.LongVector;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Encodes and decodes the Message and Footer flatbuffers. Decoding reads every value out of the
 * flatbuffer at once, checking each count against the metadata's size, and turns any malformation
 * (including the flatbuffer library's own exceptions on bad offsets) into an {@link IpcException}.
 */
final class MessageCodec {
    private MessageCodec() {
    }

    // ---- encoding

    static ByteBuffer encodeSchema(Schema schema, Map<String, String> customMetadata) {
        FlatBufferBuilder b = new FlatBufferBuilder(1024);
        int header = SchemaConverter.write(b, schema);
        return finishMessage(b, MessageHeader.Schema, header, 0, customMetadata);
    }

    static ByteBuffer encodeBatch(Header.Batch batch, long bodyLength, Map<String, String> customMetadata) {
        FlatBufferBuilder b = new FlatBufferBuilder(1024);
        int header = writeBatch(b, batch);
        return finishMessage(b, MessageHeader.RecordBatch, header, bodyLength, customMetadata);
    }

    static ByteBuffer encodeDictionary(Header.Dictionary dictionary, long bodyLength) {
        FlatBufferBuilder b = new FlatBufferBuilder(1024);
        int data = writeBatch(b, dictionary.data());
        int header = dev.quiver.ipc.flatbuf.DictionaryBatch.createDictionaryBatch(b, dictionary.id(), data,
                dictionary.delta());
        return finishMessage(b, MessageHeader.DictionaryBatch, header, bodyLength, Map.of());
    }

    static ByteBuffer encodeFooter(Header.Footer footer) {
        FlatBufferBuilder b = new FlatBufferBuilder(1024);
        int schema = SchemaConverter.write(b, footer.schema());
        int dictionaries = writeBlocks(b, footer.dictionaries());
        int batches = writeBlocks(b, footer.recordBatches());
        int meta = SchemaConverter.writeMetadata(b, footer.customMetadata());
        int root = dev.quiver.ipc.flatbuf.Footer.createFooter(b, MetadataVersion.V5, schema, dictionaries, batches,
                meta);
        b.finish(root);
        return b.dataBuffer();
    }

    private static int writeBlocks(FlatBufferBuilder b, List<Header.Block> blocks) {
        dev.quiver.ipc.flatbuf.Footer.startRecordBatchesVector(b, blocks.size());
        for (int i = blocks.size() - 1; i >= 0; i--) {
            Header.Block block = blocks.get(i);
            dev.quiver.ipc.flatbuf.Block.createBlock(b, block.offset(), block.metadataLength(), block.bodyLength());
        }
        return b.endVector();
    }

    private static int writeBatch(FlatBufferBuilder b, Header.Batch batch) {
        int variadic = batch.variadicCounts().length == 0 ? 0
                : dev.quiver.ipc.flatbuf.RecordBatch.createVariadicBufferCountsVector(b, batch.variadicCounts());
        int compression = batch.compression() == null ? 0
                : dev.quiver.ipc.flatbuf.BodyCompression.createBodyCompression(b,
                        batch.compression().flatbufferValue(), dev.quiver.ipc.flatbuf.BodyCompressionMethod.BUFFER);
        dev.quiver.ipc.flatbuf.RecordBatch.startBuffersVector(b, batch.bufferCount());
        for (int i = batch.bufferCount() - 1; i >= 0; i--) {
            dev.quiver.ipc.flatbuf.Buffer.createBuffer(b, batch.buffers()[2 * i], batch.buffers()[2 * i + 1]);
        }
        int buffers = b.endVector();
        dev.quiver.ipc.flatbuf.RecordBatch.startNodesVector(b, batch.nodeCount());
        for (int i = batch.nodeCount() - 1; i >= 0; i--) {
            dev.quiver.ipc.flatbuf.FieldNode.createFieldNode(b, batch.nodes()[2 * i], batch.nodes()[2 * i + 1]);
        }
        int nodes = b.endVector();
        return dev.quiver.ipc.flatbuf.RecordBatch.createRecordBatch(b, batch.length(), nodes, buffers, compression,
                variadic);
    }

    private static ByteBuffer finishMessage(FlatBufferBuilder b, byte headerType, int header, long bodyLength,
            Map<String, String> customMetadata) {
        int meta = SchemaConverter.writeMetadata(b, customMetadata);
        int root = dev.quiver.ipc.flatbuf.Message.createMessage(b, MetadataVersion.V5, headerType, header,
                bodyLength, meta);
        b.finish(root);
        return b.dataBuffer();
    }

    // ---- decoding

    /** Decodes a Message flatbuffer of {@code bytes.remaining()} bytes. */
    static Header.Message decodeMessage(ByteBuffer bytes) {
        int size = bytes.remaining();
        try {
            ByteBuffer bb = bytes.slice().order(ByteOrder.LITTLE_ENDIAN);
            checkRoot(bb);
            dev.quiver.ipc.flatbuf.Message m = dev.quiver.ipc.flatbuf.Message.getRootAsMessage(bb);
            short version = m.version();
            checkVersion(version);
            long bodyLength = m.bodyLength();
            if (bodyLength < 0) {
                throw new IpcException("negative body length " + bodyLength);
            }
            Header header = switch (m.headerType()) {
                case MessageHeader.Schema -> {
                    dev.quiver.ipc.flatbuf.Schema s = (dev.quiver.ipc.flatbuf.Schema) m.header(
                            new dev.quiver.ipc.flatbuf.Schema());
                    if (s == null) {
                        throw new IpcException("schema message without a schema");
                    }
                    yield new Header.SchemaHeader(SchemaConverter.read(s, size));
                }
                case MessageHeader.RecordBatch -> {
                    dev.quiver.ipc.flatbuf.RecordBatch r = (dev.quiver.ipc.flatbuf.RecordBatch) m.header(
                            new dev.quiver.ipc.flatbuf.RecordBatch());
                    yield readBatch(r, size);
                }
                case MessageHeader.DictionaryBatch -> {
                    dev.quiver.ipc.flatbuf.DictionaryBatch d = (dev.quiver.ipc.flatbuf.DictionaryBatch) m.header(
                            new dev.quiver.ipc.flatbuf.DictionaryBatch());
                    if (d == null) {
                        throw new IpcException("dictionary batch message without a header");
                    }
                    yield new Header.Dictionary(d.id(), d.isDelta(), readBatch(d.data(), size));
                }
                case MessageHeader.Tensor, MessageHeader.SparseTensor -> throw new IpcException(
                        "tensor messages are not supported");
                default -> throw new IpcException("unknown message header type " + m.headerType());
            };
            Map<String, String> meta = SchemaConverter.readMetadata(m.customMetadataVector(),
                    m.customMetadataLength(), size);
            return new Header.Message(version, header, bodyLength, meta);
        } catch (IpcException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new IpcException("malformed message metadata (" + e + ")", e);
        }
    }

    /** Decodes a Footer flatbuffer. */
    static Header.Footer decodeFooter(ByteBuffer bytes) {
        int size = bytes.remaining();
        try {
            ByteBuffer bb = bytes.slice().order(ByteOrder.LITTLE_ENDIAN);
            checkRoot(bb);
            dev.quiver.ipc.flatbuf.Footer f = dev.quiver.ipc.flatbuf.Footer.getRootAsFooter(bb);
            // The footer's version is not checked (as Arrow C++ reads it): older writers left it out, so it
            // reads as V1; each message's own version decides.
            dev.quiver.ipc.flatbuf.Schema s = f.schema();
            if (s == null) {
                throw new IpcException("footer without a schema");
            }
            Schema schema = SchemaConverter.read(s, size);
            List<Header.Block> dictionaries = readBlocks(f.dictionariesVector(), f.dictionariesLength(), size);
            List<Header.Block> batches = readBlocks(f.recordBatchesVector(), f.recordBatchesLength(), size);
            Map<String, String> meta = SchemaConverter.readMetadata(f.customMetadataVector(),
                    f.customMetadataLength(), size);
            return new Header.Footer(schema, dictionaries, batches, meta);
        } catch (IpcException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new IpcException("malformed file footer (" + e + ")", e);
        }
    }

    private static void checkRoot(ByteBuffer bb) {
        if (bb.remaining() < 8) {
            throw new IpcException("metadata of " + bb.remaining() + " bytes is too short for a flatbuffer");
        }
    }

    private static void checkVersion(short version) {
        if (version != MetadataVersion.V4 && version != MetadataVersion.V5) {
            throw new IpcException("metadata version " + version(version) + " is not supported (only V4 and V5)");
        }
    }

    private static String version(short v) {
        return v >= 0 && v < MetadataVersion.names.length ? MetadataVersion.names[v] : Short.toString(v);
    }

    private static List<Header.Block> readBlocks(dev.quiver.ipc.flatbuf.Block.Vector vector, int length, int size) {
        List<Header.Block> out = new ArrayList<>();
        if (vector == null) {
            return out;
        }
        int n = SchemaConverter.checkedLength(length, 24, size, "footer blocks");
        for (int i = 0; i < n; i++) {
            dev.quiver.ipc.flatbuf.Block block = vector.get(i);
            out.add(new Header.Block(block.offset(), block.metaDataLength(), block.bodyLength()));
        }
        return out;
    }

    private static Header.Batch readBatch(dev.quiver.ipc.flatbuf.RecordBatch r, int size) {
        if (r == null) {
            throw new IpcException("record batch message without a header");
        }
        int nodeCount = SchemaConverter.checkedLength(r.nodesLength(), 16, size, "field nodes");
        long[] nodes = new long[2 * nodeCount];
        dev.quiver.ipc.flatbuf.FieldNode node = new dev.quiver.ipc.flatbuf.FieldNode();
        for (int i = 0; i < nodeCount; i++) {
            r.nodes(node, i);
            nodes[2 * i] = node.length();
            nodes[2 * i + 1] = node.nullCount();
        }
        int bufferCount = SchemaConverter.checkedLength(r.buffersLength(), 16, size, "buffers");
        long[] buffers = new long[2 * bufferCount];
        dev.quiver.ipc.flatbuf.Buffer buffer = new dev.quiver.ipc.flatbuf.Buffer();
        for (int i = 0; i < bufferCount; i++) {
            r.buffers(buffer, i);
            buffers[2 * i] = buffer.offset();
            buffers[2 * i + 1] = buffer.length();
        }
        LongVector counts = r.variadicBufferCountsVector();
        int variadicCount = counts == null ? 0
                : SchemaConverter.checkedLength(r.variadicBufferCountsLength(), 8, size, "variadic buffer counts");
        long[] variadic = new long[variadicCount];
        for (int i = 0; i < variadicCount; i++) {
            variadic[i] = counts.get(i);
        }
        CompressionType compression = null;
        dev.quiver.ipc.flatbuf.BodyCompression c = r.compression();
        if (c != null) {
            compression = CompressionType.ofFlatbufferValue(c.codec());
            if (compression == null) {
                throw new IpcException("unknown compression codec " + c.codec());
            }
            if (c.method() != dev.quiver.ipc.flatbuf.BodyCompressionMethod.BUFFER) {
                throw new IpcException("unknown body compression method " + c.method());
            }
        }
        return new Header.Batch(r.length(), nodes, buffers, variadic, compression);
    }
}
