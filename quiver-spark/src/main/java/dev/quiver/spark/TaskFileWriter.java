// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;

/**
 * One task's writer: rows become record batches of {@code batchRows} rows, written to an Arrow IPC or
 * Parquet file under a temporary name in the job's staging directory. A file is renamed to its part name when
 * complete (at the row limit, or at the task's commit); the commit message names the part files, which the
 * job's commit publishes. Abort, or a failure, deletes what the task wrote.
 */
final class TaskFileWriter implements DataWriter<InternalRow> {
    private final Path staging;
    private final String prefix;
    private final Schema schema;
    private final StructType sparkSchema;
    private final WriteSettings settings;
    private final List<String> done = new ArrayList<>();
    private ArrayBuilder[] builders;
    private ColumnAppender[] appenders;
    private RecordBatchWriter file;
    private Path temporary;
    private int batchRowCount;
    private long fileRowCount;

    TaskFileWriter(Path staging, String prefix, Schema schema, StructType sparkSchema, WriteSettings settings) {
        this.staging = staging;
        this.prefix = prefix;
        this.schema = schema;
        this.sparkSchema = sparkSchema;
        this.settings = settings;
        newBuilders();
    }

    private void newBuilders() {
        int n = schema.fields().size();
        builders = new ArrayBuilder[n];
        appenders = new ColumnAppender[n];
        for (int k = 0; k < n; k++) {
            builders[k] = ArrayBuilder.of(schema.field(k).type(), BufferAllocator.managed());
            appenders[k] = ColumnAppender.of(sparkSchema.fields()[k].dataType(), builders[k]);
        }
        batchRowCount = 0;
    }

    @Override
    public void write(InternalRow row) throws IOException {
        for (int k = 0; k < appenders.length; k++) {
            appenders[k].append(row, k);
        }
        batchRowCount++;
        fileRowCount++;
        if (batchRowCount == settings.batchRows()) {
            flush();
        }
        if (settings.maxRowsPerFile() > 0 && fileRowCount == settings.maxRowsPerFile()) {
            finishFile();
        }
    }

    private void flush() throws IOException {
        if (batchRowCount == 0) {
            return;
        }
        List<Array> columns = new ArrayList<>();
        for (ArrayBuilder builder : builders) {
            columns.add(builder.build());
        }
        RecordBatch batch = new RecordBatch(schema, columns, batchRowCount);
        if (file == null) {
            temporary = staging.resolve("." + prefix + "-" + done.size() + settings.extension() + ".tmp");
            Files.createDirectories(staging);
            file = settings.open(temporary, schema);
        }
        try {
            file.write(batch);
        } catch (QuiverException e) {
            throw new QuiverSparkException("writing " + temporary + " failed: " + e.getMessage(), e);
        }
        newBuilders();
    }

    private void finishFile() throws IOException {
        flush();
        if (file == null) {
            return;
        }
        try {
            file.close();
        } catch (QuiverException e) {
            throw new QuiverSparkException("finishing " + temporary + " failed: " + e.getMessage(), e);
        } finally {
            file = null;
        }
        String name = prefix + "-" + done.size() + settings.extension();
        Files.move(temporary, staging.resolve(name));
        temporary = null;
        done.add(name);
        fileRowCount = 0;
    }

    @Override
    public WriterCommitMessage commit() throws IOException {
        finishFile();
        return new TaskFiles(List.copyOf(done));
    }

    @Override
    public void abort() throws IOException {
        discardOpenFile();
        for (String name : done) {
            Files.deleteIfExists(staging.resolve(name));
        }
        done.clear();
    }

    private void discardOpenFile() throws IOException {
        if (file != null) {
            try {
                file.close();
            } catch (QuiverException e) {
                // The file is deleted below: a failure to finish it changes nothing.
            }
            file = null;
        }
        if (temporary != null) {
            Files.deleteIfExists(temporary);
            temporary = null;
        }
    }

    @Override
    public void close() throws IOException {
        discardOpenFile();
    }
}
