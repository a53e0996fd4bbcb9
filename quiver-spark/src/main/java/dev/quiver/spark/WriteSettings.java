// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.ipc.compression.CompressionType;
import java.io.Serializable;
import java.util.Locale;
import java.util.Map;

/**
 * The writing options a task needs, sent with the writer factory to the executors.
 *
 * @param batchRows the rows of each record batch written
 * @param maxRowsPerFile the rows after which a task starts another file (0: one file per task)
 * @param compression the body compression: {@code none}, {@code zstd} or {@code lz4}
 */
record WriteSettings(int batchRows, long maxRowsPerFile, String compression) implements Serializable {
    /** The option of the rows per record batch (default 65,536). */
    static final String BATCH_ROWS = "batchRows";
    /** The option of the most rows per file (default 0: no limit). */
    static final String MAX_ROWS_PER_FILE = "maxRowsPerFile";
    /** The option of the compression: none (the default), zstd or lz4. */
    static final String COMPRESSION = "compression";

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
        String compression = options.getOrDefault(COMPRESSION, "none").toLowerCase(Locale.ROOT);
        if (!compression.equals("none") && !compression.equals("zstd") && !compression.equals("lz4")) {
            throw new QuiverSparkException("option " + COMPRESSION + " is none, zstd or lz4, not " + compression);
        }
        return new WriteSettings(batchRows, maxRows, compression);
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
     * The IPC writing options of these settings.
     *
     * @return the options
     */
    IpcWriteOptions ipcOptions() {
        return switch (compression) {
            case "zstd" -> IpcWriteOptions.DEFAULT.withCodec(CompressionCodec.of(CompressionType.ZSTD));
            case "lz4" -> IpcWriteOptions.DEFAULT.withCodec(CompressionCodec.of(CompressionType.LZ4_FRAME));
            default -> IpcWriteOptions.DEFAULT;
        };
    }
}
