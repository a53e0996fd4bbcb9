// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.Formats;
import dev.quiver.cli.io.Inputs;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.dataset.DatasetWriteOptions;
import dev.quiver.dataset.DatasetWriter;
import dev.quiver.dataset.ExistingData;
import dev.quiver.dataset.Partitioning;
import dev.quiver.dataset.WrittenFile;
import dev.quiver.io.ArrowFormat;
import dev.quiver.parquet.ParquetWriteOptions;
import dev.quiver.io.ArrowOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver convert IN OUT}: between CSV, TSV, NDJSON, Arrow file, Arrow stream and integration JSON. */
final class ConvertCommand extends Subcommand {
    static final String NAME = "convert";

    private final PositionalParamSpec in = parameter(positional("0", "IN", Path.class,
            "The file to read ('-': standard input)."));

    private final PositionalParamSpec out = parameter(positional("1", "OUT", Path.class,
            "The file to write, replaced if it exists ('-': standard output)."));

    private final OptionSpec codec = option(valued("--codec", "none|snappy|gzip|zstd|lz4|brotli", String.class,
            "Compression: of Arrow output none (default), lz4 or zstd; of Parquet output snappy (default), none, gzip,"
            + " zstd, lz4 (LZ4_RAW) or brotli (refused: no Brotli encoder is available)."));

    private final OptionSpec format = option(valued("--format", "file|stream", ArrowFormat.class,
            "Arrow output format, whatever OUT's name (default: by OUT's name)."));

    private final OptionSpec to = option(valued("--to", "FORMAT", String.class,
            "The output's format: csv, tsv, arrow, arrows, json, ndjson or parquet (needed when OUT is '-')."));

    private final OptionSpec partitionBy = option(valued("--partition-by", "COL[,COL...]", String.class,
            "Write OUT as a dataset directory partitioned by these columns (hive key=value directories, or "
                    + "value directories with --out-partitioning dir), in the format --to names (default arrow)."));

    private final OptionSpec outPartitioning = option(valued("--out-partitioning", "hive|dir", String.class,
            "With --partition-by: the directories' scheme (default: ${DEFAULT-VALUE}).").defaultValue("hive"));

    private final OptionSpec maxRowsPerFile = option(valued("--max-rows-per-file", "N", long.class,
            "Dataset output: the most rows a file holds (default: no limit); also writes OUT as a dataset."));

    private final OptionSpec existing = option(valued("--existing", "error|overwrite|delete-matching", String.class,
            "Dataset output: what to do when OUT already holds files (default: ${DEFAULT-VALUE})."
            ).defaultValue("error"));

    private final InputOptions input = new InputOptions(this);

    ConvertCommand() {
        super(NAME, "Converts IN to OUT between CSV, TSV, NDJSON, Arrow file, Arrow stream, integration JSON and Parquet, "
                + "streaming: the input is read once, batch by batch, in bounded memory.",
                "Formats follow the names: .csv; .tsv; .arrow, .arrow_file, .feather (Arrow file); .arrows, .stream "
                + "(Arrow stream); .json, .json.gz (integration JSON, gzip-compressed for .gz); .ndjson, .jsonl "
                + "(newline-delimited JSON, types inferred from the first lines); .parquet, .parq (Parquet, not from "
                + "standard input). An input "
                + "with another name is read by its content: ARROW1 starts an Arrow file, PAR1 Parquet, FF FF FF FF an Arrow "
                + "stream, an object whose first member is \"schema\" integration JSON (or gzip of it), another "
                + "object NDJSON, a first line holding a tab or a comma TSV or CSV. '-' is standard input or output, "
                + "with --from / --to FORMAT. CSV input has a header line (unless --no-header); unquoted "
                + "empty fields and NULL-like texts are null. Arrow input is fully validated.",
                "Prints one line on stderr: what was written; a progress bar on stderr when it is a terminal. "
                + "IN may be a directory of files of one format (a dataset, see --partitioning); OUT is written "
                + "as a dataset directory with --partition-by or --max-rows-per-file, or when it ends with '/'.");
    }

    /** The Arrow body codec named, {@code none} when not given. */
    private static Codec arrowCodec(String name) {
        if (name == null) {
            return Codec.NONE;
        }
        for (Codec c : Codec.values()) {
            if (c.toString().equalsIgnoreCase(name)) {
                return c;
            }
        }
        throw new CliException("--codec " + name + " is not an Arrow body codec (none, lz4, zstd)", CliException.USAGE);
    }

