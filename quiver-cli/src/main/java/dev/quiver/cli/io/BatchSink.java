package dev.quiver.cli.io;

import dev.quiver.core.batch.RecordBatch;

/** Record batches written one at a time to some output; closing finishes the output. */
public interface BatchSink extends AutoCloseable {
    /** Writes a batch. */
    void write(RecordBatch batch);

    @Override
    void close();
}
