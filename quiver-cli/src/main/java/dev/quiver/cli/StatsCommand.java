// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.Inputs;
import dev.quiver.cli.text.ColumnStats;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.text.TextTable;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcException;
import dev.quiver.ipc.IpcMessages;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver stats FILE}: batches, rows, nulls and bytes per column, compression. */
final class StatsCommand extends Subcommand {
    static final String NAME = "stats";

    private final PositionalParamSpec file = parameter(positional("0", "FILE", Path.class,
            "The file to measure."));

    private final InputOptions input = new InputOptions(this);

    StatsCommand() {
        super(NAME, "Reads FILE (Arrow input fully validated) and prints its format and size, the number of "
                + "record batches and rows, the body compression of Arrow input, and per column its type, null "
                + "count and the bytes of its buffers in memory (decompressed; children and dictionaries "
                + "included).",
                "FILE is an Arrow file or stream, integration JSON (.json, .json.gz), CSV (.csv), TSV (.tsv), "
                + "NDJSON (.ndjson, .jsonl) or Parquet (.parquet: its row groups too, and per column chunk its "
                + "codec, encodings, stored and uncompressed sizes, null count, minimum and maximum); '-' is standard "
                + "input (with --from). The file is read once, batch by batch.");
    }

    @Override
    public Integer call() throws Exception {
        Path file = this.file.getValue();
        PrintWriter out = out();
        try (RecordBatchReader source = input.open(file)) {
            Schema schema = source.schema();
            List<ColumnStats> columns = new ArrayList<>();
            schema.fields().forEach(f -> columns.add(new ColumnStats()));
            long batches = 0;
            long rows = 0;
            for (RecordBatch batch : source) {
                batches++;
                rows += batch.rowCount();
                for (int c = 0; c < columns.size(); c++) {
                    columns.get(c).add(batch.column(c));
                }
            }
            boolean stdin = Inputs.isStdio(file);
            out.println("file:        " + (stdin ? "standard input" : file) + " (" + input.describe(file, source) + ")");
            out.println("batches:     " + batches);
            out.println("rows:        " + rows);
            ArrowFormat format = !stdin && Files.isRegularFile(file) ? Conversion.formatOf(file, input.format()) : null;
            if (format != null && format.isArrow()) {
                printMessages(out, file);
            }
            if (format == ArrowFormat.PARQUET) {
                ParquetStats.print(out, file);
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

    /** What the messages declare: the compression of the record batches, and the body bytes on disk. */
    private static void printMessages(PrintWriter out, Path file) {
        List<IpcMessages.Summary> messages;
        try {
            messages = IpcMessages.scan(file);
        } catch (IpcException e) {
            throw new CliException(file + ": " + e.getMessage(), e);
        }
        Map<String, Integer> codecs = new TreeMap<>();
        long body = 0;
        int dictionaries = 0;
        for (IpcMessages.Summary m : messages) {
            switch (m.kind()) {
                case RECORD_BATCH -> {
                    body += m.bodyLength();
                    codecs.merge(m.compression() == null ? "none" : m.compression().name(), 1, Integer::sum);
                }
                case DICTIONARY_BATCH -> {
                    body += m.bodyLength();
                    dictionaries++;
                }
                case SCHEMA -> { }
            }
        }
        out.println("compression: " + compression(codecs));
        out.println("body bytes:  " + Sizes.bytes(body) + " on disk (" + dictionaries + " dictionary batch"
                + (dictionaries == 1 ? "" : "es") + ")");
    }

    /** {@code ZSTD}, {@code none}, or per codec ({@code LZ4_FRAME: 2, none: 1}). */
    private static String compression(Map<String, Integer> codecs) {
        if (codecs.size() <= 1) {
            return codecs.isEmpty() ? "none" : codecs.keySet().iterator().next();
        }
        StringBuilder sb = new StringBuilder();
        codecs.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : ", ").append(k).append(": ").append(v));
        return sb.toString();
    }
}
