// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.Formats;
import dev.quiver.cli.io.Inputs;
import dev.quiver.cli.io.Outputs;
import dev.quiver.core.text.CellText;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.text.TextTable;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.row.GroupByResult;
import dev.quiver.row.ParallelGroupBy;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver group-by FILE --by COL}: a hash group-by of an Arrow file on the row table, timed. */
final class GroupByCommand extends Subcommand {
    static final String NAME = "group-by";
    private static final int SHOWN = 20;

    private final PositionalParamSpec file = parameter(positional("0", "FILE", Path.class,
            "The Arrow file or stream to group."));

    private final OptionSpec by = option(valued("--by", "COL", List.class,
            "The key columns, comma-separated.").auxiliaryTypes(String.class).splitRegex(",").required(true));

    private final OptionSpec aggs = option(valued("--agg", "AGG", List.class,
            "count, sum:COL, min:COL or max:COL; repeatable or comma-separated (default: count).")
            .auxiliaryTypes(String.class).splitRegex(","));

    private final OptionSpec repeat = option(valued("--repeat", "K", int.class,
            "Group K times (default 1); group_by_seconds is the best run.").defaultValue("1"));

    private final OptionSpec out = option(valued("--out", "OUT", Path.class,
            "Write all groups to OUT (.arrow, .arrows, .csv, .json, .json.gz; replaced if it exists)."));

    private final OptionSpec threads = option(valued("--threads", "N", int.class,
            "Threads of the group-by: 1 for one, 0 (the default) for one per core.").defaultValue("0"));

    GroupByCommand() {
        super(NAME, "Groups the rows of FILE, an Arrow file or stream, by the --by columns (nulls form one "
                + "group) and aggregates them: count (rows of the group, the default), sum:COL, min:COL, "
                + "max:COL (of an integer or floating-point column, over its non-null values; null when "
                + "there is none). The batches are read and validated first, then grouped (hash group-by "
                + "on row-encoded keys) --repeat times.",
                "Prints the first 20 groups as a table, groups=N, then group_by_seconds=... (the best of "
                + "the runs). --out writes every group, in the format its name tells.");
    }

    @Override
    public Integer call() throws Exception {
        Path file = this.file.getValue();
        List<String> by = this.by.getValue();
        List<String> aggs = this.aggs.getValue();
        int repeat = this.repeat.getValue();
        Path out = this.out.getValue();
        int threads = this.threads.getValue();
        if (repeat < 1) {
            throw new CliException("--repeat must be at least 1, not " + repeat, CliException.USAGE);
        }
        if (threads < 0) {
            throw new CliException("--threads must be 0 (all cores) or more, not " + threads, CliException.USAGE);
        }
        List<Aggregate> aggregates = Aggregate.parseAll(aggs == null ? List.of("count") : aggs);
        ArrowFormat target = out == null ? null : Formats.ofOutput(out, null);
        try (RecordBatchReader source = Inputs.openArrow(file, IpcReadOptions.DEFAULT)) {
            Schema schema = source.schema();
            List<String> values = Aggregate.valueColumns(aggregates);
            check(file, schema, by, values);
            List<RecordBatch> batches = new ArrayList<>();
            for (RecordBatch batch : source) {
                batches.add(batch);
            }
            int workers = threads == 0 ? Runtime.getRuntime().availableProcessors() : threads;
            GroupByResult result = null;
            long best = Long.MAX_VALUE;
            for (int k = 0; k < repeat; k++) {
                long start = System.nanoTime();
                result = ParallelGroupBy.groupBy(schema, batches, by, values, workers);
                best = Math.min(best, System.nanoTime() - start);
            }
            RecordBatch groups = Aggregate.project(result, by.size(), values, aggregates);
            PrintWriter text = out();
            print(groups, text);
            if (out != null) {
                Outputs.write(out, target, groups.schema(), Codec.NONE.writeOptions(), w -> w.write(groups));
            }
            text.println("groups=" + groups.rowCount());
            text.println("group_by_seconds=" + Sizes.decimalSeconds(best, 4));
            text.flush();
        }
        return 0;
    }

    private static void check(Path file, Schema schema, List<String> keys, List<String> values) {
        for (String key : keys) {
            if (schema.indexOf(key) < 0) {
                throw new CliException("--by: no column named " + key + " in " + file, CliException.USAGE);
            }
        }
        for (String value : values) {
            int i = schema.indexOf(value);
            if (i < 0) {
                throw new CliException("--agg: no column named " + value + " in " + file, CliException.USAGE);
            }
            ArrowType type = schema.field(i).type();
            if (!(type instanceof ArrowType.Int || type instanceof ArrowType.FloatingPoint)) {
                throw new CliException("--agg: column " + value + " is " + type + ", not an integer or "
                        + "floating-point column", CliException.USAGE);
            }
        }
    }

    private static void print(RecordBatch groups, PrintWriter out) {
        List<String> header = new ArrayList<>();
        boolean[] right = new boolean[groups.schema().fields().size()];
        for (int c = 0; c < right.length; c++) {
            Field field = groups.schema().field(c);
            header.add(field.name());
            right[c] = field.type() instanceof ArrowType.Int || field.type() instanceof ArrowType.FloatingPoint;
        }
        TextTable table = new TextTable(header, right);
        long shown = Math.min(SHOWN, groups.rowCount());
        for (long r = 0; r < shown; r++) {
            List<String> row = new ArrayList<>();
            for (Array column : groups.columns()) {
                row.add(CellText.of(column, r));
            }
            table.add(row);
        }
        table.print(out, "");
        if (groups.rowCount() > shown) {
            out.println("(" + (groups.rowCount() - shown) + " more groups)");
        }
    }
}
