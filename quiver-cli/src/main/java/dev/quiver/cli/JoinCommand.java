// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.compute.Threads;
import dev.quiver.compute.join.HashJoin;
import dev.quiver.compute.join.JoinOptions;
import dev.quiver.compute.join.JoinType;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver join LEFT RIGHT --on COL}: a hash join of two inputs on the row table, timed. */
final class JoinCommand extends Subcommand {
    static final String NAME = "join";

    private final PositionalParamSpec left = parameter(positional("0", "LEFT", Path.class,
            "The left input (file or dataset directory): streamed through the join."));

    private final PositionalParamSpec right = parameter(positional("1", "RIGHT", Path.class,
            "The right input (file or dataset directory): held in memory with a hash table of its keys."));

    private final OptionSpec on = option(valued("--on", "COL", List.class,
            "The key columns of LEFT (and of RIGHT, unless --right-on names others).")
            .auxiliaryTypes(String.class).splitRegex(",").required(true));

    private final OptionSpec rightOn = option(valued("--right-on", "COL", List.class,
            "The key columns of RIGHT, one per --on column, of the same types (default: the --on names).")
            .auxiliaryTypes(String.class).splitRegex(","));

    private final OptionSpec how = option(valued("--how", "inner|left|right|full|semi|anti", String.class,
            "The join: inner (matching pairs), left / right / full outer (and the unmatched rows of that side, "
                    + "the other side null), semi / anti (the LEFT rows with / without a match, LEFT's columns "
                    + "only; right-semi and right-anti: RIGHT's rows). Default: ${DEFAULT-VALUE}.")
            .defaultValue("inner"));

    private final OptionSpec rightSuffix = option(valued("--right-suffix", "TEXT", String.class,
            "Appended to the name of a RIGHT column that LEFT's output also has (default: ${DEFAULT-VALUE}).")
            .defaultValue("_right"));

    private final InMemoryRun run = new InMemoryRun(this, "Join", "the join's probe", "the joined rows",
            "join_seconds");

    private final InputOptions input = new InputOptions(this, false, false);

    JoinCommand() {
        super(NAME, "Joins LEFT and RIGHT (any format the tool reads, or dataset directories; the input options "
                + "apply to both) on equal keys with quiver-compute's hash join on the row table: a null in any "
                + "key column never matches, as in SQL. The output holds LEFT's columns, then RIGHT's; each key "
                + "once, in LEFT's column (RIGHT's value where LEFT has no row). Both inputs are read into memory "
                + "first, then joined --repeat times.",
                "Prints the first 20 rows, rows=N, then join_seconds=... (the best of the runs, the join alone). "
                + "--out writes every row, in the format its name tells.");
    }

    @Override
    public Integer call() throws Exception {
        Path leftFile = this.left.getValue();
        Path rightFile = this.right.getValue();
        List<String> leftKeys = this.on.getValue();
        List<String> given = this.rightOn.getValue();
        List<String> rightKeys = given == null ? leftKeys : given;
        if (rightKeys.size() != leftKeys.size()) {
            throw new CliException("--right-on names " + rightKeys.size() + " columns, --on " + leftKeys.size()
                    + ": give one right key per left key", CliException.USAGE);
        }
        JoinType type = type(this.how.getValue());
        int workers = run.workers();
        run.repeat();
        run.target();
        try (RecordBatchReader leftSource = input.open(leftFile);
                RecordBatchReader rightSource = input.open(rightFile)) {
            Table leftTable = InMemoryRun.readAll(leftSource);
            Table rightTable = InMemoryRun.readAll(rightSource);
            InMemoryRun.checkColumns(leftTable, leftKeys, "--on", leftFile);
            InMemoryRun.checkColumns(rightTable, rightKeys, given == null ? "--on" : "--right-on", rightFile);
            for (int k = 0; k < leftKeys.size(); k++) {
                ArrowType lt = leftTable.schema().field(leftKeys.get(k)).type();
                ArrowType rt = rightTable.schema().field(rightKeys.get(k)).type();
                if (!lt.equals(rt)) {
                    throw new CliException("--on: key " + leftKeys.get(k) + " is " + lt + " in " + leftFile + " but "
                            + rightKeys.get(k) + " is " + rt + " in " + rightFile + "; keys must have one type "
                            + "(convert one side first)", CliException.USAGE);
                }
            }
            JoinOptions options = JoinOptions.on(leftKeys, rightKeys).type(type)
                    .suffixes("", this.rightSuffix.getValue()).threads(workers);
            Table joined = run.time(() -> Threads.call(workers, () -> HashJoin.join(leftTable, rightTable, options)));
            run.finish(out(), joined, "rows");
        }
        return 0;
    }

    private static JoinType type(String how) {
        return switch (how) {
            case "inner" -> JoinType.INNER;
            case "left" -> JoinType.LEFT_OUTER;
            case "right" -> JoinType.RIGHT_OUTER;
            case "full" -> JoinType.FULL_OUTER;
            case "semi" -> JoinType.LEFT_SEMI;
            case "anti" -> JoinType.LEFT_ANTI;
            case "right-semi" -> JoinType.RIGHT_SEMI;
            case "right-anti" -> JoinType.RIGHT_ANTI;
            default -> throw new CliException("--how: " + how + " is not inner, left, right, full, semi, anti, "
                    + "right-semi or right-anti", CliException.USAGE);
        };
    }
}
