// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.Formats;
import dev.quiver.cli.io.Inputs;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.io.ArrowFormat;
import dev.quiver.parquet.ParquetWriteOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
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
                "Prints one line on stderr: what was written; a progress bar on stderr when it is a terminal.");
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
}
