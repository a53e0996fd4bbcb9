// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.compression.CompressionType;
import dev.quiver.parquet.ParquetWriteOptions;
import dev.quiver.parquet.ParquetWriter;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The writing options a task needs, sent with the writer factory to the executors.
 *
 * @param batchRows the rows of each record batch written (a Parquet file's row groups hold as many)
 * @param maxRowsPerFile the rows after which a task starts another file (0: one file per task)
 * @param compression the compression: for Arrow files {@code none}, {@code zstd} or {@code lz4}; for Parquet
 *     {@code none}, {@code snappy}, {@code gzip}, {@code zstd} or {@code lz4}
 * @param parquet whether the files are Parquet (else Arrow IPC files)
 */
record WriteSettings(int batchRows, long maxRowsPerFile, String compression, boolean parquet) implements Serializable {
    /** The option of the rows per record batch (default 65,536). */
    static final String BATCH_ROWS = "batchRows";
    /** The option of the most rows per file (default 0: no limit). */
    static final String MAX_ROWS_PER_FILE = "maxRowsPerFile";
    /** The option of the compression: none (the default), or a codec of the format. */
    static final String COMPRESSION = "compression";
    /** The option of the files' format: arrow (the default) or parquet. */
    static final String FORMAT = "format";

    /**
     * The settings of a write's options.
     *
     * @param options the options, looked up in lower case
     * @return the settings
     * @throws QuiverSparkException if an option's value is not valid
     */
    static WriteSettings of(Map<String, String> options) {
        int batchRows = (int) number(options, BATCH_ROWS, 65_536, 1, Integer.MAX_VALUE);
        long maxRows = number(options, MAX_ROWS_PER_FILE, 0, 0, Long.MAX_VALUE);
        String format = options.getOrDefault(FORMAT, "arrow").strip().toLowerCase(Locale.ROOT);
        if (!format.equals("arrow") && !format.equals("parquet")) {
            throw new QuiverSparkException("option " + FORMAT + " is arrow or parquet, not " + format);
        }
        boolean parquet = format.equals("parquet");
        String compression = options.getOrDefault(COMPRESSION, "none").strip().toLowerCase(Locale.ROOT);
        if (parquet) {
            if (!compression.equals("none") && !compression.equals("snappy") && !compression.equals("gzip")
                    && !compression.equals("zstd") && !compression.equals("lz4")) {
                throw new QuiverSparkException("option " + COMPRESSION + " of Parquet files is none, snappy, gzip, zstd "
                        + "or lz4, not " + compression);
            }
        } else if (!compression.equals("none") && !compression.equals("zstd") && !compression.equals("lz4")) {
            throw new QuiverSparkException("option " + COMPRESSION + " is none, zstd or lz4, not " + compression);
        }
        return new WriteSettings(batchRows, maxRows, compression, parquet);
    }

    private static long number(Map<String, String> options, String name, long fallback, long min, long max) {
        String text = options.get(name);
        if (text == null) {
            return fallback;
        }
        try {
            long value = Long.parseLong(text.trim());
            if (value < min || value > max) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new QuiverSparkException("option " + name + " must be a whole number from " + min + " to " + max
                    + ", not " + text);
        }
    }

    /**
     * The file name extension of these settings' files.
     *
     * @return {@code .parquet} or {@code .arrow}
     */
    String extension() {
        return parquet ? ".parquet" : ".arrow";
    }

    /**
     * Opens a file for writing in these settings' format.
     *
     * @param path the file
     * @param schema the schema of every batch
     * @return the writer, to be closed (which finishes the file)
     * @throws QuiverSparkException if the file cannot be created or the format cannot hold a column's type
     */
    RecordBatchWriter open(Path path, Schema schema) {
        try {
            if (parquet) {
                ParquetWriteOptions options = ParquetWriteOptions.DEFAULT.withThreads(1)
                        .withCodec(ParquetWriteOptions.codecNamed(compression));
                return ParquetWriter.open(path, schema, options);
            }
            return IpcFileWriter.open(path, schema, ipcOptions());
        } catch (QuiverException e) {
            throw new QuiverSparkException("cannot write " + path + ": " + e.getMessage(), e);
        }
    }

    private IpcWriteOptions ipcOptions() {
        return switch (compression) {
            case "zstd" -> IpcWriteOptions.DEFAULT.withCodec(CompressionCodec.of(CompressionType.ZSTD));
            case "lz4" -> IpcWriteOptions.DEFAULT.withCodec(CompressionCodec.of(CompressionType.LZ4_FRAME));
            default -> IpcWriteOptions.DEFAULT;
        };
    }
}
