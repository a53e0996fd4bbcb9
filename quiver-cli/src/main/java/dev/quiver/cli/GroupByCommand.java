// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.aggregate.Aggregation;
import dev.quiver.compute.aggregate.GroupedAggregate;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.Schema;
import dev.quiver.row.GroupByResult;
import dev.quiver.row.ParallelGroupBy;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver group-by FILE --by COL}: a hash group-by of an input on the row table, timed. */
final class GroupByCommand extends Subcommand {
    static final String NAME = "group-by";

    private final PositionalParamSpec file = parameter(positional("0", "FILE", Path.class,
            "The file or dataset directory to group."));

    private final OptionSpec by = option(valued("--by", "COL", List.class,
            "The key columns, comma-separated.").auxiliaryTypes(String.class).splitRegex(",").required(true));

    private final OptionSpec aggs = option(valued("--agg", "AGG", List.class,
            "count (rows of the group), or FUNCTION[(ARG)]:COL, FUNCTION one of " + Aggregate.FUNCTIONS
                    + " (ARG: quantile(Q):COL, variance(DDOF):COL, stddev(DDOF):COL, count(MODE):COL with MODE "
                    + "only_valid, only_null or all); repeatable or comma-separated (default: count).")
            .auxiliaryTypes(String.class).splitRegex(","));

    private final InMemoryRun run = new InMemoryRun(this, "Group", "the group-by", "all groups", "group_by_seconds");

    private final InputOptions input = new InputOptions(this);

    GroupByCommand() {
        super(NAME, "Groups the rows of FILE (any format the tool reads, or a dataset directory) by the --by "
                + "columns (nulls form one group; groups in order of first appearance) and aggregates them as "
                + "pyarrow's Table.group_by(...).aggregate(...) does, with its default options: nulls skipped, "
                + "ddof 0, the median with linear interpolation. count, sum, min and max of integer and "
                + "floating-point columns run on quiver-row's parallel hash group-by; any other aggregate runs "
                + "every one on quiver-compute's grouped aggregation (one thread). The input is read first, then "
                + "grouped --repeat times.",
                "Prints the first 20 groups as a table, groups=N, then group_by_seconds=... (the best of the "
                + "runs). Columns: the keys, then count or COL_FUNCTION per --agg. --out writes every group, in "
                + "the format its name tells.");
    }

    @Override
    public Integer call() throws Exception {
        Path file = this.file.getValue();
        List<String> by = this.by.getValue();
        List<String> aggs = this.aggs.getValue();
        int workers = run.workers();
        run.repeat();
        List<Aggregate> aggregates = Aggregate.parseAll(aggs == null ? List.of("count") : aggs);
        run.target();
        try (RecordBatchReader source = input.open(file)) {
            Table table = InMemoryRun.readAll(source);
            Schema schema = table.schema();
            InMemoryRun.checkColumns(table, by, "--by", file);
            List<String> values = Aggregate.valueColumns(aggregates);
            InMemoryRun.checkColumns(table, values, "--agg", file);
            boolean rowGroupBy = Aggregate.rowGroupBy(schema, aggregates);
            List<Aggregation> aggregations = Aggregate.aggregations(aggregates, by.getFirst());
            RecordBatch groups = run.time(() -> {
                if (rowGroupBy) {
                    GroupByResult result = ParallelGroupBy.groupBy(schema, table.batches(), by, values, workers);
                    return Aggregate.project(result, by.size(), values, aggregates);
                }
                return grouped(table, by, aggregations);
            });
            RecordBatch result = rowGroupBy ? groups : Aggregate.rename(groups, by.size(), aggregates);
            run.finish(out(), new Table(result.schema(), List.of(result)), "groups");
        }
        return 0;
    }

    private static RecordBatch grouped(Table table, List<String> by, List<Aggregation> aggregations) {
        try {
            return GroupedAggregate.aggregate(table, by, aggregations).batches().getFirst();
        } catch (ComputeException e) {
            throw new CliException("--agg: " + e.getMessage(), CliException.USAGE);
        }
    }
}
