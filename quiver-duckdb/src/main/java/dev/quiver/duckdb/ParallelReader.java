// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A reader whose batches are finished by the threads that scan them, in parallel. DuckDB runs a scan on
 * several threads; each takes the next batch in turn, one at a time ({@link #take()}, cheap: the batch's
 * place in the file, say), and then finishes it alone while the other threads finish theirs (the
 * returned supplier: copying, validating, decoding). A {@link ProjectingSource} whose {@code open}
 * returns a {@code ParallelReader} is scanned that way; any other reader's batches are each read in full
 * under the scan's lock, one at a time.
 */
public interface ParallelReader extends RecordBatchReader {
    /**
     * Takes the next batch, to be finished by the caller; called by one thread at a time, in order.
     *
     * @return the work that gives the batch (called once, by the taking thread, possibly while other
     *     threads take and finish later batches); empty at the end
     */
    Optional<Supplier<RecordBatch>> take();

    /**
     * The next batch, taken and finished on this thread.
     *
     * @return the next batch; empty at the end
     */
    @Override
    default Optional<RecordBatch> readNext() {
        return take().map(Supplier::get);
    }
}
