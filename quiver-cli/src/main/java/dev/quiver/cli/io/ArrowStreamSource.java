// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcStreamReader;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** The batches of an Arrow IPC stream read from a file. */
final class ArrowStreamSource implements BatchSource {
    private final IpcStreamReader reader;
    private final FileChannel channel;

    ArrowStreamSource(Path path, IpcReadOptions options) throws IOException {
        this.channel = FileChannel.open(path, StandardOpenOption.READ);
        try {
            this.reader = new IpcStreamReader(channel, options);
        } catch (RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    @Override
    public Schema schema() {
        return reader.schema();
    }

    @Override
    public RecordBatch next() {
        return reader.next();
    }

    @Override
    public DataFormat format() {
        return DataFormat.ARROW_STREAM;
    }

    @Override
    public void close() {
        reader.close();
    }
}
