// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.benchdata.BenchChecksum;
import dev.quiver.benchdata.BenchGroups;
import dev.quiver.benchdata.BenchV1;
import dev.quiver.cli.io.Inputs;
import dev.quiver.cli.io.Outputs;
import dev.quiver.cli.text.ColumnStats;
import dev.quiver.cli.text.Progress;
import dev.quiver.core.text.RowPreview;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.text.TextTable;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Field;
import dev.quiver.csv.CsvReadOptions;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.row.GroupByResult;
import dev.quiver.row.HashGroupBy;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import picocli.CommandLine.Model.OptionSpec;

/** {@code quiver demo}: Quiver's main job on a built-in default, needing no files. */
final class DemoCommand extends Subcommand {
    static final String NAME = "demo";
    private static final int PREVIEW_ROWS = 5;
    /** Reads of each file after the first: the best of them is the warm figure. */
    private static final int WARM_READS = 3;
    private static final String CAT = "cat";
    private static final String MAYBE = "maybe";

    private final OptionSpec rowsOption = option(valued("--rows", "N", long.class,
            "The number of rows of the table (default: ${DEFAULT-VALUE}).").defaultValue("1000000"));

    DemoCommand() {
        super(NAME, "Quiver's main job on built-in data, needing no files: generates the bench-v1 table "
                + "(docs/bench-v1.md), writes it as an Arrow file and an Arrow stream, uncompressed and "
                + "with LZ4 and ZSTD, into a temporary directory (deleted afterwards), reads each back (the files "
                + "memory-mapped, every batch fully validated) and checks that its checksum equals that of the "
                + "generated data; prints sizes and timings (each file's first read, JIT warm-up included, and the "
                + "best of three more) and the first rows. Then groups the table by cat on "
                + "the row table (quiver-row's hash group-by: row count, and count, sum, min and max of maybe), "
                + "checks the groups against the dataset's definition and prints them.",
                "Exit status 1 if any checksum or group differs.");
    }

    /** The rows of the table, as --rows says. */
    private long rows() {
        return rowsOption.getValue();
    }

    @Override
    public Integer call() throws Exception {
        long rows = rows();
        if (rows < 1) {
            throw new CliException("--rows must be 1 or more, not " + rows, CliException.USAGE);
        }
        PrintWriter out = out();
        long start = System.nanoTime();
        List<RecordBatch> batches = generate();
        BenchChecksum expected = new BenchChecksum();
        batches.forEach(expected::add);
        long generated = System.nanoTime() - start;
        out.printf(Locale.ROOT, "bench-v1: %,d rows in %s, %s in memory, generated in %s%n%n", rows,
                Sizes.count(batches.size(), "batch", "batches"), Sizes.bytes(memory(batches)), Sizes.seconds(generated));
        out.flush();

        TextTable table = new TextTable(List.of("format", "codec", "size", "write", "first read", "warm read",
                "checksum"), false, false, true, true, true, true, false);
        boolean allEqual = true;
        Path dir = Files.createTempDirectory("quiver-demo-");
        try {
            for (ArrowFormat format : List.of(ArrowFormat.FILE, ArrowFormat.STREAM)) {
                for (Codec codec : Codec.values()) {
                    Path file = dir.resolve("bench-v1-" + codec + (format == ArrowFormat.FILE ? ".arrow" : ".arrows"));
                    long written = write(batches, file, format, codec);
                    long first = Long.MAX_VALUE;
                    long warm = Long.MAX_VALUE;
                    boolean equal = true;
                    for (int k = 0; k <= WARM_READS; k++) {
                        long readStart = System.nanoTime();
                        equal &= read(file, format, k == 0).equals(expected.lines());
                        long read = System.nanoTime() - readStart;
                        if (k == 0) {
                            first = read;
                        } else {
                            warm = Math.min(warm, read);
                        }
                    }
                    allEqual &= equal;
                    table.add(format.label(), codec.toString(), Sizes.bytes(Files.size(file)), Sizes.seconds(written),
                            Sizes.seconds(first), Sizes.seconds(warm), equal ? "equal" : "DIFFERS");
                    Files.delete(file);
                }
            }
        } finally {
            deleteAll(dir);
        }
        out.println("Written, read back (files memory-mapped, fully validated) and checked:");
        table.print(out, "  ");
        out.println("  first read: the file's first in this process, JIT compilation included (the top row pays the "
                + "most); warm read: the best of " + WARM_READS + " more");
        out.println();
        out.println("Checksum (docs/bench-v1.md):");
        expected.lines().forEach(line -> out.println("  " + line));
        out.println();
        printFirstRows(out, batches);
        out.println();
        boolean grouped = groupBy(out, batches);
        out.flush();
        if (!allEqual) {
            throw new CliException("a checksum read back differs from the generated data's");
        }
        if (!grouped) {
            throw new CliException("the group-by result differs from the dataset's definition");
        }
        return 0;
    }

