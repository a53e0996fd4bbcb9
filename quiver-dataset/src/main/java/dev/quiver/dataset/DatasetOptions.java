// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.core.type.Schema;
import dev.quiver.io.ArrowFormat;
import dev.quiver.io.ArrowOptions;
import java.util.List;
import java.util.Objects;

/**
 * How to open a dataset.
 *
 * @param format the files' format, or null to take it from their names (all files must agree)
 * @param partitioning how directories name partition keys
 * @param schema the dataset's schema, or null to unify the files' schemas
 * @param read the options each file is read with (validation, allocator, CSV and NDJSON options)
 * @param ignorePrefixes files and directories whose names start with one of these are not part of the
 *     dataset (by default {@code .} and {@code _}, as Arrow C++ and Spark skip {@code _SUCCESS} and
 *     hidden files)
 */
public record DatasetOptions(ArrowFormat format, Partitioning partitioning, Schema schema, ArrowOptions read,
        List<String> ignorePrefixes) {
    /** Formats from file names, no partitioning, schemas unified, default read options. */
    public static final DatasetOptions DEFAULT = new DatasetOptions(null, Partitioning.none(), null,
            ArrowOptions.DEFAULT, List.of(".", "_"));

    /**
     * Checks and copies the parts.
     *
     * @throws NullPointerException if the partitioning, read options or prefixes are null
     */
    public DatasetOptions {
        Objects.requireNonNull(partitioning, "partitioning");
        Objects.requireNonNull(read, "read");
        ignorePrefixes = List.copyOf(ignorePrefixes);
    }

    /**
     * These options with a format.
     *
     * @param newFormat the files' format, or null to take it from their names
     * @return the new options
     */
    public DatasetOptions withFormat(ArrowFormat newFormat) {
        return new DatasetOptions(newFormat, partitioning, schema, read, ignorePrefixes);
    }

    /**
     * These options with a partitioning.
     *
     * @param newPartitioning how directories name partition keys
     * @return the new options
     */
    public DatasetOptions withPartitioning(Partitioning newPartitioning) {
        return new DatasetOptions(format, newPartitioning, schema, read, ignorePrefixes);
    }

    /**
     * These options with a schema given instead of unified from the files.
     *
     * @param newSchema the files' columns (partition keys are added after them), or null to unify
     * @return the new options
     */
    public DatasetOptions withSchema(Schema newSchema) {
        return new DatasetOptions(format, partitioning, newSchema, read, ignorePrefixes);
    }

    /**
     * These options with read options for the files.
     *
     * @param newRead the options each file is read with
     * @return the new options
     */
    public DatasetOptions withRead(ArrowOptions newRead) {
        return new DatasetOptions(format, partitioning, schema, newRead, ignorePrefixes);
    }
}
