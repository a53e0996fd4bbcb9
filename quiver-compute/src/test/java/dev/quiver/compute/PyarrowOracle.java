// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.testkit.PythonPeer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Checks Quiver kernels against pyarrow.compute in one Python launch: the inputs go to pyarrow as an IPC file
 * (columns of one batch, named), each case is a Python expression over {@code t} (the table), {@code pa} and
 * {@code pc}; pyarrow's result comes back as an IPC file, or its error as text. A case pyarrow rejects must make
 * the Quiver kernel throw a {@link ComputeException}; otherwise the two arrays must be equal (type and values).
 */
public final class PyarrowOracle {
    private static final String SCRIPT = """
            import sys, os, pyarrow as pa, pyarrow.compute as pc, pyarrow.ipc as ipc
            src, cases, out = sys.argv[1], sys.argv[2], sys.argv[3]
            t = ipc.open_file(src).read_all()
            exprs = open(cases, encoding='utf-8').read().split('\\n\\x00\\n')
            for k, e in enumerate(exprs):
                try:
                    r = eval(e, {'pa': pa, 'pc': pc, 't': t})
                    if isinstance(r, pa.ChunkedArray):
                        r = r.combine_chunks()
                    elif isinstance(r, pa.Scalar):
                        r = pa.array([r.as_py()], r.type)
                    b = pa.record_batch([r], names=['r'])
                    with ipc.new_file(os.path.join(out, f'{k}.arrow'), b.schema) as w:
                        w.write_batch(b)
                except (pa.ArrowInvalid, pa.ArrowNotImplementedError, pa.ArrowTypeError, IndexError) as x:
                    open(os.path.join(out, f'{k}.err'), 'w', encoding='utf-8').write(type(x).__name__ + ': ' + str(x))
            """;

    private record Case(String name, String python, Supplier<Array> quiver) {
    }

    private final List<Field> fields = new ArrayList<>();
    private final List<Array> columns = new ArrayList<>();
    private final List<Case> cases = new ArrayList<>();

    /** Equal values; NaNs equal whatever their bits (C++ and Java make NaNs of different signs and payloads). */
    private static boolean sameValues(Array expected, Array actual) {
        if (expected.equals(actual)) {
            return true;
        }
        if (expected.length() != actual.length()) {
            return false;
        }
        for (long i = 0; i < expected.length(); i++) {
            Object e = expected.getObject(i);
            Object a = actual.getObject(i);
            boolean bothNaN = e instanceof Double x && a instanceof Double y && x.isNaN() && y.isNaN()
                    || e instanceof Float f && a instanceof Float g && f.isNaN() && g.isNaN();
            if (!bothNaN && !java.util.Objects.equals(e, a)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Adds an input column, {@code t['name']} in Python.
     *
     * @param name the column name
     * @param values the values (a slice is written compacted; the Java side keeps the slice)
     * @return the values, for the Java side of the cases
     */
    public Array input(String name, Array values) {
        if (!columns.isEmpty() && columns.get(0).length() != values.length()) {
            throw new IllegalArgumentException("inputs must be of one length");
        }
        fields.add(Field.nullable(name, values.type()));
        columns.add(values);
        return values;
    }

    /**
     * Adds a case.
     *
     * @param name what the case checks, for messages
     * @param python the pyarrow expression
     * @param quiver the Quiver computation
     */
    public void check(String name, String python, Supplier<Array> quiver) {
        cases.add(new Case(name, python, quiver));
    }

    /**
     * The number of cases added.
     *
     * @return the count
     */
    public int size() {
        return cases.size();
    }

    /**
     * Runs pyarrow once over all cases and checks each Quiver result.
     *
     * @param python the Python with pyarrow
     * @param dir a scratch directory
     * @throws IOException if the files cannot be written or read
     */
    public void verify(PythonPeer python, Path dir) throws IOException {
        Schema schema = new Schema(fields);
        Path src = dir.resolve("inputs.arrow");
        try (IpcFileWriter w = IpcFileWriter.open(src, schema)) {
            w.write(new RecordBatch(schema, columns));
        }
        Path casesFile = dir.resolve("cases.txt");
        List<String> exprs = new ArrayList<>();
        for (Case c : cases) {
            exprs.add(c.python());
        }
        Files.writeString(casesFile, String.join("\n\u0000\n", exprs), StandardCharsets.UTF_8);
        Path out = Files.createDirectories(dir.resolve("out"));
        python.run(SCRIPT, src.toString(), casesFile.toString(), out.toString());
        List<String> failures = new ArrayList<>();
        for (int k = 0; k < cases.size(); k++) {
            Case c = cases.get(k);
            Path err = out.resolve(k + ".err");
            try {
                if (Files.exists(err)) {
                    String why = Files.readString(err);
                    ComputeException e = assertThrows(ComputeException.class, () -> c.quiver().get(),
                            () -> c.name() + ": pyarrow errs (" + why + ") but Quiver did not");
                    assertEquals(false, e.getMessage().isBlank());
                    continue;
                }
                Array expected;
                try (IpcFileReader r = IpcFileReader.open(out.resolve(k + ".arrow"))) {
                    expected = Table.from(r).combineChunks().column(0).chunks().get(0);
                }
                Array actual;
                try {
                    actual = c.quiver().get();
                } catch (ComputeException e) {
                    failures.add(c.name() + ": Quiver threw " + e.getMessage() + " where pyarrow gave " + expected);
                    continue;
                }
                if (!expected.type().equals(actual.type()) || !sameValues(expected, actual)) {
                    failures.add(c.name() + ": expected " + expected.type() + " " + expected + "\n   but was "
                            + actual.type() + " " + actual);
                }
            } catch (AssertionError e) {
                failures.add(e.getMessage());
            }
        }
        if (!failures.isEmpty()) {
            fail(failures.size() + " of " + cases.size() + " cases differ from pyarrow:\n" + String.join("\n",
                    failures));
        }
    }
}
