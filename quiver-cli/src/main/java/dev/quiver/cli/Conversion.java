// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.Formats;
import dev.quiver.cli.io.Inputs;
import dev.quiver.cli.io.Outputs;
import dev.quiver.cli.text.Progress;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.csv.CsvReadOptions;
import dev.quiver.csv.CsvReader;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcStreamReader;
import dev.quiver.ipc.IpcWriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.function.Consumer;

/** Copies the batches of a source into a new output file. */
final class Conversion {
    private Conversion() {
    }

    /**
     * Converts the Arrow IPC input {@code in}, which must be in format {@code from} (fully validated on
     * reading), to {@code out} in format {@code to}; returns a one-line summary.
     */
    static String copyIpc(Path in, ArrowFormat from, Path out, ArrowFormat to, IpcWriteOptions options)
            throws IOException {
        if (Formats.ofInput(in) != from) {
            throw new CliException(in + " is not an " + (from == ArrowFormat.FILE ? "Arrow file" : "Arrow stream"));
        }
        try (RecordBatchReader source = Inputs.open(in, from, CsvReadOptions.DEFAULT,
                IpcReadOptions.DEFAULT)) {
            return copy(source, in, out, to, options);
        }
    }

    /** The format of an input: {@code given}, or what its name or content tell. */
    static ArrowFormat formatOf(Path in, ArrowFormat given) throws IOException {
        if (given != null) {
            return given;
        }
        if (Inputs.isStdio(in)) {
            throw new CliException("reading standard input ('-') needs --from FORMAT", CliException.USAGE);
        }
        return Formats.ofInput(in);
    }

    /**
     * Writes every batch of {@code source} to {@code out} ({@code -}: standard output) as {@code format};
     * returns a one-line summary.
     */
    static String copy(RecordBatchReader source, Path in, Path out, ArrowFormat format, IpcWriteOptions options)
            throws IOException {
        return copy(source, in, out, format, options, batch -> { });
    }

    /**
     * Writes every batch of {@code source} to {@code out} ({@code -}: standard output) as {@code format},
     * handing each to {@code written} once written; returns a one-line summary. A CSV source shows a
     * progress bar when stderr is a terminal.
     */
    static String copy(RecordBatchReader source, Path in, Path out, ArrowFormat format, IpcWriteOptions options,
            Consumer<RecordBatch> written) throws IOException {
        boolean stdout = Inputs.isStdio(out);
        if (!stdout && !Inputs.isStdio(in) && Files.exists(out) && Files.isSameFile(in, out)) {
            throw new CliException("the output " + out + " is the input: write to another file");
        }
        long[] batchesAndRows = new long[2];
        long total = source instanceof CsvReader && !Inputs.isStdio(in) ? Files.size(in) : 0;
        try (Progress progress = Progress.start("converting " + in.getFileName(), total)) {
            Outputs.write(out, format, source.schema(), options, writer -> {
                if (source instanceof IpcStreamReader && format.isArrow()) {
                    // The stream reader lends each batch in memory that the next one reuses (mapBatches); an
                    // IPC writer is done with a batch when write returns.
                    Iterator<Long> rows = source.mapBatches(batch -> {
                        writer.write(batch);
                        written.accept(batch);
                        return batch.rowCount();
                    });
                    while (rows.hasNext()) {
                        batchesAndRows[1] += rows.next();
                        batchesAndRows[0]++;
                    }
                    return;
                }
                long done = 0;
                for (RecordBatch batch : source) {
                    writer.write(batch);
                    written.accept(batch);
                    batchesAndRows[0]++;
                    batchesAndRows[1] += batch.rowCount();
                    if (source instanceof CsvReader csv && csv.bytesRead() > done) {
                        progress.advance(csv.bytesRead() - done);
                        done = csv.bytesRead();
                    }
                }
            });
        }
        long batches = batchesAndRows[0];
        long rows = batchesAndRows[1];
        String codec = format.isArrow() && options.codec() != null ? ", " + options.codec().type() : "";
        return "wrote " + (stdout ? "standard output" : out) + " (" + format.label() + codec + "): "
                + Sizes.count(batches, "batch", "batches") + ", " + Sizes.count(rows, "row", "rows")
                + (stdout ? "" : ", " + Sizes.bytes(Files.size(out)));
    }
}
