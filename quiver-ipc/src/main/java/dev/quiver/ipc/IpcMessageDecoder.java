// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.Schema;
import java.lang.foreign.MemorySegment;
import java.util.Map;

/**
 * Decodes the messages of an IPC stream handed over one by one, unframed (as Arrow Flight's
 * {@code FlightData} carries them: the {@code Message} flatbuffer and the body apart): a schema first,
 * then dictionary batches (new, delta, replacement), applied as they come, and record batches. The same
 * decoder and checks as {@link IpcStreamReader}; malformed input ends in an {@link IpcException}.
 */
public final class IpcMessageDecoder {
    /** What one message was. */
    public sealed interface Decoded {
    }

    /**
     * The schema message.
     *
     * @param schema the schema
     * @param metadata the message's custom metadata
     */
    public record SchemaMessage(Schema schema, Map<String, String> metadata) implements Decoded {
    }

    /**
     * A dictionary batch, now applied.
     *
     * @param id the dictionary id
     * @param delta whether it appended to the dictionary rather than replaced it
     */
    public record DictionaryMessage(long id, boolean delta) implements Decoded {
    }

    /**
     * A record batch.
     *
     * @param batch the batch, with the dictionaries applied so far
     * @param metadata the message's custom metadata
     */
    public record BatchMessage(RecordBatch batch, Map<String, String> metadata) implements Decoded {
    }

    private final IpcReadOptions options;
    private Schema schema;
    private BatchReading reading;
    private long index;

    /**
     * A decoder expecting a schema message first.
     *
     * @param options how messages are read (validation, allocator, limits)
     */
    public IpcMessageDecoder(IpcReadOptions options) {
        this.options = options;
    }

    /**
     * The schema, once the schema message has been decoded.
     *
     * @return the schema, or null before it
     */
    public Schema schema() {
        return schema;
    }

    /**
     * Decodes one message. Batches are slices of {@code body} (zero-copy): it must stay accessible as long
     * as they are used.
     *
     * @param metadata the {@code Message} flatbuffer (an optional continuation marker and length prefix
     *     before it are skipped)
     * @param body the message body, at least as long as the message's {@code bodyLength}
     * @return what the message was
     * @throws IpcException if the message is malformed or invalid, its body is too short, the first message
     *     is no schema, or a second schema comes
     */
    public Decoded decode(MemorySegment metadata, MemorySegment body) {
        long n = index++;
        MemorySegment flatbuffer = withoutPrefix(metadata, n);
        Header.Message message;
        try {
            message = MessageCodec.decodeMessage(MappedFile.decodable(ArrowBuffer.wrap(flatbuffer)));
        } catch (IpcException e) {
            throw new IpcException("message " + n + ": " + e.getMessage(), e);
        }
        if (message.bodyLength() > body.byteSize()) {
            throw new IpcException("message " + n + " (" + message.header().kind() + ") is truncated: its body needs "
                    + message.bodyLength() + " bytes but has " + body.byteSize());
        }
        MessageReader.IpcMessage m = new MessageReader.IpcMessage(message,
                ArrowBuffer.wrap(body.asSlice(0, message.bodyLength())), 0, n);
        if (schema == null) {
            if (!(message.header() instanceof Header.SchemaHeader s)) {
                throw new IpcException(m.describe() + ": the stream must begin with a schema");
            }
            schema = s.schema();
            reading = new BatchReading(schema, options, true);
            return new SchemaMessage(schema, message.customMetadata());
        }
        return switch (message.header()) {
            case Header.Dictionary d -> {
                reading.applyDictionary(m);
                yield new DictionaryMessage(d.id(), d.delta());
            }
            case Header.Batch b -> new BatchMessage(reading.recordBatch(m), message.customMetadata());
            case Header.SchemaHeader s -> throw new IpcException(m.describe() + ": a second schema in the stream");
        };
    }

    /** The flatbuffer without an encapsulation prefix (0xFFFFFFFF and a length), which some senders keep. */
    private static MemorySegment withoutPrefix(MemorySegment metadata, long n) {
        if (metadata.byteSize() >= 8 && ArrowBuffer.wrap(metadata).getInt(0) == MessageFramer.CONTINUATION) {
            long length = ArrowBuffer.wrap(metadata).getInt(4);
            if (length < 0 || length > metadata.byteSize() - 8) {
                throw new IpcException("message " + n + ": metadata length " + length + " exceeds the "
                        + (metadata.byteSize() - 8) + " bytes given");
            }
            return metadata.asSlice(8, length);
        }
        return metadata;
    }
}
