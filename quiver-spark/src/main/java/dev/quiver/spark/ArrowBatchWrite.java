// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;

/**
 * A job writing Arrow IPC or Parquet files into a directory through Spark's commit protocol. Tasks write into the hidden
 * staging directory {@code _quiver-JOB} of the output (Spark's readers, and this connector's, skip names
 * starting with {@code _}); the job's commit first empties the output when it overwrites, then moves the
 * files the committed tasks named into it and deletes the staging directory, with every file of failed,
 * killed or losing speculative attempts in it. An abort deletes the staging directory and leaves the output
 * as it was. A job whose tasks wrote no rows publishes one file of the schema and no batches, so that the
 * output can be read back.
 */
final class ArrowBatchWrite implements Write, BatchWrite {
    private final Path output;
    private final String jobId;
    private final StructType sparkSchema;
    private final WriteSettings settings;
    private final boolean truncate;

    ArrowBatchWrite(Path output, String jobId, StructType sparkSchema, WriteSettings settings, boolean truncate) {
        this.output = output;
        this.jobId = jobId;
        this.sparkSchema = sparkSchema;
        this.settings = settings;
        this.truncate = truncate;
        SparkSchemas.toArrow(sparkSchema);
    }

    private Path staging() {
        return output.resolve("_quiver-" + jobId);
    }

    @Override
    public BatchWrite toBatch() {
        return this;
    }

    @Override
    public String description() {
        return "Quiver " + (settings.parquet() ? "Parquet" : "Arrow") + " files into " + output;
    }

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
        try {
            Files.createDirectories(staging());
        } catch (IOException e) {
            throw new QuiverSparkException("cannot create " + staging() + ": " + e.getMessage(), e);
        }
        return new ArrowWriterFactory(staging().toString(), jobId, sparkSchema, settings);
    }

    @Override
    public void commit(WriterCommitMessage[] messages) {
        try {
            if (truncate) {
                try (Stream<Path> entries = Files.list(output)) {
                    for (Path entry : entries.filter(p -> !p.equals(staging())).toList()) {
                        deleteTree(entry);
                    }
                }
            }
            boolean any = false;
            for (WriterCommitMessage message : messages) {
                if (message instanceof TaskFiles files) {
                    for (String name : files.names()) {
                        Files.move(staging().resolve(name), output.resolve(name));
                        any = true;
                    }
                }
            }
            if (!any) {
                writeEmpty();
            }
            deleteTree(staging());
        } catch (IOException | UncheckedIOException e) {
            throw new QuiverSparkException("committing the write into " + output + " failed: " + e.getMessage(), e);
        }
    }

    private void writeEmpty() throws IOException {
        Schema schema = SparkSchemas.toArrow(sparkSchema);
        String name = "part-00000-" + jobId + "-empty" + settings.extension();
        Path temporary = staging().resolve("." + name + ".tmp");
        settings.open(temporary, schema).close();
        Files.move(temporary, output.resolve(name));
    }

    @Override
    public void abort(WriterCommitMessage[] messages) {
        try {
            deleteTree(staging());
        } catch (IOException | UncheckedIOException e) {
            throw new QuiverSparkException("cleaning up " + staging() + " after a failed write failed: "
                    + e.getMessage(), e);
        }
    }

    /**
     * Deletes a file, or a directory and everything in it.
     *
     * @param root the file or directory; nothing happens if it does not exist
     * @throws IOException if a deletion fails
     */
    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> tree = Files.walk(root)) {
            List<Path> all = tree.sorted(Comparator.reverseOrder()).toList();
            for (Path p : all) {
                Files.deleteIfExists(p);
            }
        }
    }
}
