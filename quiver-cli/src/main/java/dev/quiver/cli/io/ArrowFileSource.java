// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcReadOptions;
import java.nio.file.Path;

/** The batches of a memory-mapped Arrow IPC file, in footer order. */
final class ArrowFileSource implements BatchSource {
    private final IpcFileReader reader;
    private int next;

    ArrowFileSource(Path path, IpcReadOptions options) {
        this.reader = IpcFileReader.map(path, options);
    }

    @Override
    public Schema schema() {
        return reader.schema();
    }

    @Override
    public RecordBatch next() {
        return next < reader.batchCount() ? reader.batch(next++) : null;
    }

    @Override
    public DataFormat format() {
        return DataFormat.ARROW_FILE;
    }

    @Override
    public void close() {
        reader.close();
    }
}
