// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;
import dev.quiver.core.validation.ValidationLevel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Encodes the messages of an IPC stream one by one, unframed, for transports that carry IPC messages
 * their own way (Arrow Flight): the schema message, then for each batch the dictionary batches it needs
 * (first sight, delta or replacement, as {@link IpcStreamWriter} writes them) and the record batch. The
 * same serializer as the stream and file writers; only the framing is left to the caller.
 */
public final class IpcMessageEncoder {
    private final Schema schema;
    /** The schema as the caller gave it, perhaps with dictionary fields lacking ids. */
    private final Schema given;
    private final Map<String, String> schemaMessageMetadata;
    private final RecordBatchSerializer serializer;
    private final DictionaryTracker dictionaries = new DictionaryTracker(true);

    /**
     * An encoder for batches of one schema.
     *
     * @param schema the schema of every batch
     * @param options how messages are encoded (compression, alignment, byte order, schema metadata)
     * @throws IpcException if the schema cannot be written (too deeply nested, dictionary ids shared by
     *     different value types); dictionary-encoded fields without an id are numbered
     */
    public IpcMessageEncoder(Schema schema, IpcWriteOptions options) {
        IpcLimits.checkNestingDepth(schema);
        Schema numbered = DictionaryFields.withIds(schema);
        this.given = schema;
        this.schema = numbered.withEndianness(options.byteOrder());
        this.schemaMessageMetadata = options.schemaMessageMetadata();
        this.serializer = new RecordBatchSerializer(options);
    }

    /**
     * The schema as encoded (with the output byte order).
     *
     * @return the schema of the schema message
     */
    public Schema schema() {
        return schema;
    }

    /**
     * The schema message.
     *
     * @return the encoded message, with an empty body
     */
    public EncodedMessage encodeSchema() {
        return new EncodedMessage(MessageCodec.encodeSchema(schema, schemaMessageMetadata), MessageBody.EMPTY);
    }

    /**
     * The messages of one batch: the dictionary batches it needs, then the record batch (last).
     *
     * @param batch a batch whose column types (and dictionary ids) are the encoder's schema's
     * @param messageMetadata the custom metadata of the record batch message
     * @return the messages, in the order they must be sent
     * @throws IpcException if the batch does not match the schema, is invalid, or cannot be compressed
     */
    public List<EncodedMessage> encodeBatch(RecordBatch batch, Map<String, String> messageMetadata) {
        BatchWriter.checkSchema(schema, given, batch);
        List<ArrayData> columns = new ArrayList<>();
        for (Array column : batch.columns()) {
            try {
                column.data().validate(ValidationLevel.STRUCTURE);
            } catch (QuiverException e) {
                throw new IpcException("cannot write invalid data: " + e.getMessage(), e);
            }
            columns.add(column.data());
        }
        List<DictionaryTracker.Pending> pending = dictionaries.update(schema.fields(), columns);
        List<EncodedMessage> out = new ArrayList<>(pending.size() + 1);
        try {
            for (DictionaryTracker.Pending p : pending) {
                RecordBatchSerializer.Serialized s = serializer.serialize(p.data().length(), List.of(p.data()));
                Header.Dictionary header = new Header.Dictionary(p.id(), p.delta(), s.header());
                out.add(new EncodedMessage(MessageCodec.encodeDictionary(header, s.body().length()), s.body()));
            }
            RecordBatchSerializer.Serialized s = serializer.serialize(batch.rowCount(), columns);
            out.add(new EncodedMessage(MessageCodec.encodeBatch(s.header(), s.body().length(), messageMetadata),
                    s.body()));
        } catch (IOException e) {
            throw new IpcException("encoding a batch failed: " + e.getMessage(), e);
        }
        return out;
    }
}
