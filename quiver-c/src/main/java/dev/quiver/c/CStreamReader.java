// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Schema;
import dev.quiver.core.validation.ValidationLevel;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;
import java.util.Optional;

/**
 * A {@link RecordBatchReader} over an imported {@code ArrowArrayStream}. The batches are imported without
 * copying; each is independent of the stream (as the spec says) and its producer memory is released
 * when it is unreachable, or at once by closing what {@link #readNextImported()} returns. Closing the
 * reader releases the stream (also done by a cleaner if the reader is dropped unclosed). An error of the
 * producer is a {@link CDataException} with its errno code and message.
 */
public final class CStreamReader implements RecordBatchReader {
    private static final Cleaner CLEANER = Cleaner.create();

    private final ProducerRelease stream;
    private final Cleaner.Cleanable cleanable;
    private final ValidationLevel validation;
    private final Schema schema;
    private boolean ended;

    CStreamReader(MemorySegment address, ValidationLevel validation) {
        if (address == null || address.address() == 0) {
            throw new CDataException("ArrowArrayStream: the address is null");
        }
        MemorySegment source = CStructs.at(address, CStructs.STREAM);
        if (CStructs.pointer(source, CStructs.ST_RELEASE) == 0) {
            throw new CDataException("ArrowArrayStream: the structure is released (its release callback is null)");
        }
        this.stream = new ProducerRelease(source, CStructs.STREAM, CStructs.ST_RELEASE);
        this.cleanable = CLEANER.register(this, stream);
        this.validation = validation;
        try {
            this.schema = readSchema();
        } catch (RuntimeException e) {
            cleanable.clean();
            throw e;
        }
    }

    private Schema readSchema() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(CStructs.SCHEMA);
            call(CStructs.ST_GET_SCHEMA, out, "get_schema");
            return SchemaImport.importSchema(out);
        }
    }

    private void call(long function, MemorySegment out, String name) {
        MemorySegment s = stream.struct();
        int code = CStructs.callGet(CStructs.pointer(s, function), s, out);
        if (code != 0) {
            long lastError = CStructs.pointer(s, CStructs.ST_GET_LAST_ERROR);
            String message = lastError == 0 ? null : CStructs.callGetLastError(lastError, s);
            throw new CDataException("ArrowArrayStream: " + name + " failed with errno " + code
                    + (message == null ? "" : ": " + message));
        }
    }

    @Override
    public Schema schema() {
        return schema;
    }

    /**
     * Reads the next batch; its producer memory is released when it is unreachable.
     *
     * @return the batch, or empty at the end of the stream
     * @throws CDataException if the producer fails, or the batch is invalid
     * @throws IllegalStateException if the reader is closed
     */
    @Override
    public Optional<RecordBatch> readNext() {
        return readNextImported().map(Imported::value);
    }

    /**
     * Reads the next batch with the handle that releases its producer memory on close.
     *
     * @return the imported batch, or empty at the end of the stream
     * @throws CDataException if the producer fails, or the batch is invalid
     * @throws IllegalStateException if the reader is closed
     */
    public Optional<Imported<RecordBatch>> readNextImported() {
        if (stream.isReleased()) {
            throw new IllegalStateException("the stream reader is closed");
        }
        if (ended) {
            return Optional.empty();
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(CStructs.ARRAY);
            call(CStructs.ST_GET_NEXT, out, "get_next");
            if (CStructs.pointer(out, CStructs.A_RELEASE) == 0) {
                ended = true;
                return Optional.empty();
            }
            return Optional.of(ArrayImport.importBatch(out, schema, validation));
        }
    }

    /** Releases the stream (batches read stay valid); closing twice does nothing. */
    @Override
    public void close() {
        cleanable.clean();
    }
}
