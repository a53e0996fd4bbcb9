// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.Formats;
import dev.quiver.cli.io.Inputs;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.csv.CsvReadOptions;
import dev.quiver.csv.CsvTypes;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcReadOptions;
import java.io.IOException;
import dev.quiver.cli.text.Sizes;
import dev.quiver.dataset.Scan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The options of commands that read a file or a directory of files (a dataset): its format when the name
 * does not tell, how to read CSV, how directories name partition columns, and which rows and columns.
 */
final class InputOptions {
    private final OptionSpec from;
    private final OptionSpec types;
    private final OptionSpec delimiter;
    private final OptionSpec nulls;
    private final OptionSpec noHeader;
    private final OptionSpec skipRows;
    private final OptionSpec maxColumns;
    private final OptionSpec maxRecordBytes;
    private final OptionSpec partitioning;
    private final OptionSpec where;
    private final OptionSpec columns;

    /** Adds the input options to {@code command}, whose command line will hold their values. */
    InputOptions(Subcommand command) {
        this(command, true, true);
    }

    /**
     * Adds the input options to {@code command}: {@code --where} and {@code --columns} only when asked for
     * (a command that filters or joins in memory gives {@code --where} its own meaning, or reads two inputs).
     */
    InputOptions(Subcommand command, boolean withWhere, boolean withColumns) {
        from = command.option(Subcommand.valued("--from", "FORMAT", String.class,
                "The input's format: csv, tsv, arrow, arrows, json or ndjson (needed when the input is '-', "
                        + "standard input; otherwise by name or content)."));
        types = command.option(Subcommand.valued("--types", "COL=TYPE[,...]", String.class,
                "CSV input: the types of these columns; others are inferred from the first block (int64, "
                        + "decimal128 for integers beyond int64, float64, bool, date32, timestamp[us] (UTC when "
                        + "zoned), time, else utf8). Types: " + CsvTypes.SPELLINGS + "."));
        delimiter = command.option(Subcommand.valued("--delimiter", "CHAR", String.class,
                "CSV input: the field delimiter (default: ',' and tab for .tsv; 'tab' or '\\t' for tab)."));
        nulls = command.option(Subcommand.valued("--null", "TEXT", List.class,
                "CSV input: a text that is null (repeatable; replaces the defaults: empty, NULL, null, NA, "
                        + "N/A, NaN, ...). Quoted fields are never null; in text columns only the empty field is.")
                .auxiliaryTypes(String.class));
        noHeader = command.option(Subcommand.flag("--no-header",
                "CSV input: no header line; the columns are f0, f1, ..."));
        skipRows = command.option(Subcommand.valued("--skip-rows", "N", int.class,
                "CSV input: records to skip before the header (default: ${DEFAULT-VALUE}).").defaultValue("0"));
        maxColumns = command.option(Subcommand.valued("--max-columns", "N", int.class,
                "CSV input: more fields in a record is an error (default: ${DEFAULT-VALUE}; a reader holds "
                        + "memory per column).").defaultValue(String.valueOf(CsvReadOptions.DEFAULT_MAX_COLUMNS)));
        maxRecordBytes = command.option(Subcommand.valued("--max-record-bytes", "N", int.class,
                "CSV input: a longer record is an error (default: ${DEFAULT-VALUE}).")
                .defaultValue(String.valueOf(CsvReadOptions.DEFAULT_MAX_RECORD_BYTES)));
        partitioning = command.option(Subcommand.valued("--partitioning", "hive|dir:COL[,COL...]|none", String.class,
                "A directory input (a dataset: its files as one table): how its directories name partition "
                        + "columns (default: ${DEFAULT-VALUE}; hive reads key=value directories and ignores others).")
                .defaultValue("hive"));
        where = !withWhere ? null : command.option(Subcommand.valued("--where", "EXPR", String.class,
                "Only the rows where EXPR is true, such as \"year = 2024 and amount > 100\" (quiver-compute's "
                        + "expression syntax; a dataset's files whose partition values cannot match are not read)."));
        columns = !withColumns ? null : command.option(Subcommand.valued("--columns", "COL[,COL...]", String.class,
                "Only these columns, in this order; COL.FIELD[.FIELD...] is a field inside a struct column "
                        + "(null where a struct above it is null)."));
    }

