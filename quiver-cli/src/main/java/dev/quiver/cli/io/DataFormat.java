// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.cli.CliException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/** The formats the command reads and writes, told apart by file name or, for input, by content. */
public enum DataFormat {
    /** Comma-separated values with a header line. */
    CSV("CSV"),
    /** Tab-separated values with a header line. */
    TSV("TSV"),
    /** The Arrow IPC file format (random access, ARROW1 magic). */
    ARROW_FILE("Arrow file"),
    /** The Arrow IPC stream format. */
    ARROW_STREAM("Arrow stream"),
    /** The Arrow integration-test JSON format (plain or gzip-compressed). */
    JSON("integration JSON"),
    /** Newline-delimited JSON: one object per line ({@code .ndjson}, {@code .jsonl}). */
    NDJSON("NDJSON");

    private static final byte[] ARROW_MAGIC = {'A', 'R', 'R', 'O', 'W', '1'};

    private final String label;

    DataFormat(String label) {
        this.label = label;
    }

    /** A readable name, e.g. {@code Arrow file}. */
    public String label() {
        return label;
    }

    /** Whether this is CSV or TSV (read and written by quiver-csv). */
    public boolean isDelimited() {
        return this == CSV || this == TSV;
    }

    /**
     * The format a {@code --from}/{@code --to} name gives: {@code csv}, {@code tsv}, {@code arrow} (or
     * {@code file}), {@code arrows} (or {@code stream}), {@code json}, {@code ndjson}
     * (or {@code jsonl}).
     */
    public static DataFormat named(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "csv" -> CSV;
            case "tsv" -> TSV;
            case "arrow", "file", "arrow_file", "feather" -> ARROW_FILE;
            case "arrows", "stream", "arrow_stream" -> ARROW_STREAM;
            case "json" -> JSON;
            case "ndjson", "jsonl" -> NDJSON;
            default -> throw new CliException("unknown format '" + name + "' (csv, tsv, arrow, arrows, json, ndjson)",
                    CliException.USAGE);
        };
    }

    /** Whether this is one of the two Arrow IPC formats. */
    public boolean isArrow() {
        return this == ARROW_FILE || this == ARROW_STREAM;
    }

    /** The format a file name implies, or null when the name says nothing. */
    public static DataFormat byName(Path path) {
        String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".csv")) {
            return CSV;
        }
        if (name.endsWith(".tsv")) {
            return TSV;
        }
        if (name.endsWith(".ndjson") || name.endsWith(".jsonl")) {
            return NDJSON;
        }
        if (name.endsWith(".json") || name.endsWith(".json.gz")) {
            return JSON;
        }
        if (name.endsWith(".arrow") || name.endsWith(".arrow_file") || name.endsWith(".feather")) {
            return ARROW_FILE;
        }
        if (name.endsWith(".arrows") || name.endsWith(".stream")) {
            return ARROW_STREAM;
        }
        return null;
    }

    /**
     * The format of an existing input: CSV, TSV, JSON and NDJSON by name; otherwise by content (the ARROW1 magic
     * makes a file, a JSON or gzip start makes JSON, anything else is read as a stream).
     */
    public static DataFormat ofInput(Path path) throws IOException {
        DataFormat named = byName(path);
        if (named != null && (named.isDelimited() || named == JSON || named == NDJSON)) {
            return named;
        }
        if (!Files.isRegularFile(path)) {
            throw new CliException(Files.exists(path) ? "not a regular file: " + path : "no such file: " + path);
        }
        byte[] head = new byte[ARROW_MAGIC.length];
        int n;
        try (InputStream in = Files.newInputStream(path)) {
            n = in.readNBytes(head, 0, head.length);
        }
        if (n == head.length && Arrays.equals(head, ARROW_MAGIC)) {
            return ARROW_FILE;
        }
        if (named == null && n >= 2 && (head[0] == '{' || (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b)) {
            return JSON;
        }
        return ARROW_STREAM;
    }

    /** The format of an output: {@code arrowFormat} (when given) for Arrow names or unknown names. */
    public static DataFormat ofOutput(Path path, DataFormat arrowFormat) {
        DataFormat named = byName(path);
        if (arrowFormat != null && (named == null || named.isArrow())) {
            return arrowFormat;
        }
        if (named == null) {
            throw new CliException("cannot tell the format of " + path + " from its name (.csv, .tsv, .arrow, "
                    + ".arrows, .json, .json.gz, .ndjson, .jsonl); use --format file|stream for Arrow", CliException.USAGE);
        }
        return named;
    }
}
