// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.compare.Difference;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.testkit.PythonPeer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Test support: pyarrow's reading of Parquet files, written as Arrow IPC files by a Python script, and the
 * value-by-value comparison of Quiver's reading with it.
 */
final class PyarrowReading {
    /** Reads each file given with pq.read_table and writes it as IPC (or records why pyarrow refused it). */
    private static final String SCRIPT = """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            out = sys.argv[1]
            for i, f in enumerate(sys.argv[2:]):
                try:
                    t = pq.read_table(f).unify_dictionaries()
                    with pa.OSFile(out + '/' + str(i) + '.arrow', 'wb') as sink:
                        with pa.ipc.new_file(sink, t.schema) as w:
                            w.write_table(t)
                    print('OK', i)
                except Exception as e:
                    print('REFUSED', i, type(e).__name__, str(e).replace('\\n', ' ')[:200])
            """;

    private final Map<Path, Path> arrow = new HashMap<>();
    private final Map<Path, String> refused = new HashMap<>();

    private PyarrowReading() {}

    /**
     * Runs pyarrow over the files.
     *
     * @param python the interpreter
     * @param files the Parquet files
     * @param out a folder for the IPC files
     * @return the readings
     * @throws IOException if the script cannot run
     */
    static PyarrowReading of(PythonPeer python, List<Path> files, Path out) throws IOException {
        String[] args = new String[files.size() + 1];
        args[0] = out.toString();
        for (int i = 0; i < files.size(); i++) {
            args[i + 1] = files.get(i).toString();
        }
        String printed = python.run(SCRIPT, args);
        PyarrowReading r = new PyarrowReading();
        for (String line : printed.split("\n")) {
            String[] parts = line.split(" ", 3);
            if (parts.length < 2) {
                continue;
            }
            Path file = files.get(Integer.parseInt(parts[1].trim()));
            if (parts[0].equals("OK")) {
                r.arrow.put(file, out.resolve(parts[1].trim() + ".arrow"));
            } else {
                r.refused.put(file, parts.length > 2 ? parts[2] : "");
            }
        }
        return r;
    }

    /** Why pyarrow refused the file, or empty if it read it. */
    Optional<String> refusal(Path file) {
        return Optional.ofNullable(refused.get(file));
    }

    /** pyarrow's table of the file, in one chunk. */
    Table expected(Path file) {
        Path ipc = arrow.get(file);
        if (ipc == null) {
            fail("pyarrow gave no reading of " + file);
        }
        try (IpcFileReader reader = IpcFileReader.open(ipc)) {
            return Table.from(reader).combineChunks();
        }
    }

    /**
     * Quiver's reading of a file, in one chunk.
     *
     * @param file the file
     * @param options how to read
     * @return the table
     */
    static Table quiver(Path file, ParquetReadOptions options) {
        try (ParquetReader reader = ParquetReader.open(file, options)) {
            return Table.from(reader).combineChunks();
        }
    }

    /** Asserts Quiver reads the file equal to pyarrow, types and values. */
    void assertSameAsPyarrow(Path file, ParquetReadOptions options) {
        Table expected = expected(file);
        Table actual = quiver(file, options);
        assertEquals(expected.rowCount(), actual.rowCount(), "rows of " + file.getFileName());
        if (expected.rowCount() == 0) {
            assertEquals(expected.schema().names(), actual.schema().names(), "columns of " + file.getFileName());
            return;
        }
        List<RecordBatch> left = expected.batches();
        List<RecordBatch> right = actual.batches();
        Optional<Difference> d = new BatchComparator().compare(left, right);
        if (d.isPresent()) {
            fail(file.getFileName() + ": " + d.get().message() + "\npyarrow: " + expected.schema() + "\nquiver:  "
                    + actual.schema());
        }
    }
}
