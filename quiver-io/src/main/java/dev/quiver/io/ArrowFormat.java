// SPDX-License-Identifier: Apache-2.0
package dev.quiver.io;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The formats the front door reads and writes, and how a file's name or content tells them apart (one
 * detector for the whole project: the {@code quiver} command uses it too).
 */
public enum ArrowFormat {
    /** The Arrow IPC file format ({@code .arrow}, {@code .arrow_file}, {@code .feather}): {@code ARROW1}, messages, a footer. */
    FILE("Arrow file"),
    /** The Arrow IPC stream format ({@code .arrows}, {@code .stream}): a schema message, then batches. */
    STREAM("Arrow stream"),
    /** The Arrow integration JSON format ({@code .json}, or {@code .json.gz} gzip-compressed). */
    JSON("integration JSON"),
    /** Comma-separated values with a header line ({@code .csv}; quiver-csv). */
    CSV("CSV"),
    /** Tab-separated values with a header line ({@code .tsv}; quiver-csv with a tab delimiter). */
    TSV("TSV"),
    /** Newline-delimited JSON, one object per line ({@code .ndjson}, {@code .jsonl}; quiver-ndjson). */
    NDJSON("NDJSON"),
    /** Apache Parquet ({@code .parquet}, {@code .parq}): {@code PAR1}, column chunks, a footer (quiver-parquet). */
    PARQUET("Parquet");

    private final String label;

    ArrowFormat(String label) {
        this.label = label;
    }

    /**
     * A readable name.
     *
     * @return e.g. {@code Arrow file}, {@code CSV}
     */
    public String label() {
        return label;
    }

    /**
     * Whether this is one of the two Arrow IPC formats.
     *
     * @return true for {@link #FILE} and {@link #STREAM}
     */
    public boolean isArrow() {
        return this == FILE || this == STREAM;
    }

    /**
     * Whether this is delimited text.
     *
     * @return true for {@link #CSV} and {@link #TSV}
     */
    public boolean isDelimited() {
        return this == CSV || this == TSV;
    }

    /**
     * The format a short name gives: {@code arrow} (or {@code file}, {@code feather}), {@code arrows} (or
     * {@code stream}), {@code json}, {@code csv}, {@code tsv}, {@code ndjson} (or {@code jsonl}), {@code parquet},
     * in any case.
     *
     * @param name the short name
     * @return its format
     * @throws UnknownFormatException if the name is none of these
     */
    public static ArrowFormat named(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "arrow", "file", "arrow_file", "feather" -> FILE;
            case "arrows", "stream", "arrow_stream" -> STREAM;
            case "json" -> JSON;
            case "csv" -> CSV;
            case "tsv" -> TSV;
            case "ndjson", "jsonl" -> NDJSON;
            case "parquet" -> PARQUET;
            default -> throw new UnknownFormatException("unknown format '" + name
                    + "' (csv, tsv, arrow, arrows, json, ndjson, parquet)");
        };
    }

    /**
     * The format a file name says by its extension: {@code .arrow}, {@code .arrow_file}, {@code .feather},
     * {@code .arrows}, {@code .stream}, {@code .json}, {@code .json.gz}, {@code .csv}, {@code .tsv},
     * {@code .ndjson}, {@code .jsonl}, {@code .parquet}, {@code .parq}, in any case.
     *
     * @param path the file
     * @return its format, or null when the name says none
     */
    public static ArrowFormat byName(Path path) {
        return FormatDetection.byName(path);
    }

    /**
     * The format of an existing file: the one its name says for the text formats (CSV, TSV, NDJSON),
     * else the one its first bytes show, as {@link Arrow} describes.
     *
     * @param path the file
     * @return its format
     * @throws UnknownFormatException if neither the name nor the content shows a format
     * @throws java.io.UncheckedIOException if the file cannot be read
     */
    public static ArrowFormat of(Path path) {
        ArrowFormat named = FormatDetection.byName(path);
        return named != null && !named.isBinaryOrJson() ? named : FormatDetection.ofContent(path);
    }

    private boolean isBinaryOrJson() {
        return isArrow() || this == JSON || this == PARQUET;
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
