// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.json.JsonFile;
import dev.quiver.testkit.TestData.GoldCase;
import dev.quiver.testkit.TestData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * arrow-java reads each gold JSON with its own JsonFileReader and writes IPC (file and stream, without
 * and with ZSTD compression); Quiver reads that IPC equal to its own reading of the JSON. The cases
 * arrow-java 19 cannot read are listed in {@link #UNSUPPORTED} with the reason it gives, and checked to
 * still fail.
 */
class ArrowJavaGoldFilesTest {
    /**
     * Gold cases arrow-java cannot take, and the message it (or the comparison of what it wrote) fails
     * with: a struct with two children of the same name, and decimal32 and decimal64, which its JSON reader
     * takes for 128-bit decimals, writing wrong values.
     */
    static final Map<String, String> UNSUPPORTED = Map.of(
            "1.0.0-littleendian/generated_duplicate_fieldnames", "fields and children are not the same size",
            "cpp-21.0.0/generated_duplicate_fieldnames", "fields and children are not the same size",
            "cpp-21.0.0/generated_decimal32", "values differ",
            "cpp-21.0.0/generated_decimal64", "values differ");

    @TempDir
    Path dir;

    static List<GoldCase> supported() {
        return TestData.goldCases().stream().filter(c -> !UNSUPPORTED.containsKey(c.name())).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("supported")
    void quiverReadsWhatArrowJavaWritesFromTheJson(GoldCase c) throws IOException {
        JsonFile json = GoldFilesTest.json(c);
        Path plain = c.plainJson(dir);
        for (boolean file : new boolean[] {false, true}) {
            for (QuiverIpc.Codec codec : List.of(QuiverIpc.Codec.NONE, QuiverIpc.Codec.ZSTD)) {
                byte[] ipc = ArrowJava.jsonToIpc(plain, file, codec);
                GoldFilesTest.assertEqual(json.schema(), json.batches(), QuiverIpc.read(file, ipc),
                        "arrow-java " + (file ? "file" : "stream") + ", " + codec);
            }
        }
    }

    @Test
    void theUnsupportedCasesStillFail() throws IOException {
        for (GoldCase c : TestData.goldCases()) {
            String reason = UNSUPPORTED.get(c.name());
            if (reason != null) {
                Path plain = c.plainJson(dir);
                Throwable e = assertThrows(Throwable.class, () -> {
                    byte[] ipc = ArrowJava.jsonToIpc(plain, false, QuiverIpc.Codec.NONE);
                    JsonFile json = GoldFilesTest.json(c);
                    GoldFilesTest.assertEqual(json.schema(), json.batches(), QuiverIpc.read(false, ipc), c.name());
                });
                assertTrue(String.valueOf(e.getMessage()).contains(reason), c.name() + ": " + e);
            }
        }
    }
}
