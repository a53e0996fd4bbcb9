// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import dev.quiver.core.type.Schema;
import java.util.Map;

/**
 * Record batches of one schema written one at a time to some output (an IPC file or stream, integration
 * JSON, CSV, a C stream, a Flight stream). Closing finishes the output (for example, writes an IPC
 * file's footer); a writer whose output fails leaves it unfinished, and one that writes a path leaves no
 * partial file.
 *
 * <p>Failures of the output are unchecked exceptions of the implementation's own (for IPC,
 * {@code IpcException}).
 */
public interface RecordBatchWriter extends AutoCloseable {
    /**
     * The schema every batch must have.
     *
     * @return the schema
     */
    Schema schema();

    /**
     * Writes a batch.
     *
     * @param batch a batch of {@link #schema()}
     */
    default void write(RecordBatch batch) {
        write(batch, Map.of());
    }

    /**
     * Writes a batch with metadata of its own, where the format carries it (an IPC message's custom
     * metadata, Flight's {@code app_metadata}); formats without a place for it refuse non-empty metadata.
     *
     * @param batch a batch of {@link #schema()}
     * @param metadata key-value pairs for this batch's message, possibly empty
     */
    void write(RecordBatch batch, Map<String, String> metadata);

    /** Finishes the output and releases it. */
    @Override
    void close();
}
