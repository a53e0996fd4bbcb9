// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.cli.CliException;
import dev.quiver.dataset.Dataset;
import dev.quiver.dataset.DatasetException;
import dev.quiver.dataset.DatasetOptions;
import dev.quiver.dataset.Partitioning;
import dev.quiver.io.ArrowFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** How {@code flight serve} tells a dataset directory, and opens it as a flight. */
final class DatasetServing {
    private DatasetServing() {
    }

    /**
     * Whether a directory is a dataset rather than a directory of Arrow files: it holds a (not hidden)
     * subdirectory, such as a partition's, or a Parquet, CSV, TSV or NDJSON file.
     *
     * @param dir the directory served
     * @return true for a dataset
     */
    static boolean looksLikeDataset(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(p -> !p.getFileName().toString().startsWith(".")
                    && !p.getFileName().toString().startsWith("_")).anyMatch(p -> Files.isDirectory(p)
                    || isDatasetFormat(ArrowFormat.byName(p)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    private static boolean isDatasetFormat(ArrowFormat format) {
        return format == ArrowFormat.PARQUET || format == ArrowFormat.CSV || format == ArrowFormat.TSV
                || format == ArrowFormat.NDJSON;
    }

    /**
     * Opens a directory as a dataset, served as one flight named by the directory's name.
     *
     * @param dir the directory
     * @param partitioning {@code hive}, {@code dir:COL[,COL...]} or {@code none}
     * @return the service
     * @throws CliException if the partitioning is unknown or the directory is no readable dataset
     */
    static DatasetProducer producer(Path dir, String partitioning) {
        try {
            Dataset dataset = Dataset.open(dir, DatasetOptions.DEFAULT.withPartitioning(Partitioning.parse(partitioning)));
            Path name = dir.toAbsolutePath().normalize().getFileName();
            return new DatasetProducer(name == null ? "dataset" : name.toString(), dataset);
        } catch (DatasetException e) {
            throw new CliException("cannot serve " + dir + " as a dataset: " + e.getMessage(), e);
        }
    }
}
