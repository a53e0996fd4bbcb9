// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.cli.CliException;
import dev.quiver.core.type.ArrowType;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.json.IntegrationJsonReader;
import dev.quiver.json.JsonFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Opens an input file of any supported format as a {@link BatchSource}. */
public final class Inputs {
    private Inputs() {
    }

    /** Opens {@code path} with full validation of Arrow input; CSV columns typed by {@code csvTypes}. */
    public static BatchSource open(Path path, Map<String, ArrowType> csvTypes) throws IOException {
        return open(path, DataFormat.ofInput(path), csvTypes, IpcReadOptions.DEFAULT);
    }

    /** Opens {@code path} with full validation of Arrow input. */
    public static BatchSource open(Path path) throws IOException {
        return open(path, Map.of());
    }

    /** Opens {@code path} as {@code format}. */
    public static BatchSource open(Path path, DataFormat format, Map<String, ArrowType> csvTypes,
            IpcReadOptions options) throws IOException {
        if (!Files.isRegularFile(path)) {
            throw new CliException(Files.exists(path) ? "not a regular file: " + path : "no such file: " + path);
        }
        if (format != DataFormat.CSV && !csvTypes.isEmpty()) {
            throw new CliException("--types applies to CSV input only, not " + format.label(), CliException.USAGE);
        }
        return switch (format) {
            case ARROW_FILE -> new ArrowFileSource(path, options);
            case ARROW_STREAM -> new ArrowStreamSource(path, options);
            case JSON -> {
                JsonFile file = new IntegrationJsonReader().read(path);
                yield new ListSource(file.schema(), file.batches(), DataFormat.JSON);
            }
            case CSV -> CsvInput.read(path, csvTypes);
        };
    }

    /** Opens an Arrow file or stream only (refuses CSV and JSON). */
    public static BatchSource openArrow(Path path, IpcReadOptions options) throws IOException {
        DataFormat format = DataFormat.ofInput(path);
        if (!format.isArrow()) {
            throw new CliException(path + " is " + format.label() + ", not an Arrow file or stream");
        }
        return open(path, format, Map.of(), options);
    }
}
