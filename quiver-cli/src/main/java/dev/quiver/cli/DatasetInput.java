// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.text.Sizes;
import dev.quiver.compute.ComputeException;
import dev.quiver.csv.CsvReadOptions;
import dev.quiver.dataset.Dataset;
import dev.quiver.dataset.DatasetOptions;
import dev.quiver.dataset.Fragment;
import dev.quiver.dataset.Partitioning;
import dev.quiver.dataset.Scan;
import dev.quiver.dataset.Scanner;
import dev.quiver.io.ArrowFormat;
import dev.quiver.io.ArrowOptions;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** A file or a directory of files read as a dataset, with the command line's filter and columns. */
final class DatasetInput {
    private DatasetInput() {
    }

    /**
     * Describes a scan's input: {@code dataset of 4 Arrow file files, 12.5 KiB}.
     *
     * @param scan the scan
     * @return the description
     */
    static String describe(Scan scan) {
        long bytes = scan.dataset().fragments().stream().mapToLong(Fragment::size).sum();
        return label(scan) + ", " + Sizes.bytes(bytes);
    }

    /**
     * Names a scan's input: its files' format, and how many there are when more than one.
     *
     * @param scan the scan
     * @return the name
     */
    static String label(Scan scan) {
        List<Fragment> files = scan.dataset().fragments();
        String label = files.getFirst().format().label();
        return files.size() == 1 ? label : "dataset of " + files.size() + " " + label + " files";
    }

    /**
     * Scans a dataset.
     *
     * @param path a directory or a file
     * @param format the files' format, or null to take it from their names
     * @param csv how to read CSV files
     * @param partitioning {@code hive}, {@code dir:COL[,COL...]} or {@code none}
     * @param where the filter's text, or null
     * @param columns the columns, comma-separated, or null for all
     * @return the scan, to be closed
     */
    static Scan scan(Path path, ArrowFormat format, CsvReadOptions csv, String partitioning,
            String where, String columns) {
        try {
            DatasetOptions options = DatasetOptions.DEFAULT.withFormat(format)
                    .withPartitioning(Partitioning.parse(partitioning))
                    .withRead(ArrowOptions.DEFAULT.withCsvRead(csv));
            Scanner scanner = Dataset.open(path, options).scanner();
            if (columns != null) {
                scanner.columns(Arrays.stream(columns.split(",")).map(String::trim).filter(c -> !c.isEmpty())
                        .toArray(String[]::new));
            }
            if (where != null) {
                scanner.filter(where);
            }
            return scanner.scan();
        } catch (ComputeException e) {
            throw new CliException("--where: " + e.getMessage(), CliException.USAGE);
        }
    }
}
