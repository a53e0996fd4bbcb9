// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.BatchSource;
import dev.quiver.cli.io.Inputs;
import dev.quiver.cli.io.IpcScan;
import dev.quiver.cli.text.ColumnStats;
import dev.quiver.cli.text.Sizes;
import dev.quiver.cli.text.TextTable;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code quiver stats FILE}: batches, rows, nulls and bytes per column, compression. */
@Command(name = "stats", mixinStandardHelpOptions = true,
        description = {"Reads FILE (Arrow input fully validated) and prints its format and size, the number of record batches "
                + "and rows, the body compression of Arrow input, and per column its type, null count and the "
                + "bytes of its buffers in memory (decompressed; children and dictionaries included).",
                "FILE is an Arrow file or stream, integration JSON (.json, .json.gz) or CSV (.csv)."})
final class StatsCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The file to measure.")
    Path file;

    @CommandLine.Mixin
    CsvTypesOption csv;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try (BatchSource source = Inputs.open(file, csv.parsed())) {
            Schema schema = source.schema();
            List<ColumnStats> columns = new ArrayList<>();
            schema.fields().forEach(f -> columns.add(new ColumnStats()));
            long batches = 0;
            long rows = 0;
            for (RecordBatch batch = source.next(); batch != null; batch = source.next()) {
                batches++;
                rows += batch.rowCount();
                for (int c = 0; c < columns.size(); c++) {
                    columns.get(c).add(batch.column(c));
                }
            }
            out.println("file:        " + file + " (" + source.format().label() + ", " + Sizes.bytes(Files.size(file))
                    + ")");
            out.println("batches:     " + batches);
            out.println("rows:        " + rows);
            if (source.format().isArrow()) {
                IpcScan scan = IpcScan.of(file, source.format());
                out.println("compression: " + scan.compression());
                out.println("body bytes:  " + Sizes.bytes(scan.bodyBytes()) + " on disk (" + scan.dictionaryBatches()
                        + " dictionary batch" + (scan.dictionaryBatches() == 1 ? "" : "es") + ")");
            }
            TextTable table = new TextTable(List.of("column", "type", "nulls", "bytes"), false, false, true, true);
            long total = 0;
            for (int c = 0; c < columns.size(); c++) {
                Field field = schema.field(c);
                ColumnStats stats = columns.get(c);
                total += stats.bytes();
                table.add(field.name(), field.type().toString(), Long.toString(stats.nulls()),
                        Sizes.bytes(stats.bytes()));
            }
            table.add("(all)", "", "", Sizes.bytes(total));
            out.println();
            table.print(out, "");
        }
        out.flush();
        return 0;
    }
}
