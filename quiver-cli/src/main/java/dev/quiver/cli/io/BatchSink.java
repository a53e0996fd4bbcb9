// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.core.batch.RecordBatch;
import java.io.IOException;

/**
 * Record batches written one at a time to an output file that appears whole or not at all:
 * {@link #finish()} ends it and puts it in place; closing without finishing discards it.
 */
public interface BatchSink extends AutoCloseable {
    /**
     * Writes a batch.
     *
     * @param batch a batch of the sink's schema
     */
    void write(RecordBatch batch);

    /**
     * Ends the output (footer, end-of-stream marker, closing brackets) and puts the file in place.
     *
     * @throws IOException if the output cannot be ended or moved into place (nothing new then appears)
     */
    void finish() throws IOException;

    /**
     * Discards the output unless it was finished: no new file, an existing file untouched.
     *
     * @throws IOException if the temporary file cannot be deleted
     */
    @Override
    void close() throws IOException;
}