    @Override
    public Integer call() throws Exception {
        Path in = this.in.getValue();
        Path out = this.out.getValue();
        String codecName = this.codec.getValue();
        String partitionBy = this.partitionBy.getValue();
        Long maxRows = this.maxRowsPerFile.getValue();
        if (partitionBy != null || maxRows != null || out.toString().endsWith("/")) {
            return writeDataset(in, out, codecName, partitionBy, maxRows);
        }
        ArrowFormat format = this.format.getValue();
        String to = this.to.getValue();
        ArrowFormat target;
        if (to != null) {
            target = Formats.named(to);
        } else if (Inputs.isStdio(out) && format == null) {
            throw new CliException(
                    "writing standard output ('-') needs --to FORMAT (csv, tsv, arrow, arrows, json, ndjson, parquet)",
                    CliException.USAGE);
        } else {
            target = Formats.ofOutput(out, Formats.ipc(format));
        }
        if (!target.isArrow() && target != ArrowFormat.PARQUET && codecName != null
                && !codecName.equalsIgnoreCase("none")) {
            throw new CliException("--codec applies to Arrow and Parquet output only, not " + target.label(),
                    CliException.USAGE);
        }
        // the codec is checked before the input is opened: a wrong one is a usage error whatever the input
        ParquetWriteOptions parquet = target == ArrowFormat.PARQUET ? ParquetConversion.options(codecName) : null;
        Codec arrow = target == ArrowFormat.PARQUET ? Codec.NONE : arrowCodec(codecName);
        String summary;
        try (ScopedAllocator batches = BufferAllocator.scoped();
                RecordBatchReader source = input.open(in, batches)) {
            BatchRelease release = new BatchRelease(batches);
            summary = parquet != null ? ParquetConversion.copy(source, in, out, parquet, release::written)
                    : Conversion.copy(source, in, out, target, arrow.writeOptions(), release::written);
        }
        PrintWriter status = err();
        status.println(summary);
        status.flush();
        return 0;
    }

    private Integer writeDataset(Path in, Path out, String codecName, String partitionBy, Long maxRows)
            throws IOException {
        if (Inputs.isStdio(out)) {
            throw new CliException("a dataset is written to a directory, not standard output", CliException.USAGE);
        }
        String to = this.to.getValue();
        ArrowFormat target = to == null ? ArrowFormat.FILE : Formats.named(to);
        boolean parquetDefault = target == ArrowFormat.PARQUET && codecName != null
                && codecName.equalsIgnoreCase("snappy");
        Codec codec = parquetDefault ? Codec.NONE : arrowCodec(codecName);
        if (!target.isArrow() && target != ArrowFormat.PARQUET && codec != Codec.NONE) {
            throw new CliException("--codec applies to Arrow and Parquet output only, not " + target.label(),
                    CliException.USAGE);
        }
        DatasetWriteOptions options;
        try {
            options = DatasetWriteOptions.DEFAULT.withFormat(target)
                    .withExisting(ExistingData.valueOf(this.existing.<String>getValue().toUpperCase(Locale.ROOT)
                            .replace('-', '_')))
                    .withWrite(ArrowOptions.DEFAULT.withCodec(codec.writeOptions().codec()));
            if (partitionBy != null) {
                String scheme = this.outPartitioning.getValue();
                options = options.withPartitionBy(scheme.equals("dir") ? Partitioning.Scheme.DIRECTORY
                        : scheme.equals("hive") ? Partitioning.Scheme.HIVE : null,
                        Arrays.stream(partitionBy.split(",")).map(String::trim).toArray(String[]::new));
            }
            if (maxRows != null) {
                options = options.withMaxRowsPerFile(maxRows);
            }
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new CliException("dataset output: " + e.getMessage() + " (--existing error|overwrite|"
                    + "delete-matching|overwrite-or-ignore, --out-partitioning hive|dir)", CliException.USAGE);
        }
        List<WrittenFile> files;
        try (RecordBatchReader source = input.open(in)) {
            files = DatasetWriter.write(source, out, options);
        }
        long rows = files.stream().mapToLong(WrittenFile::rows).sum();
        PrintWriter status = err();
        status.println("wrote " + rows + " rows in " + files.size() + " " + target.label() + " files below " + out);
        status.flush();
        return 0;
    }
}
