// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.compute.Threads;
import dev.quiver.compute.sort.NullPlacement;
import dev.quiver.compute.sort.SortKey;
import dev.quiver.compute.sort.Sorting;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver sort FILE --by COL[:desc]}: a stable sort of a whole input on several keys, timed. */
final class SortCommand extends Subcommand {
    static final String NAME = "sort";

    private final PositionalParamSpec file = parameter(positional("0", "FILE", Path.class,
            "The file or dataset directory to sort."));

    private final OptionSpec by = option(valued("--by", "COL[:desc]", List.class,
            "The sort keys, comma-separated, the first the most significant; ascending unless ':desc' (':asc' "
                    + "is taken too).")
            .auxiliaryTypes(String.class).splitRegex(",").required(true));

    private final OptionSpec nulls = option(valued("--nulls", "first|last", String.class,
            "Where nulls go, whatever the order (NaNs next to them, as in Arrow C++; default: ${DEFAULT-VALUE}).")
            .defaultValue("last"));

    private final InMemoryRun run = new InMemoryRun(this, "Sort", "the sort", "the sorted rows", "sort_seconds");

    private final InputOptions input = new InputOptions(this);

    SortCommand() {
        super(NAME, "Sorts the rows of FILE (any format the tool reads, or a dataset directory) by the --by "
                + "columns with quiver-compute's stable sort: rows with equal keys keep their order. The input "
                + "is read into memory first, then sorted --repeat times.",
                "Prints the first 20 rows, rows=N, then sort_seconds=... (the best of the runs, the sort "
                + "alone). --out writes every row, in the format its name tells.");
    }

    @Override
    public Integer call() throws Exception {
        Path file = this.file.getValue();
        List<SortKey> keys = keys(this.by.getValue());
        NullPlacement placement = placement(this.nulls.getValue());
        int workers = run.workers();
        run.repeat();
        run.target();
        try (RecordBatchReader source = input.open(file)) {
            Table table = InMemoryRun.readAll(source);
            InMemoryRun.checkColumns(table, keys.stream().map(SortKey::column).toList(), "--by", file);
            Table sorted = run.time(() -> Threads.call(workers, () -> Sorting.sort(table, keys, placement)));
            run.finish(out(), sorted, "rows");
        }
        return 0;
    }

    /** Parses {@code COL}, {@code COL:asc} and {@code COL:desc}. */
    static List<SortKey> keys(List<String> texts) {
        List<SortKey> keys = new ArrayList<>();
        for (String text : texts) {
            int colon = text.lastIndexOf(':');
            String order = colon < 0 ? "" : text.substring(colon + 1);
            String column = order.equals("asc") || order.equals("desc") ? text.substring(0, colon) : text;
            if (column.isEmpty()) {
                throw new CliException("--by: '" + text + "' names no column", CliException.USAGE);
            }
            keys.add(order.equals("desc") ? SortKey.descending(column) : SortKey.ascending(column));
        }
        return keys;
    }

    private static NullPlacement placement(String text) {
        return switch (text) {
            case "first" -> NullPlacement.AT_START;
            case "last" -> NullPlacement.AT_END;
            default -> throw new CliException("--nulls: " + text + " is not first or last", CliException.USAGE);
        };
    }
}
