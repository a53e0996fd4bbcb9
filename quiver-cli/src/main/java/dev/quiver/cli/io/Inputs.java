// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.cli.CliException;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.ArrowType;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcStreamReader;
import dev.quiver.json.IntegrationJsonReader;
import dev.quiver.json.JsonReadOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Opens an input file of any supported format as a {@link RecordBatchReader}: an Arrow file
 * memory-mapped, an Arrow stream or integration JSON read batch by batch, CSV read whole.
 */
public final class Inputs {
    private Inputs() {
    }

    /** Opens {@code path} with full validation of Arrow input; CSV columns typed by {@code csvTypes}. */
    public static RecordBatchReader open(Path path, Map<String, ArrowType> csvTypes) throws IOException {
        return open(path, DataFormat.ofInput(path), csvTypes, IpcReadOptions.DEFAULT);
    }

    /** Opens {@code path} with full validation of Arrow input. */
    public static RecordBatchReader open(Path path) throws IOException {
        return open(path, Map.of());
    }

    /** Opens {@code path} as {@code format}; JSON is read with the validation and allocator of {@code options}. */
    public static RecordBatchReader open(Path path, DataFormat format, Map<String, ArrowType> csvTypes,
            IpcReadOptions options) throws IOException {
        if (!Files.isRegularFile(path)) {
            throw new CliException(Files.exists(path) ? "not a regular file: " + path : "no such file: " + path);
        }
        if (format != DataFormat.CSV && !csvTypes.isEmpty()) {
            throw new CliException("--types applies to CSV input only, not " + format.label(), CliException.USAGE);
        }
        return switch (format) {
            case ARROW_FILE -> IpcFileReader.map(path, options);
            case ARROW_STREAM -> IpcStreamReader.open(path, options);
            case JSON -> IntegrationJsonReader.open(path,
                    JsonReadOptions.DEFAULT.withValidation(options.validation()).withAllocator(options.allocator()));
            case CSV -> CsvInput.read(path, csvTypes);
        };
    }

    /** Opens an Arrow file or stream only (refuses CSV and JSON). */
    public static RecordBatchReader openArrow(Path path, IpcReadOptions options) throws IOException {
        DataFormat format = DataFormat.ofInput(path);
        if (!format.isArrow()) {
            throw new CliException(path + " is " + format.label() + ", not an Arrow file or stream");
        }
        return open(path, format, Map.of(), options);
    }
}
