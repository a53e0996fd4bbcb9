// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.Inputs;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.ParquetWriteOptions;
import dev.quiver.parquet.ParquetWriter;
import dev.quiver.parquet.format.CompressionCodec;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/** {@code convert} to Parquet: every batch of the input into a {@link ParquetWriter} with the codec asked for. */
final class ParquetConversion {
    private ParquetConversion() {
    }

    /** The write options of a {@code --codec} name (SNAPPY when none is given). */
    static ParquetWriteOptions options(String codecName) {
        if (codecName == null) {
            return ParquetWriteOptions.DEFAULT;
        }
        try {
            return ParquetWriteOptions.DEFAULT.withCodec(ParquetWriteOptions.codecNamed(codecName));
        } catch (IllegalArgumentException e) {
            throw new CliException("--codec: " + e.getMessage(), CliException.USAGE);
        }
    }

    /** Writes every batch of {@code source} to {@code out} ({@code -}: standard output); returns a summary line. */
    static String copy(RecordBatchReader source, Path in, Path out, ParquetWriteOptions options,
            Consumer<RecordBatch> written) throws IOException {
        boolean stdout = Inputs.isStdio(out);
        if (!stdout && !Inputs.isStdio(in) && Files.exists(out) && Files.isSameFile(in, out)) {
            throw new CliException("the output " + out + " is the input: write to another file");
        }
        long batches = 0;
        long rows = 0;
        try (ParquetWriter writer = stdout
                ? ParquetWriter.open(Channels.newChannel(new FileOutputStream(FileDescriptor.out)), source.schema(),
                        options)
                : ParquetWriter.open(out, source.schema(), options)) {
            for (RecordBatch batch : source) {
                writer.write(batch);
                written.accept(batch);
                batches++;
                rows += batch.rowCount();
            }
        } catch (ParquetException e) {
            throw new CliException(e.getMessage());
        }
        return "wrote " + (stdout ? "standard output" : out) + " (Parquet, "
                + CompressionCodec.name(options.codec()) + "): " + Sizes.count(batches, "batch", "batches") + ", "
                + Sizes.count(rows, "row", "rows") + (stdout ? "" : ", " + Sizes.bytes(Files.size(out)));
    }
}
