// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/**
 * The training run of the launcher's ahead-of-time cache (JDK 25: the classes a run loads and links, the
 * lambdas and method handles it spins, the profiles of its methods): every command's path once, in one
 * JVM, on small inputs it makes in a folder. The cache holds what the training loaded, so a command whose
 * path the training missed starts as a JVM without a cache would: bench-gen's and convert's writes
 * (file and stream, uncompressed, LZ4 and ZSTD, on one thread and on every core), reads of each, CSV and
 * NDJSON input, conversions between the formats, group-by and sql.
 *
 * <p>Run by the {@code quiver} launcher with {@code -XX:AOTCacheOutput}; not a command of its own.
 * A command that fails (sql without a DuckDB library, say) is reported on standard error and the training
 * goes on: the cache then lacks that path only.
 */
public final class AotTraining {
    /** Rows of the generated bench-v1 files: a few batches, enough for the loops to be profiled. */
    static final int ROWS = 300_000;
    /** Lines of the generated CSV and NDJSON inputs. */
    static final int LINES = 100_000;

    private AotTraining() {
    }

    /**
     * Runs the training in the folder {@code args[0]}, which receives its inputs and outputs.
     *
     * @param args the folder to work in
     * @throws IOException if the inputs cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: AotTraining FOLDER");
            System.exit(CliException.USAGE);
        }
        int failed = train(Path.of(args[0]));
        System.exit(failed == 0 ? 0 : 1);
    }

    /**
     * Runs every command line of {@link #commands(Path)} in {@code folder}, their output discarded.
     *
     * @param folder where the inputs are made and the outputs written
     * @return how many command lines failed (each reported on standard error)
     * @throws IOException if the inputs cannot be written
     */
    static int train(Path folder) throws IOException {
        writeCsv(folder.resolve("t.csv"), LINES);
        writeNdjson(folder.resolve("t.ndjson"), LINES);
        int failed = 0;
        for (List<String> command : commands(folder)) {
            String[] args = command.toArray(String[]::new);
            CommandLine cli = QuiverCommand.commandLine(args);
            StringWriter errors = new StringWriter();
            cli.setOut(new PrintWriter(Writer.nullWriter()));
            cli.setErr(new PrintWriter(errors));
            if (cli.execute(args) != 0) {
                failed++;
                System.err.println("training: quiver " + String.join(" ", command) + " failed: " + errors);
            }
        }
        return failed;
    }

    /** The command lines of the training, in order; the first ones make the Arrow inputs of the later ones. */
    static List<List<String>> commands(Path folder) {
        String file = folder.resolve("t.arrow").toString();
        String lz4 = folder.resolve("t-lz4.arrow").toString();
        String zstd = folder.resolve("t-zstd.arrow").toString();
        String stream = folder.resolve("t.arrows").toString();
        String rows = String.valueOf(ROWS);
        List<List<String>> all = new ArrayList<>();
        all.add(List.of("bench-gen", "--rows", rows, "--out", file));
        all.add(List.of("bench-gen", "--rows", rows, "--threads", "1", "--time-write", "--repeat", "2", "--out", file));
        all.add(List.of("bench-gen", "--rows", rows, "--codec", "lz4", "--out", lz4));
        all.add(List.of("bench-gen", "--rows", rows, "--codec", "zstd", "--threads", "1", "--time-write", "--out",
                zstd));
        all.add(List.of("bench-gen", "--rows", rows, "--format", "stream", "--out", stream));
        for (String input : List.of(file, lz4, zstd, stream)) {
            all.add(List.of("bench-read", input, "--threads", "1", "--repeat", "2"));
            all.add(List.of("bench-read", input));
        }
        all.add(List.of("group-by", file, "--by", "name", "--threads", "1"));
        all.add(List.of("group-by", file, "--by", "name"));
        all.add(List.of("convert", file, folder.resolve("c.arrows").toString()));
        all.add(List.of("convert", stream, folder.resolve("c.arrow").toString()));
        all.add(List.of("convert", zstd, folder.resolve("c-lz4.arrow").toString(), "--codec", "lz4"));
        all.add(List.of("convert", folder.resolve("t.csv").toString(), folder.resolve("csv.arrow").toString()));
        all.add(List.of("convert", folder.resolve("t.csv").toString(), folder.resolve("csv.arrows").toString(),
                "--codec", "zstd"));
        all.add(List.of("convert", folder.resolve("t.ndjson").toString(), folder.resolve("ndjson.arrow").toString()));
        all.add(List.of("convert", folder.resolve("csv.arrow").toString(), folder.resolve("c.csv").toString()));
        all.add(List.of("convert", folder.resolve("csv.arrow").toString(), folder.resolve("c.ndjson").toString()));
        all.add(List.of("validate", file));
        all.add(List.of("schema", file));
        all.add(List.of("stats", file));
        all.add(List.of("sql", "SELECT cat, count(*) AS n, sum(id) AS s FROM t GROUP BY cat ORDER BY cat", "--table",
                "t=" + file));
        return all;
    }

    /**
     * Writes {@code lines} records of the kinds of column the CSV benchmark reads: integers, floats,
     * booleans, a nullable integer, nullable and repeated strings, zoned timestamps, decimals.
     */
    static void writeCsv(Path path, int lines) throws IOException {
        StringBuilder text = new StringBuilder("id,x,flag,maybe,name,cat,ts,price\n");
        for (int i = 0; i < lines; i++) {
            text.append(i).append(',').append(i * 0.25).append(',').append(i % 3 == 0).append(',');
            if (i % 10 != 7) {
                text.append(i % 1000 - 500);
            }
            text.append(',');
            if (i % 17 != 0) {
                text.append("\"name-").append(i % 10007).append('"');
            }
            text.append(",category-").append(i % 16).append(',')
                    .append(String.format(Locale.ROOT, "2023-11-14 22:%02d:%02d.%06dZ", i / 60 % 60, i % 60, i))
                    .append(',').append(i / 100).append('.').append(String.format(Locale.ROOT, "%02d", i % 100))
                    .append('\n');
        }
        Files.writeString(path, text, StandardCharsets.UTF_8);
    }

    /** Writes {@code lines} NDJSON objects: an integer, a float, a boolean, a nullable string, a list. */
    static void writeNdjson(Path path, int lines) throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            text.append("{\"id\":").append(i).append(",\"x\":").append(i * 0.25).append(",\"flag\":")
                    .append(i % 3 == 0).append(",\"name\":")
                    .append(i % 17 == 0 ? "null" : "\"name-" + i % 10007 + "\"").append(",\"tags\":[");
            for (int k = 0; k < i % 4; k++) {
                text.append(k == 0 ? "" : ",").append(i % 1000 + k);
            }
            text.append("]}\n");
        }
        Files.writeString(path, text, StandardCharsets.UTF_8);
    }
}
