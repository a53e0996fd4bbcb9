// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.io.ArrowFormat;
import dev.quiver.io.ArrowOptions;
import dev.quiver.parquet.ParquetWriteOptions;
import java.util.List;
import java.util.Objects;

/**
 * How to write a dataset.
 *
 * @param format the files' format: an Arrow file, an Arrow stream, Parquet, CSV, TSV or NDJSON
 * @param partitioning {@link Partitioning.Scheme#HIVE hive} ({@code key=value} directories) or
 *     {@link Partitioning.Scheme#DIRECTORY directory} (values only) directories for the
 *     {@code partitionBy} columns; ignored when there are none
 * @param partitionBy the columns whose values choose a row's directory, in directory order; they are
 *     not written into the files
 * @param maxRowsPerFile the most rows a file holds; a partition with more gets more files
 * @param maxRowsPerBatch the most rows each batch of a file holds (larger ones are sliced)
 * @param maxOpenFiles the most files open at once; past it the least recently written is finished,
 *     and its partition's next rows start a new file
 * @param basenameTemplate the files' names, with {@code {i}} replaced by a counter (for example
 *     {@code part-{i}.arrow})
 * @param existing what to do with files already in the directory
 * @param write the options each file is written with (IPC compression, CSV options)
 * @param parquet the options Parquet files are written with (codec, row group size, encodings…), or null
 *     for those {@code write} implies (its codec, else SNAPPY)
 */
public record DatasetWriteOptions(ArrowFormat format, Partitioning.Scheme partitioning, List<String> partitionBy,
        long maxRowsPerFile, long maxRowsPerBatch, int maxOpenFiles, String basenameTemplate,
        ExistingData existing, ArrowOptions write, ParquetWriteOptions parquet) {
    /** Arrow files, hive partitioning on no column, no row limits, 256 open files, {@code part-{i}}, refusing existing data. */
    public static final DatasetWriteOptions DEFAULT = new DatasetWriteOptions(ArrowFormat.FILE,
            Partitioning.Scheme.HIVE, List.of(), Long.MAX_VALUE, Long.MAX_VALUE, 256, null, ExistingData.ERROR,
            ArrowOptions.DEFAULT, null);

    /**
     * Checks the options.
     *
     * @throws IllegalArgumentException if a limit is not positive, the template lacks {@code {i}}, the
     *     format is integration JSON or the partitioning is none while columns are named
     */
    public DatasetWriteOptions {
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(partitioning, "partitioning");
        Objects.requireNonNull(existing, "existing");
        Objects.requireNonNull(write, "write");
        partitionBy = List.copyOf(partitionBy);
        if (maxRowsPerFile <= 0 || maxRowsPerBatch <= 0 || maxOpenFiles <= 0) {
            throw new IllegalArgumentException("row and file limits must be positive");
        }
        if (basenameTemplate != null && !basenameTemplate.contains("{i}")) {
            throw new IllegalArgumentException("the file name template must hold {i}: " + basenameTemplate);
        }
        if (format == ArrowFormat.JSON) {
            throw new IllegalArgumentException("integration JSON is not a dataset format");
        }
        if (partitioning == Partitioning.Scheme.NONE && !partitionBy.isEmpty()) {
            throw new IllegalArgumentException("partition columns need hive or directory partitioning");
        }
    }

    /**
     * The file name template, or the default one for the format ({@code part-{i}.arrow}, {@code .arrows},
     * {@code .parquet}, {@code .csv}, {@code .tsv}, {@code .ndjson}).
     *
     * @return the template
     */
    public String template() {
        if (basenameTemplate != null) {
            return basenameTemplate;
        }
        return "part-{i}." + switch (format) {
            case FILE -> "arrow";
            case STREAM -> "arrows";
            case CSV -> "csv";
            case TSV -> "tsv";
            case NDJSON -> "ndjson";
            case PARQUET -> "parquet";
            case JSON -> throw new IllegalStateException("integration JSON is not a dataset format");
        };
    }

    /**
     * These options with a format.
     *
     * @param newFormat the files' format
     * @return the new options
     */
    public DatasetWriteOptions withFormat(ArrowFormat newFormat) {
        return new DatasetWriteOptions(newFormat, partitioning, partitionBy, maxRowsPerFile, maxRowsPerBatch,
                maxOpenFiles, basenameTemplate, existing, write, parquet);
    }

    /**
     * These options partitioned by columns.
     *
     * @param scheme hive or directory
     * @param columns the partition columns, in directory order
     * @return the new options
     */
    public DatasetWriteOptions withPartitionBy(Partitioning.Scheme scheme, String... columns) {
        return new DatasetWriteOptions(format, scheme, List.of(columns), maxRowsPerFile, maxRowsPerBatch,
                maxOpenFiles, basenameTemplate, existing, write, parquet);
    }

    /**
     * These options with a row limit per file.
     *
     * @param rows the most rows a file holds
     * @return the new options
     */
    public DatasetWriteOptions withMaxRowsPerFile(long rows) {
        return new DatasetWriteOptions(format, partitioning, partitionBy, rows, maxRowsPerBatch, maxOpenFiles,
                basenameTemplate, existing, write, parquet);
    }

    /**
     * These options with a row limit per batch.
     *
     * @param rows the most rows a batch holds
     * @return the new options
     */
    public DatasetWriteOptions withMaxRowsPerBatch(long rows) {
        return new DatasetWriteOptions(format, partitioning, partitionBy, maxRowsPerFile, rows, maxOpenFiles,
                basenameTemplate, existing, write, parquet);
    }

    /**
     * These options with a limit on open files.
     *
     * @param files the most files open at once
     * @return the new options
     */
    public DatasetWriteOptions withMaxOpenFiles(int files) {
        return new DatasetWriteOptions(format, partitioning, partitionBy, maxRowsPerFile, maxRowsPerBatch, files,
                basenameTemplate, existing, write, parquet);
    }

    /**
     * These options with a file name template.
     *
     * @param template the files' names, holding {@code {i}}
     * @return the new options
     */
    public DatasetWriteOptions withBasenameTemplate(String template) {
        return new DatasetWriteOptions(format, partitioning, partitionBy, maxRowsPerFile, maxRowsPerBatch,
                maxOpenFiles, template, existing, write, parquet);
    }

    /**
     * These options with a choice for existing files.
     *
     * @param choice what to do with files already in the directory
     * @return the new options
     */
    public DatasetWriteOptions withExisting(ExistingData choice) {
        return new DatasetWriteOptions(format, partitioning, partitionBy, maxRowsPerFile, maxRowsPerBatch,
                maxOpenFiles, basenameTemplate, choice, write, parquet);
    }

    /**
     * These options with Parquet write options.
     *
     * @param newParquet the options Parquet files are written with, or null for those the write options imply
     * @return the new options
     */
    public DatasetWriteOptions withParquet(ParquetWriteOptions newParquet) {
        return new DatasetWriteOptions(format, partitioning, partitionBy, maxRowsPerFile, maxRowsPerBatch,
                maxOpenFiles, basenameTemplate, existing, write, newParquet);
    }

    /**
     * These options with write options for each file.
     *
     * @param newWrite the options each file is written with
     * @return the new options
     */
    public DatasetWriteOptions withWrite(ArrowOptions newWrite) {
        return new DatasetWriteOptions(format, partitioning, partitionBy, maxRowsPerFile, maxRowsPerBatch,
                maxOpenFiles, basenameTemplate, existing, newWrite, parquet);
    }
}