    private List<RecordBatch> generate() {
        long rows = rows();
        BenchV1 bench = new BenchV1(BufferAllocator.managed());
        List<RecordBatch> batches = new ArrayList<>();
        try (Progress progress = Progress.start("generating bench-v1", rows)) {
            for (long at = 0; at < rows; at += BenchV1.BATCH_ROWS) {
                int n = (int) Math.min(BenchV1.BATCH_ROWS, rows - at);
                batches.add(bench.batch(at, n));
                progress.advance(n);
            }
        }
        return batches;
    }

    private static long memory(List<RecordBatch> batches) {
        long bytes = 0;
        for (int c = 0; c < BenchV1.SCHEMA.fields().size(); c++) {
            ColumnStats stats = new ColumnStats();
            for (RecordBatch batch : batches) {
                stats.add(batch.column(c));
            }
            bytes += stats.bytes();
        }
        return bytes;
    }

    /** Writes the batches; returns the nanoseconds taken. */
    private long write(List<RecordBatch> batches, Path file, ArrowFormat format, Codec codec) throws IOException {
        long start = System.nanoTime();
        try (Progress progress = Progress.start("writing " + format.label() + ", " + codec, rows())) {
            Outputs.write(file, format, BenchV1.SCHEMA, codec.writeOptions(), writer -> {
                for (RecordBatch batch : batches) {
                    writer.write(batch);
                    progress.advance(batch.rowCount());
                }
            });
        }
        return System.nanoTime() - start;
    }

    /** Reads the file back, fully validated, and returns its checksum; a progress bar on the first read. */
    private List<String> read(Path file, ArrowFormat format, boolean first) throws IOException {
        BenchChecksum checksum = new BenchChecksum();
        try (RecordBatchReader source = Inputs.open(file, format, CsvReadOptions.DEFAULT,
                IpcReadOptions.DEFAULT);
                Progress progress = Progress.start((first ? "reading " : "reading again ") + format.label(), rows())) {
            for (RecordBatch batch : source) {
                checksum.add(batch);
                progress.advance(batch.rowCount());
            }
        }
        return checksum.lines();
    }

    private static void printFirstRows(PrintWriter out, List<RecordBatch> batches) {
        RowPreview preview = new RowPreview(BenchV1.SCHEMA, PREVIEW_ROWS);
        for (RecordBatch batch : batches) {
            if (preview.full()) {
                break;
            }
            preview.add(batch);
        }
        out.println("First rows:");
        preview.table().print(out, "  ");
    }

    /** Groups bench-v1 by cat on the row table (count and sum/min/max of maybe); returns whether it checks. */
    private boolean groupBy(PrintWriter out, List<RecordBatch> batches) {
        long start = System.nanoTime();
        GroupByResult result;
        try (HashGroupBy groupBy = new HashGroupBy(List.of(field(CAT)), List.of(field(MAYBE)));
                Progress progress = Progress.start("grouping by cat", rows())) {
            for (RecordBatch batch : batches) {
                groupBy.add(List.of(batch.column(CAT).data()), List.of(batch.column(MAYBE).data()));
                progress.advance(batch.rowCount());
            }
            result = groupBy.result();
        }
        long nanos = System.nanoTime() - start;
        boolean equal = BenchGroups.of(rows()).matches(result.batch());
        out.println("Group-by on the row table: bench-v1 by cat; count, and count/sum/min/max of maybe");
        out.println("(" + Sizes.count(result.groupCount(), "group", "groups") + " in " + Sizes.seconds(nanos)
                + "; checked against the dataset's definition: " + (equal ? "equal" : "DIFFERS") + "):");
        RowPreview preview = new RowPreview(result.batch().schema(), result.groupCount());
        preview.add(result.batch());
        preview.table().print(out, "  ");
        return equal;
    }

    private static Field field(String name) {
        return BenchV1.SCHEMA.field(BenchV1.SCHEMA.indexOf(name));
    }

    private static void deleteAll(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
