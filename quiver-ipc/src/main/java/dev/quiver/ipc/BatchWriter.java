// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.validation.ValidationLevel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the stream and file writers share: the schema message, then for each record batch the
 * dictionary batches it needs followed by the batch itself. Remembers a failure: after one, the output
 * is incomplete and every later call fails.
 */
final class BatchWriter {
    /** Where the messages of one batch went: its dictionary batches and the record batch. */
    record Written(List<Header.Block> dictionaries, Header.Block batch) {
    }

    private final MessageFramer framer;
    private final Schema schema;
    /** The schema as the caller gave it, perhaps with dictionary fields lacking ids. */
    private final Schema given;
    private final RecordBatchSerializer serializer;
    private final DictionaryTracker dictionaries;
    private Throwable failure;

    private final Map<String, String> schemaMessageMetadata;

    BatchWriter(ByteOutput out, Schema schema, IpcWriteOptions options, boolean allowReplacement) {
        Schema numbered;
        try {
            IpcLimits.checkNestingDepth(schema);
            // Numbers dictionary-encoded fields without an id; refuses ids shared by different value types.
            numbered = DictionaryFields.withIds(schema);
        } catch (RuntimeException e) {
            try {
                out.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        this.framer = new MessageFramer(out, options.alignment());
        this.schemaMessageMetadata = options.schemaMessageMetadata();
        this.given = schema;
        this.schema = numbered.withEndianness(options.byteOrder());
        this.serializer = new RecordBatchSerializer(options, new CompressionSlots());
        this.dictionaries = new DictionaryTracker(allowReplacement);
    }

    Schema schema() {
        return schema;
    }

    ByteOutput output() {
        return framer.output();
    }

    void writeSchema() {
        run(() -> framer.write(MessageCodec.encodeSchema(schema, schemaMessageMetadata), MessageBody.EMPTY));
    }

    Written writeBatch(RecordBatch batch, Map<String, String> metadata) {
        checkSchema(schema, given, batch);
        List<ArrayData> columns = new ArrayList<>();
        for (Array column : batch.columns()) {
            try {
                column.validate(ValidationLevel.STRUCTURE);
            } catch (QuiverException e) {
                throw new IpcException("cannot write invalid data: " + e.getMessage(), e);
            }
            columns.add(column.data());
        }
        if (failure != null) {
            throw new IpcException("an earlier write failed; the output is incomplete", failure);
        }
        List<DictionaryTracker.Pending> pending = dictionaries.update(schema.fields(), columns);
        List<Header.Block> dictionaryBlocks = new ArrayList<>();
        Header.Block[] block = new Header.Block[1];
        run(() -> {
            for (DictionaryTracker.Pending p : pending) {
                RecordBatchSerializer.Serialized s = serializer.serialize(p.data().length(), List.of(p.data()));
                Header.Dictionary header = new Header.Dictionary(p.id(), p.delta(), s.header());
                dictionaryBlocks.add(framer.write(MessageCodec.encodeDictionary(header, s.body().length()), s.body()));
            }
            RecordBatchSerializer.Serialized s = serializer.serialize(batch.rowCount(), columns);
            block[0] = framer.write(MessageCodec.encodeBatch(s.header(), s.body().length(), metadata), s.body());
            return null;
        });
        return new Written(dictionaryBlocks, block[0]);
    }

    /** Refuses a batch whose column types or dictionary ids are not those of {@code schema}. */
    /**
     * Refuses a batch whose column types or dictionary ids are neither the writer's schema's nor those of
     * the schema it was given (whose dictionary fields may lack the ids the writer numbered).
     */
    static void checkSchema(Schema schema, Schema given, RecordBatch batch) {
        if (!sameTypesAndIds(schema, batch.schema()) && !sameTypesAndIds(given, batch.schema())) {
            throw new IpcException("the batch's schema " + batch.schema() + " does not match the writer's " + schema);
        }
    }

    private static boolean sameTypesAndIds(Schema schema, Schema other) {
        List<Field> expected = schema.fields();
        List<Field> actual = other.fields();
        boolean same = expected.size() == actual.size();
        for (int i = 0; same && i < expected.size(); i++) {
            same = expected.get(i).type().equals(actual.get(i).type())
                    && java.util.Objects.equals(expected.get(i).dictionaryId(), actual.get(i).dictionaryId());
        }
        return same;
    }

    void writeEndOfStream() {
        run(() -> {
            framer.writeEndOfStream();
            return null;
        });
    }

    void writeFooterAndClose(Header.Footer footer) {
        run(() -> {
            java.nio.ByteBuffer bytes = MessageCodec.encodeFooter(footer);
            int length = bytes.remaining();
            output().write(bytes);
            output().writeIntLE(length);
            output().write(IpcFileReader.MAGIC);
            return null;
        });
    }

    /** Closes the output; throws if an earlier write failed (the output is then incomplete). */
    void close() {
        try {
            output().close();
        } catch (IOException e) {
            fail(e);
        }
        if (failure != null) {
            throw new IpcException("an earlier write failed; the output is incomplete", failure);
        }
    }

    boolean failed() {
        return failure != null;
    }

    private interface Step<T> {
        T run() throws IOException;
    }

    private <T> T run(Step<T> step) {
        if (failure != null) {
            throw new IpcException("an earlier write failed; the output is incomplete", failure);
        }
        try {
            return step.run();
        } catch (IOException e) {
            throw fail(e);
        } catch (RuntimeException e) {
            throw fail(e);
        }
    }

    private IpcException fail(Exception e) {
        failure = e;
        return e instanceof IpcException i ? i : new IpcException("writing failed: " + e.getMessage(), e);
    }
}
