// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.core.text.RowPreview;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver cat FILE}: the first rows of a file as an aligned table. */
final class CatCommand extends Subcommand {
    static final String NAME = "cat";

    private final PositionalParamSpec file = parameter(positional("0", "FILE", Path.class,
            "The file to print."));

    private final OptionSpec limit = option(OptionSpec.builder("-n", "--limit").paramLabel("N").type(long.class)
            .description("The most rows to print (default: ${DEFAULT-VALUE}; 0 prints the header only).")
            .defaultValue("20"));

    private final InputOptions input = new InputOptions(this);

    CatCommand() {
        super(NAME, "Prints the first rows of FILE as an aligned table: strings bare, dates and timestamps in "
                + "ISO-8601, lists as [..], structs as {name: value}, maps as [key: value], null as null; cells "
                + "longer than 48 characters are cut.",
                "FILE is an Arrow file or stream, integration JSON (.json, .json.gz), CSV (.csv), TSV (.tsv) or "
                + "NDJSON (.ndjson, .jsonl); '-' is standard input (with --from). Reads only as far as the rows "
                + "printed.");
    }

    @Override
    public Integer call() throws Exception {
        Path file = this.file.getValue();
        long limit = this.limit.getValue();
        if (limit < 0) {
            throw new CliException("--limit must be 0 or more, not " + limit, CliException.USAGE);
        }
        PrintWriter out = out();
        try (RecordBatchReader source = input.open(file)) {
            RowPreview preview = new RowPreview(source.schema(), limit);
            boolean more = false;
            for (RecordBatch batch : source) {
                more = preview.add(batch) < batch.rowCount();
                if (more) {
                    break;
                }
            }
            preview.table().print(out, "");
            if (more) {
                out.println("... (first " + preview.rows() + " rows; --limit N shows more)");
            }
        }
        out.flush();
        return 0;
    }
}
