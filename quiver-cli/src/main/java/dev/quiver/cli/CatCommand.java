// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.Inputs;
import dev.quiver.cli.text.RowPreview;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code quiver cat FILE}: the first rows of a file as an aligned table. */
@Command(name = "cat", mixinStandardHelpOptions = true,
        description = {"Prints the first rows of FILE as an aligned table: strings bare, dates and timestamps in "
                + "ISO-8601, lists as [..], structs as {name: value}, maps as [key: value], null as null; cells "
                + "longer than 48 characters are cut.",
                "FILE is an Arrow file or stream, integration JSON (.json, .json.gz), CSV (.csv), TSV (.tsv) or NDJSON (.ndjson, .jsonl); '-' is standard "
                        + "input (with --from). Reads only as far as the rows printed."})
final class CatCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The file to print.")
    Path file;

    @Option(names = {"-n", "--limit"}, paramLabel = "N", defaultValue = "20",
            description = "The most rows to print (default: ${DEFAULT-VALUE}; 0 prints the header only).")
    long limit;

    @CommandLine.Mixin
    InputOptions input;

    @Override
    public Integer call() throws Exception {
        if (limit < 0) {
            throw new CliException("--limit must be 0 or more, not " + limit, CliException.USAGE);
        }
        PrintWriter out = spec.commandLine().getOut();
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
