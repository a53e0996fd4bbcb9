// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.json.JsonFormatException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What arrow-java 19 does not support among the {@link Corpus} cases, with the reason it gives; each
 * test checks that the limitation still holds (so that the interop tests take the case up when
 * arrow-java gains it).
 */
class ArrowJavaLimits {
    /** The case whose dictionaries grow by deltas across batches. */
    static final String DELTA_CASE = "dictionary_delta";

    /** The view cases, which arrow-java's JsonFileReader reads but for batches holding unused buffers. */
    static final Set<String> VIEWS = Set.of("binary_view", "utf8_view");

    /** Cases arrow-java cannot read or write in IPC at all. */
    static final Map<String, String> IPC = Map.of(
            "decimal32", "Library only supports 128-bit and 256-bit decimal values",
            "decimal64", "Library only supports 128-bit and 256-bit decimal values");

    /** Cases arrow-java's JsonFileWriter cannot write. */
    static final Map<String, String> JSON_WRITER = ordered(
            "float16", "minor type: FLOAT2",
            "large_binary", "minor type: LARGEVARBINARY",
            "large_utf8", "minor type: LARGEVARCHAR",
            "list_of_struct_of_list", "minor type: LARGEVARCHAR",
            "dense_union", "Type has no offset buffer",
            "list_of_union", "Type has no offset buffer");

    /**
     * Cases arrow-java's JsonFileReader cannot read as Quiver writes them. The view cases fail only on the
     * empty slice: the interop test reads their other batches.
     */
    static final Map<String, String> JSON_READER = ordered(
            "float16", "Cannot read array of type FLOAT2",
            // It counts the variadic buffers from the views' buffer indices: an array holding a buffer
            // that no view uses (here the empty slice) is misread.
            "binary_view", "Expected END_ARRAY but got VALUE_STRING",
            "utf8_view", "Expected END_ARRAY but got VALUE_STRING");

    @TempDir
    Path dir;

    private static Map<String, String> ordered(String... pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return m;
    }

    static Set<String> union(Map<String, String> a, Map<String, String> b) {
        Set<String> s = new HashSet<>(a.keySet());
        s.addAll(b.keySet());
        return s;
    }

    private static Corpus.Case named(String name) {
        return Corpus.all().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    private static void assertFailsWith(String expected, Executable action) {
        Exception e = assertThrows(Exception.class, action::run);
        assertTrue(String.valueOf(e.getMessage()).contains(expected), () -> "expected \"" + expected + "\", got " + e);
    }

    /** An action that may throw. */
    interface Executable {
        void run() throws Exception;
    }

    @Test
    void arrowJavaHasNoDecimal32Or64() {
        for (Map.Entry<String, String> e : IPC.entrySet()) {
            Corpus.Case c = named(e.getKey());
            byte[] ipc = QuiverIpc.writeStream(c.schema(), c.batches(), QuiverIpc.options(QuiverIpc.Codec.NONE, 8));
            assertFailsWith(e.getValue(), () -> ArrowJava.echo(ipc, false, QuiverIpc.Codec.NONE));
        }
    }

    @Test
    void arrowJavaJsonWriterLacksSomeTypes() {
        for (Map.Entry<String, String> e : JSON_WRITER.entrySet()) {
            Corpus.Case c = named(e.getKey());
            byte[] ipc = QuiverIpc.writeStream(c.schema(), c.batches(), QuiverIpc.options(QuiverIpc.Codec.NONE, 8));
            assertFailsWith(e.getValue(), () -> ArrowJava.ipcToJson(ipc, false, dir));
        }
    }

    @Test
    void arrowJavaJsonReaderLacksSomeTypes() {
        for (Map.Entry<String, String> e : JSON_READER.entrySet()) {
            Corpus.Case c = named(e.getKey());
            assertFailsWith(e.getValue(), () -> ArrowJava.jsonToIpc(
                    ArrowJavaInteropTest.writeJson(c.schema(), c.batches(), dir), false, QuiverIpc.Codec.NONE));
        }
    }

    /**
     * arrow-java's ArrowFileReader reads as many dictionary batches as there are dictionary ids, so it
     * ignores the delta dictionary batches of a file: its dictionary is short, and the JSON it writes
     * holds indices past the dictionary's end, which Quiver's JSON reader refuses.
     */
    @Test
    void arrowJavaFileReaderIgnoresDeltaDictionaries() {
        Corpus.Case c = named(DELTA_CASE);
        byte[] ipc = QuiverIpc.writeFile(c.schema(), c.batches(), QuiverIpc.options(QuiverIpc.Codec.NONE, 8));
        JsonFormatException e = assertThrows(JsonFormatException.class,
                () -> ArrowJavaInteropTest.viaArrowJavaJson(ipc, true, dir));
        assertTrue(e.getMessage().contains("is outside the dictionary of length"), e.getMessage());
    }
}
