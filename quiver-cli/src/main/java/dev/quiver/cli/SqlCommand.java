// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.Formats;
import dev.quiver.cli.io.Outputs;
import dev.quiver.core.text.RowPreview;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.duckdb.DuckDb;
import dev.quiver.duckdb.DuckDbConnection;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcWriteOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver sql QUERY}: a DuckDB query over Arrow files, printed or written. */
final class SqlCommand extends Subcommand {
    static final String NAME = "sql";

    private final PositionalParamSpec query = parameter(positional("0", "QUERY", String.class,
            "One SQL statement (or several; the last one's result is shown)."));

    private final OptionSpec tables = option(OptionSpec.builder("-t", "--table").paramLabel("NAME=PATH").type(Map.class)
            .description("Registers PATH as table NAME (repeatable): an Arrow file (memory-mapped) or stream "
                    + "(read into memory), a Parquet, CSV or NDJSON file, or a directory of such files (a dataset, hive partitions as "
                    + "columns), scanned anew by every scan of the query, reading only the columns it uses.").auxiliaryTypes(String.class, Path.class));

    private final OptionSpec out = option(valued("--out", "FILE", Path.class,
            "Writes the result to FILE (replaced if it exists) in the format its name says: .arrow, "
                + ".feather (Arrow file), .arrows (Arrow stream), .csv, .json, .json.gz (integration JSON)."));

    private final OptionSpec limit = option(OptionSpec.builder("-n", "--limit").paramLabel("N").type(long.class)
            .description("The most rows to print (default: ${DEFAULT-VALUE}); not applied to --out.")
            .defaultValue("100"));

    private final OptionSpec allowExtensions = option(flag("--allow-extensions",
            "Lets DuckDB install (downloading from its repository) and load the extensions a query needs by "
                + "itself (its autoinstall_known_extensions and autoload_known_extensions); off by default."));

    SqlCommand() {
        super(NAME, "Runs QUERY in DuckDB (in memory, through its C API) over Arrow files and prints the result "
                + "as an aligned table, or writes it to --out.",
                "Tables: each --table NAME=FILE, an Arrow file (memory-mapped by each scan, which copies only the "
                + "columns the query uses out of the mapping for DuckDB) or stream (up to 1 GiB read into memory "
                + "once, larger ones read batch by batch by each scan), integration JSON or CSV; and any Arrow file or stream named in the "
                + "query by its path in quotes, as in SELECT * FROM 'data.arrow'. A table can be scanned any "
                + "number of times (self-joins, CTEs used twice); a file that changes during the query is an "
                + "error. Anything else DuckDB reads itself (e.g. 'data.csv', 'data.parquet').",
                "The query runs with your own rights: DuckDB may read and write any file you can, attach "
                + "databases and load installed extensions (INSTALL and LOAD still work); it installs or loads "
                + "none by itself unless --allow-extensions is given.",
                "Uses the DuckDB native library bundled in the org.duckdb:duckdb_jdbc jar (copied once to the "
                + "temporary directory), or the file named by the environment variable "
                + "QUIVER_DUCKDB_LIBRARY.");
    }

    @Override
    public Integer call() throws Exception {
        String query = this.query.getValue();
        Map<String, Path> tables = Objects.requireNonNullElse(this.tables.getValue(), Map.of());
        Path out = this.out.getValue();
        long limit = this.limit.getValue();
        if (limit < 0) {
            throw new CliException("--limit must be 0 or more, not " + limit, CliException.USAGE);
        }
        ArrowFormat target = out == null ? null : Formats.ofOutput(out, null);
        PrintWriter printer = out();
        boolean allowExtensions = this.allowExtensions.getValue();
        Map<String, String> settings = allowExtensions
                ? Map.of("autoinstall_known_extensions", "true", "autoload_known_extensions", "true") : Map.of();
        try (DuckDbConnection db = DuckDb.open(null, settings)) {
            for (Map.Entry<String, Path> table : tables.entrySet()) {
                Path path = table.getValue();
                db.register(table.getKey(), isDataset(path) ? SqlDatasetSource.of(path) : SqlTableFile.of(path));
            }
            db.setTableSourceResolver(SqlCommand::resolve);
            try (RecordBatchReader result = db.query(query)) {
                if (target != null) {
                    printer.println(write(result, out, target));
                } else {
                    print(result, limit, printer);
                }
            }
        }
        printer.flush();
        return 0;
    }

    /** Prints a result as a table of its first {@code limit} rows (also for {@code quiver flight sql}). */
    static void print(RecordBatchReader result, long limit, PrintWriter printer) {
        RowPreview preview = new RowPreview(result.schema(), limit);
        long rows = 0;
        for (RecordBatch batch : result) {
            preview.add(batch);
            rows += batch.rowCount();
        }
        preview.table().print(printer, "");
        if (rows > preview.rows()) {
            printer.println("... (first " + preview.rows() + " of " + Sizes.count(rows, "row", "rows")
                    + "; --limit N shows more)");
        }
    }

    /** Writes a result to a file by its format; the line that says what was written (also for {@code flight sql}). */
    static String write(RecordBatchReader result, Path out, ArrowFormat format) throws IOException {
        long[] batchesAndRows = new long[2];
        Schema schema = withDictionaryIds(result.schema());
        Outputs.write(out, format, schema, IpcWriteOptions.DEFAULT, writer -> {
            for (RecordBatch batch : result) {
                writer.write(new RecordBatch(schema, batch.columns(), batch.rowCount()));
                batchesAndRows[0]++;
                batchesAndRows[1] += batch.rowCount();
            }
        });
        return "wrote " + out + " (" + format.label() + "): " + Sizes.count(batchesAndRows[0], "batch", "batches")
                + ", " + Sizes.count(batchesAndRows[1], "row", "rows") + ", " + Sizes.bytes(Files.size(out));
    }

    /**
     * The schema with ids for its dictionary-encoded columns (0, 1, ...), which the IPC formats need and the
     * C Data interface does not carry (DuckDB's ENUM columns).
     */
    static Schema withDictionaryIds(Schema schema) {
        List<Field> fields = new ArrayList<>();
        long id = 0;
        for (Field field : schema.fields()) {
            fields.add(field.type() instanceof ArrowType.Dictionary && field.dictionaryId() == null
                    ? field.withDictionaryId(id++) : field);
        }
        return new Schema(fields, schema.metadata(), schema.endianness());
    }

    /**
     * Whether a table's path is read as a dataset: a directory, or a Parquet, CSV, TSV or NDJSON file (Arrow
     * files and streams are {@link SqlTableFile}s).
     */
    private static boolean isDataset(Path path) {
        if (Files.isDirectory(path)) {
            return true;
        }
        ArrowFormat named = ArrowFormat.byName(path);
        return named != null && !named.isArrow() && named != ArrowFormat.JSON;
    }

    /** A table named in the query: an Arrow file or stream at that path, or nothing. */
    private static SqlTableFile resolve(String name) {
        Path file;
        try {
            file = Path.of(name);
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            ArrowFormat format = Formats.ofInput(file);
            boolean arrow = format == ArrowFormat.FILE
                    || format == ArrowFormat.STREAM && ArrowFormat.byName(file) == ArrowFormat.STREAM;
            return arrow ? SqlTableFile.of(file) : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
