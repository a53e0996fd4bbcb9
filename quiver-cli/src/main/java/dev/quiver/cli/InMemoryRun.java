// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.Formats;
import dev.quiver.cli.io.Outputs;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.text.CellText;
import dev.quiver.core.text.TextTable;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.io.ArrowFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.OptionSpec;

/**
 * What the commands that run a kernel over a whole input share ({@code sort}, {@code filter}, {@code join},
 * {@code group-by}): the options {@code --out}, {@code --repeat} and {@code --threads}, the input read into
 * memory, the kernel run {@code --repeat} times, and the result shown (its first rows, its size, the best
 * time) and written atomically in the format its name tells.
 */
final class InMemoryRun {
    /** Rows shown of a result. */
    static final int SHOWN = 20;

    private final OptionSpec out;
    private final OptionSpec repeat;
    private final OptionSpec threads;
    private final String timing;
    private long best;

    /**
     * Adds {@code --out}, {@code --repeat} and {@code --threads} to {@code command}: {@code verb} names the
     * work in their help ({@code Sort}), {@code work} the threads' work ({@code the sort}), {@code written}
     * what {@code --out} writes, {@code timing} the figure printed ({@code sort_seconds}).
     */
    InMemoryRun(Subcommand command, String verb, String work, String written, String timing) {
        this.timing = timing;
        out = command.option(Subcommand.valued("--out", "OUT", Path.class, "Write " + written
                + " to OUT, in the format its name tells (replaced whole if it exists)."));
        repeat = command.option(Subcommand.valued("--repeat", "K", int.class, verb + " K times (default 1); "
                + timing + " is the best run.").defaultValue("1"));
        threads = command.option(Subcommand.valued("--threads", "N", int.class, "Threads of " + work
                + ": 1 for one, 0 (the default) for one per core.").defaultValue("0"));
    }

    /** The format of {@code --out}, or null when it is not given; a name that tells none is a usage error. */
    ArrowFormat target() {
        Path path = out.getValue();
        return path == null ? null : Formats.ofOutput(path, null);
    }

    /** {@code --repeat}: at least 1. */
    int repeat() {
        int k = repeat.getValue();
        if (k < 1) {
            throw new CliException("--repeat must be at least 1, not " + k, CliException.USAGE);
        }
        return k;
    }

    /** The threads {@code --threads} asks for: 0 is one per core. */
    int workers() {
        int n = threads.getValue();
        if (n < 0) {
            throw new CliException("--threads must be 0 (all cores) or more, not " + n, CliException.USAGE);
        }
        return n == 0 ? Runtime.getRuntime().availableProcessors() : n;
    }

    /** Runs {@code work} {@code --repeat} times, keeping the best time; the last run's result. */
    <T> T time(RunTimes.Run<T> work) throws Exception {
        int k = repeat();
        RunTimes times = new RunTimes();
        T result = null;
        for (int i = 0; i < k; i++) {
            result = times.time(work);
        }
        best = times.best();
        return result;
    }

    /** Every batch of {@code source}, as one table; an input without a batch as one empty batch. */
    static Table readAll(RecordBatchReader source) {
        List<RecordBatch> batches = new ArrayList<>();
        for (RecordBatch batch : source) {
            batches.add(batch);
        }
        if (batches.isEmpty()) {
            batches.add(RecordBatch.ofRows(source.schema(), List.of()));
        }
        return new Table(source.schema(), batches);
    }

    /** Checks that {@code table} has a column of each name; else a usage error naming the option and the input. */
    static void checkColumns(Table table, List<String> names, String option, Path input) {
        for (String name : names) {
            if (table.schema().indexOf(name) < 0) {
                throw new CliException(option + ": no column named " + name + " in " + input + " (columns: "
                        + String.join(", ", table.schema().names()) + ")", CliException.USAGE);
            }
        }
    }

    /**
     * Writes {@code result} to {@code --out} (when given), then prints its first rows, then {@code noun=N}
     * ({@code rows=N}) and the best time of {@link #time}.
     */
    void finish(PrintWriter text, Table result, String noun) throws IOException {
        Path path = out.getValue();
        if (path != null) {
            Outputs.write(path, target(), result.schema(), Codec.NONE.writeOptions(), writer -> {
                for (RecordBatch batch : result.batches()) {
                    writer.write(batch);
                }
            });
        }
        print(result, text, noun);
        text.println(noun + "=" + result.rowCount());
        text.println(timing + "=" + Sizes.decimalSeconds(best, 4));
        text.flush();
    }

    /** Prints the first {@value #SHOWN} rows of {@code table} as an aligned table, and how many more there are. */
    static void print(Table table, PrintWriter out, String noun) {
        List<String> header = new ArrayList<>();
        boolean[] right = new boolean[table.schema().fields().size()];
        for (int c = 0; c < right.length; c++) {
            Field field = table.schema().field(c);
            header.add(field.name());
            right[c] = field.type() instanceof ArrowType.Int || field.type() instanceof ArrowType.FloatingPoint;
        }
        TextTable text = new TextTable(header, right);
        long shown = 0;
        for (RecordBatch batch : table.batches()) {
            for (long r = 0; r < batch.rowCount() && shown < SHOWN; r++, shown++) {
                List<String> row = new ArrayList<>();
                for (Array column : batch.columns()) {
                    row.add(CellText.of(column, r));
                }
                text.add(row);
            }
        }
        text.print(out, "");
        if (table.rowCount() > shown) {
            out.println("(" + (table.rowCount() - shown) + " more " + noun + ")");
        }
    }
}
