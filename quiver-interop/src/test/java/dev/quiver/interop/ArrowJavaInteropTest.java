// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.compare.Difference;
import dev.quiver.json.IntegrationJsonReader;
import dev.quiver.json.IntegrationJsonWriter;
import dev.quiver.json.JsonFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Quiver and arrow-java 19 read each other's IPC (file and stream; no compression, LZ4_FRAME, ZSTD)
 * equal, for every case of the {@link Corpus} that arrow-java supports:
 * <ul>
 * <li>Quiver → IPC → arrow-java → integration JSON → Quiver equals the original batches;</li>
 * <li>Quiver → JSON → arrow-java → IPC → Quiver equals them too;</li>
 * <li>Quiver → IPC → arrow-java's vectors → arrow-java → IPC → Quiver equals them (no JSON: this covers
 * the types arrow-java reads and writes in IPC but not in JSON).</li>
 * </ul>
 * What arrow-java lacks is listed in {@link ArrowJavaLimits} and checked there to still fail.
 */
class ArrowJavaInteropTest {
    @TempDir
    Path dir;

    static Stream<Arguments> cases(Set<String> excluded, boolean excludeFileDeltas) {
        List<Arguments> out = new ArrayList<>();
        for (Corpus.Case c : Corpus.all()) {
            if (excluded.contains(c.name())) {
                continue;
            }
            for (boolean file : new boolean[] {false, true}) {
                if (file && excludeFileDeltas && c.name().equals(ArrowJavaLimits.DELTA_CASE)) {
                    continue;
                }
                for (QuiverIpc.Codec codec : QuiverIpc.Codec.values()) {
                    out.add(Arguments.of(c, file ? "file" : "stream", codec));
                }
            }
        }
        return out.stream();
    }

    static Stream<Arguments> jsonWriterCases() {
        return cases(ArrowJavaLimits.union(ArrowJavaLimits.IPC, ArrowJavaLimits.JSON_WRITER), true);
    }

    static Stream<Arguments> jsonReaderCases() {
        Set<String> excluded = ArrowJavaLimits.union(ArrowJavaLimits.IPC, ArrowJavaLimits.JSON_READER);
        excluded.removeAll(ArrowJavaLimits.VIEWS);
        return cases(excluded, false);
    }

    static Stream<Arguments> ipcCases() {
        return cases(ArrowJavaLimits.IPC.keySet(), true);
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("jsonWriterCases")
    void arrowJavaReadsWhatQuiverWrites(Corpus.Case c, String format, QuiverIpc.Codec codec) throws IOException {
        boolean file = format.equals("file");
        byte[] ipc = QuiverIpc.write(file, c.schema(), c.batches(), QuiverIpc.options(codec, 8));
        assertNoDifference(c.batches(), viaArrowJavaJson(ipc, file, dir));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("jsonReaderCases")
    void quiverReadsWhatArrowJavaWrites(Corpus.Case c, String format, QuiverIpc.Codec codec) throws IOException {
        boolean file = format.equals("file");
        List<RecordBatch> expected = Corpus.withFinalDictionaries(c.batches());
        if (ArrowJavaLimits.VIEWS.contains(c.name())) {
            // arrow-java counts a view array's variadic buffers from its views: leave out the empty slice,
            // which holds a buffer no view uses (see ArrowJavaLimits).
            expected = expected.stream().filter(b -> b.rowCount() > 0).toList();
        }
        byte[] ipc = ArrowJava.jsonToIpc(writeJson(c.schema(), expected, dir), file, codec);
        assertNoDifference(expected, QuiverIpc.read(file, ipc).batches());
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("ipcCases")
    void arrowJavaWritesBackWhatItReadFromQuiver(Corpus.Case c, String format, QuiverIpc.Codec codec)
            throws IOException {
        boolean file = format.equals("file");
        byte[] ipc = QuiverIpc.write(file, c.schema(), c.batches(), QuiverIpc.options(codec, 64));
        byte[] echoed = ArrowJava.echo(ipc, file, codec);
        assertNoDifference(c.batches(), QuiverIpc.read(file, echoed).batches());
    }

    /**
     * arrow-java reads the IPC and writes each batch as JSON with the dictionaries as it holds them when
     * it reads that batch (so a stream's dictionary deltas show batch by batch); Quiver reads the JSON.
     */
    static List<RecordBatch> viaArrowJavaJson(byte[] ipc, boolean file, Path dir) throws IOException {
        List<RecordBatch> read = new ArrayList<>();
        for (Path json : ArrowJava.ipcToJson(ipc, file, dir)) {
            read.addAll(IntegrationJsonReader.read(json).batches());
        }
        return read;
    }

    static Path writeJson(dev.quiver.core.type.Schema schema, List<RecordBatch> batches, Path dir)
            throws IOException {
        Path json = dir.resolve("quiver.json");
        IntegrationJsonWriter.write(new JsonFile(schema, batches), json);
        return json;
    }

    static void assertNoDifference(List<RecordBatch> expected, List<RecordBatch> actual) {
        Optional<Difference> d = new BatchComparator().compare(expected, actual);
        assertEquals(Optional.empty(), d.map(Difference::message));
    }
}
