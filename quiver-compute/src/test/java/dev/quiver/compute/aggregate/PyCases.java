// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.testkit.PythonPeer;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * Checks kernels against pyarrow.compute: many cases per Python launch, each a Python expression whose
 * value (a pyarrow scalar or array, or an exception) comes back as one line of tokens, compared with the
 * tokens of Quiver's result ({@link #tokens}): {@code N} null, {@code I} integer, {@code F} float
 * (compared to a relative 1e-9), {@code B} bool, {@code S} string, {@code E} an error and its class.
 */
public final class PyCases {
    private static final Optional<PythonPeer> PYTHON = PythonPeer.find();
    private static final String PRELUDE = """
            import sys, datetime, pyarrow as pa, pyarrow.compute as pc
            def t(x):
                if x is None: return 'N'
                if isinstance(x, bool): return 'B' + ('true' if x else 'false')
                if isinstance(x, int): return 'I' + str(x)
                if isinstance(x, float): return 'F' + repr(x)
                if isinstance(x, str): return 'S' + x.replace('\\\\', '\\\\\\\\').replace('\\t', '\\\\t').replace('\\n', '\\\\n')
                if isinstance(x, datetime.datetime): return 'I' + str(x)
                if isinstance(x, dict): return '\\t'.join(t(v) for v in x.values())
                return 'S' + str(x)
            def case(f):
                try:
                    r = f()
                    if isinstance(r, (pa.Array, pa.ChunkedArray)): r = r.to_pylist()
                    elif isinstance(r, pa.Scalar): r = [r.as_py()]
                    elif not isinstance(r, list): r = [r]
                    print('\\t'.join(t(v) for v in r) if r else '')
                except Exception as e:
                    print('E' + type(e).__name__)
            """;

    private PyCases() {
    }

    /**
     * Skips the test without a Python with pyarrow.
     *
     * @return the peer
     */
    public static PythonPeer python() {
        Assumptions.assumeTrue(PYTHON.isPresent(), PythonPeer.SKIP_MESSAGE);
        return PYTHON.get();
    }

    /**
     * Runs {@code setup} and then each case expression; returns one line per case.
     *
     * @param setup Python statements defining the inputs
     * @param cases Python expressions, each evaluated with {@code case(lambda: ...)}
     * @return one line of tokens per case
     * @throws IOException if Python cannot start
     */
    public static List<String> run(String setup, List<String> cases) throws IOException {
        StringBuilder script = new StringBuilder(PRELUDE).append(setup).append('\n');
        for (String c : cases) {
            script.append("case(lambda: ").append(c).append(")\n");
        }
        java.nio.file.Path file = java.nio.file.Files.createTempFile("quiver-compute-cases", ".py");
        String out;
        try {
            java.nio.file.Files.writeString(file, script);
            out = python().run("import sys\nexec(compile(open(sys.argv[1], encoding='utf-8').read(), 'cases', 'exec'))",
                    file.toString());
        } finally {
            java.nio.file.Files.deleteIfExists(file);
        }
        List<String> lines = new ArrayList<>(List.of(out.split("\n", -1)));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        assertEquals(cases.size(), lines.size(), "one line per case:\n" + out);
        return lines;
    }

    /**
     * A Python list literal of an array's values (ints, floats, bools, strings, nulls).
     *
     * @param a the array
     * @return the literal
     */
    public static String literal(Array a) {
        StringBuilder b = new StringBuilder("[");
        for (long i = 0; i < a.length(); i++) {
            if (i > 0) {
                b.append(',');
            }
            Object v = a.getObject(i);
            b.append(literal(v));
        }
        return b.append(']').toString();
    }

    private static String literal(Object v) {
        if (v == null) {
            return "None";
        }
        if (v instanceof Boolean x) {
            return x ? "True" : "False";
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            return Double.isNaN(d) ? "float('nan')" : Double.isInfinite(d) ? (d > 0 ? "float('inf')" : "float('-inf')")
                    : "float('" + d + "')";
        }
        if (v instanceof String s) {
            StringBuilder b = new StringBuilder("'");
            s.codePoints().forEach(cp -> b.append(String.format("\\U%08x", cp)));
            return b.append("'").toString();
        }
        return v.toString();
    }

    /**
     * The tokens of a value.
     *
     * @param v a Java value of an array slot
     * @return its token
     */
    public static String token(Object v) {
        if (v == null) {
            return "N";
        }
        if (v instanceof Boolean b) {
            return "B" + b;
        }
        if (v instanceof Double || v instanceof Float) {
            return "F" + ((Number) v).doubleValue();
        }
        if (v instanceof Number || v instanceof BigInteger || v instanceof BigDecimal) {
            return "I" + v;
        }
        if (v instanceof String s) {
            return "S" + s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n");
        }
        return "S" + v;
    }

    /**
     * The tokens of an array, tab-separated.
     *
     * @param a the array
     * @return the line
     */
    public static String tokens(Array a) {
        List<String> out = new ArrayList<>();
        for (long i = 0; i < a.length(); i++) {
            out.add(token(a.getObject(i)));
        }
        return String.join("\t", out);
    }

    /**
     * Asserts that two lines of tokens are equal, floats to a relative 1e-9 (NaN equal to NaN).
     *
     * @param expected pyarrow's line
     * @param actual Quiver's line
     * @param what the case, for the message
     */
    public static void assertSame(String expected, String actual, String what) {
        String[] e = expected.split("\t", -1);
        String[] a = actual.split("\t", -1);
        assertEquals(e.length, a.length, what + ": pyarrow " + expected + ", quiver " + actual);
        for (int i = 0; i < e.length; i++) {
            if (e[i].startsWith("F") && a[i].startsWith("F")) {
                double x = Double.parseDouble(e[i].substring(1).replace("nan", "NaN").replace("inf", "Infinity"));
                double y = Double.parseDouble(a[i].substring(1));
                boolean same = (Double.isNaN(x) && Double.isNaN(y)) || x == y
                        || Math.abs(x - y) <= 1e-9 * Math.max(Math.abs(x), Math.abs(y));
                assertTrue(same, what + " slot " + i + ": pyarrow " + expected + ", quiver " + actual);
            } else {
                assertEquals(e[i], a[i], what + " slot " + i + ": pyarrow " + expected + ", quiver " + actual);
            }
        }
    }
}
