// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.Threads;
import dev.quiver.compute.expr.BoundExpression;
import dev.quiver.compute.expr.Expression;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import java.nio.file.Path;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver filter FILE --where EXPR}: the rows where an expression is true, filtered in memory, timed. */
final class FilterCommand extends Subcommand {
    static final String NAME = "filter";

    private final PositionalParamSpec file = parameter(positional("0", "FILE", Path.class,
            "The file or dataset directory to filter."));

    private final OptionSpec where = option(valued("--where", "EXPR", String.class,
            "The rows to keep: where EXPR is true (null and false drop the row), such as \"fare > 10 and city "
                    + "is not null\" (quiver-compute's expression syntax: comparisons, and/or/not, is [not] null, "
                    + "[not] in (...), + - * /, cast(x AS TYPE), functions by pyarrow.compute name such as coalesce(a, 0); "
                    + "docs/compute.md).")
            .required(true));

    private final InMemoryRun run = new InMemoryRun(this, "Filter", "the filter", "the rows kept", "filter_seconds");

    private final InputOptions input = new InputOptions(this, false, true);

    FilterCommand() {
        super(NAME, "Keeps the rows of FILE (any format the tool reads, or a dataset directory) where the --where "
                + "expression is true, in their order. The expression is parsed and bound to the input's schema "
                + "(names and types checked, implicit casts added); the input is read into memory first, then "
                + "filtered --repeat times with quiver-compute's kernels.",
                "Prints the first 20 rows kept, rows=N, then filter_seconds=... (the best of the runs, the "
                + "evaluation and the selection). --out writes every row kept, in the format its name tells.");
    }

    @Override
    public Integer call() throws Exception {
        Path file = this.file.getValue();
        String text = this.where.getValue();
        Expression expression = expression(text);
        int workers = run.workers();
        run.repeat();
        run.target();
        try (RecordBatchReader source = input.open(file)) {
            Table table = InMemoryRun.readAll(source);
            BoundExpression bound = bind(expression, text, table);
            Table kept = run.time(() -> Threads.call(workers, () -> bound.filter(table)));
            run.finish(out(), kept, "rows");
        }
        return 0;
    }

    /** The expression bound to the table's schema: names and types checked, Boolean. */
    private static BoundExpression bind(Expression expression, String text, Table table) {
        BoundExpression bound;
        try {
            bound = expression.bind(table.schema());
        } catch (ComputeException e) {
            throw new CliException("--where: " + e.getMessage(), CliException.USAGE);
        }
        if (!(bound.type() instanceof ArrowType.Bool)) {
            throw new CliException("--where: " + text + " gives " + bound.type() + " values, not true or false",
                    CliException.USAGE);
        }
        return bound;
    }

    private static Expression expression(String text) {
        try {
            return Expression.parse(text);
        } catch (ComputeException e) {
            throw new CliException("--where: " + e.getMessage(), CliException.USAGE);
        }
    }
}
