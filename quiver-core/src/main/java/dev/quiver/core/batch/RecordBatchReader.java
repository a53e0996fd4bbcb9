// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import dev.quiver.core.type.Schema;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Record batches of one schema, read one at a time from some source (an IPC file or stream, integration
 * JSON, CSV, a C stream, a Flight stream). A reader is read once: iterate it, stream it, or call
 * {@link #readNext()}; then close it, which releases its input.
 *
 * <pre>{@code
 * try (RecordBatchReader reader = ...) {
 *     for (RecordBatch batch : reader) {
 *         total += batch.rowCount();
 *     }
 * }
 * }</pre>
 *
 * <p>Failures of the source are unchecked exceptions of the implementation's own (for IPC,
 * {@code IpcException}).
 */
public interface RecordBatchReader extends Iterable<RecordBatch>, AutoCloseable {
    /**
     * The schema of every batch.
     *
     * @return the schema
     */
    Schema schema();

    /**
     * Reads the next batch.
     *
     * @return the batch, or empty at the end of the source
     */
    Optional<RecordBatch> readNext();

    /**
     * The metadata of the batch last read, where the format carries it (an IPC message's custom
     * metadata, Flight's {@code app_metadata}); what {@link RecordBatchWriter#write(RecordBatch, Map)}
     * wrote with it.
     *
     * @return the key-value pairs of the batch last read; empty before the first batch, after the end,
     *     and for formats without a place for them
     */
    default Map<String, String> batchMetadata() {
        return Map.of();
    }

    /**
     * The batches not read yet, in order. The iterator reads ahead by one batch when asked whether there
     * is a next one.
     *
     * @return an iterator over the remaining batches
     */
    @Override
    default Iterator<RecordBatch> iterator() {
        return new Iterator<>() {
            private Optional<RecordBatch> ahead;

            @Override
            public boolean hasNext() {
                if (ahead == null) {
                    ahead = readNext();
                }
                return ahead.isPresent();
            }

            @Override
            public RecordBatch next() {
                if (!hasNext()) {
                    throw new NoSuchElementException("no more record batches");
                }
                RecordBatch batch = ahead.get();
                ahead = null;
                return batch;
            }
        };
    }

    /**
     * The results of {@code work} applied to each batch not read yet, in the batches' order: each
     * {@code next()} reads one batch and returns what {@code work} made of it. Readers that decode batches
     * on several threads (an IPC file reader) apply {@code work} there too, to several batches at once,
     * right after decoding each: {@code work} must then be safe to call from several threads. This one
     * applies it on the caller's thread.
     *
     * <p>The batch is lent to {@code work}: a reader may reuse its memory once {@code work} returns (an IPC
     * file reader does for decompressed buffers, while the core still holds them), and then any access
     * to it throws {@link IllegalStateException}; while {@code work} runs, the batch may be readable on
     * {@code work}'s thread only. Return what {@code work} computed, or copies, not the batch or its
     * arrays.
     *
     * @param work what to compute from each batch; its exceptions reach the caller of {@code next()}
     * @param <R> the type of the results
     * @return an iterator over the results
     */
    default <R> Iterator<R> mapBatches(Function<? super RecordBatch, ? extends R> work) {
        Iterator<RecordBatch> batches = iterator();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return batches.hasNext();
            }

            @Override
            public R next() {
                return work.apply(batches.next());
            }
        };
    }

    /**
     * The batches not read yet, as a sequential stream (closing the stream does not close the reader).
     *
     * @return a stream of the remaining batches
     */
    default Stream<RecordBatch> stream() {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(),
                Spliterator.ORDERED | Spliterator.NONNULL), false);
    }

    /** Releases the input (and, for memory-mapped files, the mapping). */
    @Override
    void close();
}
