// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;

/** Record batches read one at a time from some input; closing releases the input (and mapped memory). */
public interface BatchSource extends AutoCloseable {
    /** The schema of every batch. */
    Schema schema();

    /** The next batch, or null at the end. */
    RecordBatch next();

    /** The format read. */
    DataFormat format();

    @Override
    void close();
}