    /**
     * Describes an opened input for a status line: its format and size, or for a dataset (a directory, or
     * a file read with {@code --where} or {@code --columns}) its files.
     */
    String describe(Path file, RecordBatchReader source) throws IOException {
        if (source instanceof Scan scan) {
            return DatasetInput.describe(scan);
        }
        return Conversion.formatOf(file, format()).label() + (Inputs.isStdio(file) ? "" : ", "
                + Sizes.bytes(Files.size(file)));
    }

    /** Names an opened input's format, or for a dataset its files. */
    String label(Path file, RecordBatchReader source) throws IOException {
        return source instanceof Scan scan ? DatasetInput.label(scan) : Conversion.formatOf(file, format()).label();
    }

    /** The format given by {@code --from}, or null. */
    ArrowFormat format() {
        String from = this.from.getValue();
        return from == null ? null : Formats.named(from);
    }

    /** The CSV options of the command line. */
    CsvReadOptions csv() {
        String types = this.types.getValue();
        String delimiter = this.delimiter.getValue();
        List<String> nulls = this.nulls.getValue();
        try {
            CsvReadOptions options = CsvReadOptions.DEFAULT.withTypes(CsvTypes.parseColumns(types))
                    .withSkipRows(skipRows.getValue()).withMaxColumns(maxColumns.getValue())
                    .withMaxRecordBytes(maxRecordBytes.getValue());
            if (delimiter != null) {
                options = options.withDelimiter(delimiter(delimiter));
            }
            if (nulls != null) {
                options = options.withNullValues(new LinkedHashSet<>(nulls));
            }
            if (noHeader.<Boolean>getValue()) {
                options = options.withNoHeader(null);
            }
            return options;
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage(), CliException.USAGE);
        }
    }

    /** Whether any CSV option was given. */
    boolean anyCsv() {
        return types.getValue() != null || delimiter.getValue() != null || nulls.getValue() != null
                || noHeader.<Boolean>getValue() || skipRows.<Integer>getValue() != 0
                || maxColumns.<Integer>getValue() != CsvReadOptions.DEFAULT_MAX_COLUMNS
                || maxRecordBytes.<Integer>getValue() != CsvReadOptions.DEFAULT_MAX_RECORD_BYTES;
    }

    /** Opens {@code file} ({@code -}: standard input) as these options say, Arrow input fully validated. */
    RecordBatchReader open(Path file) throws IOException {
        return open(file, BufferAllocator.managed());
    }

    /**
     * Opens {@code file} ({@code -}: standard input) as these options say, Arrow input fully validated;
     * CSV, TSV and NDJSON batches allocated from {@code allocator}.
     */
    RecordBatchReader open(Path file, BufferAllocator allocator) throws IOException {
        ArrowFormat given = format();
        String where = this.where == null ? null : this.where.<String>getValue();
        String columns = this.columns == null ? null : this.columns.<String>getValue();
        if (Files.isDirectory(file) || where != null || columns != null) {
            if (Inputs.isStdio(file)) {
                throw new CliException("--where and --columns read files and directories, not standard input",
                        CliException.USAGE);
            }
            return DatasetInput.scan(file, given, csv(), partitioning.getValue(), where, columns);
        }
        if (anyCsv() && !Inputs.isStdio(file)) {
            ArrowFormat actual = given != null ? given : Formats.ofInput(file);
            if (!actual.isDelimited()) {
                throw new CliException("the CSV options apply to CSV or TSV input only, not " + actual.label(),
                        CliException.USAGE);
            }
        }
        return Inputs.open(file, given, csv().withAllocator(allocator), IpcReadOptions.DEFAULT,
                allocator);
    }

    private static char delimiter(String text) {
        if (text.equals("tab") || text.equals("\\t") || text.equals("\t")) {
            return '\t';
        }
        if (text.length() != 1) {
            throw new IllegalArgumentException("--delimiter must be one character (or 'tab'), not '" + text + "'");
        }
        return text.charAt(0);
    }
}
