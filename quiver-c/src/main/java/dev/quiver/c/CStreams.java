// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.validation.ValidationLevel;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.util.Objects;

/**
 * The C Stream interface: a {@link RecordBatchReader} exported as an {@code ArrowArrayStream}, and an
 * {@code ArrowArrayStream} imported as a reader.
 */
public final class CStreams {
    /** The layout of {@code struct ArrowArrayStream}, to allocate one. */
    public static final StructLayout ARROW_ARRAY_STREAM = CStructs.STREAM;

    private CStreams() {
    }

    /**
     * Fills the {@code ArrowArrayStream} at {@code out} with a stream over {@code reader}; the stream owns
     * the reader from now on and closes it when the consumer releases the stream. Errors of the reader reach
     * the consumer as errno codes ({@code EINVAL}, {@code ENOMEM}, {@code EIO}) with their message.
     *
     * @param reader the batches to hand out
     * @param out the address of an {@code ArrowArrayStream} (its contents are overwritten)
     * @throws NullPointerException if an argument is null
     * @throws CDataException if {@code out} is the null address
     */
    public static void exportReader(RecordBatchReader reader, MemorySegment out) {
        Objects.requireNonNull(reader, "reader");
        StreamExport.exportReader(reader, CData.target(out, "ArrowArrayStream"));
    }

    /**
     * Imports the {@code ArrowArrayStream} at {@code stream} (moved: the original is marked released) with
     * structural validation of each batch.
     *
     * @param stream the address of the producer's stream
     * @return a reader of its batches; close it to release the stream
     * @throws CDataException if the address is null, the stream released, or its schema bad
     */
    public static CStreamReader importReader(MemorySegment stream) {
        return importReader(stream, ValidationLevel.STRUCTURE);
    }

    /**
     * Imports the {@code ArrowArrayStream} at {@code stream} (moved: the original is marked released).
     *
     * @param stream the address of the producer's stream
     * @param validation how much of each batch to check beyond its structure, which is always checked
     * @return a reader of its batches; close it to release the stream
     * @throws CDataException if the address is null, the stream released, or its schema bad
     */
    public static CStreamReader importReader(MemorySegment stream, ValidationLevel validation) {
        return new CStreamReader(stream, Objects.requireNonNull(validation, "validation"));
    }
}
