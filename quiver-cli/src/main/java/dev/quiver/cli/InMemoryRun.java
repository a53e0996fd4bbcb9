// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

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

/**
 * What the commands that run a kernel over a whole input share ({@code sort}, {@code filter}, {@code join},
 * {@code group-by}): their checks of {@code --repeat} and {@code --threads}, the input read into memory, and
 * the result shown (its first rows, its size, the best time) and written atomically in the format its name
 * tells.
 */
final class InMemoryRun {
    /** Rows shown of a result. */
    static final int SHOWN = 20;

    private InMemoryRun() {
    }

    /** Checks {@code --repeat}: at least 1. */
    static int repeat(int repeat) {
        if (repeat < 1) {
            throw new CliException("--repeat must be at least 1, not " + repeat, CliException.USAGE);
        }
        return repeat;
    }

    /** The threads {@code --threads} asks for: 0 is one per core. */
    static int threads(int threads) {
        if (threads < 0) {
            throw new CliException("--threads must be 0 (all cores) or more, not " + threads, CliException.USAGE);
        }
        return threads == 0 ? Runtime.getRuntime().availableProcessors() : threads;
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
     * Writes {@code result} to {@code out} (when given) in {@code format}, then prints its first rows, then
     * {@code rows=N} ({@code noun=N}) and {@code timing=SECONDS}, the best of the runs.
     */
    static void finish(PrintWriter text, Table result, Path out, ArrowFormat format, String noun, String timing,
            long bestNanos) throws IOException {
        if (out != null) {
            Outputs.write(out, format, result.schema(), Codec.NONE.writeOptions(), writer -> {
                for (RecordBatch batch : result.batches()) {
                    writer.write(batch);
                }
            });
        }
        print(result, text, noun);
        text.println(noun + "=" + result.rowCount());
        text.println(timing + "=" + Sizes.decimalSeconds(bestNanos, 4));
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
