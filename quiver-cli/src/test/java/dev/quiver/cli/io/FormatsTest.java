// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.cli.CliException;
import dev.quiver.io.ArrowFormat;
import dev.quiver.io.UnknownFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** quiver-io's format detector, as the command uses it. */
class FormatsTest {
    @TempDir
    Path dir;

    @Test
    void namesTellTheFormat() {
        assertEquals(ArrowFormat.CSV, ArrowFormat.byName(Path.of("a.CSV")));
        assertEquals(ArrowFormat.JSON, ArrowFormat.byName(Path.of("a.json")));
        assertEquals(ArrowFormat.JSON, ArrowFormat.byName(Path.of("a.json.gz")));
        assertEquals(ArrowFormat.FILE, ArrowFormat.byName(Path.of("a.arrow")));
        assertEquals(ArrowFormat.FILE, ArrowFormat.byName(Path.of("a.arrow_file")));
        assertEquals(ArrowFormat.FILE, ArrowFormat.byName(Path.of("a.feather")));
        assertEquals(ArrowFormat.STREAM, ArrowFormat.byName(Path.of("a.arrows")));
        assertEquals(ArrowFormat.STREAM, ArrowFormat.byName(Path.of("a.stream")));
        assertNull(ArrowFormat.byName(Path.of("a.bin")));
    }

    @Test
    void contentTellsTheFormatOfOtherInputs() throws IOException {
        assertEquals(ArrowFormat.FILE, Formats.ofInput(Files.write(dir.resolve("f.arrows"),
                "ARROW1\0\0rest".getBytes(java.nio.charset.StandardCharsets.US_ASCII))));
        assertEquals(ArrowFormat.STREAM, Formats.ofInput(Files.write(dir.resolve("s.arrow"),
                new byte[] {-1, -1, -1, -1, 0, 0, 0, 0})));
        assertEquals(ArrowFormat.JSON, Formats.ofInput(Files.writeString(dir.resolve("j.data"),
                "{\"schema\": {\"fields\": []}}")));
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        try (var out = new java.util.zip.GZIPOutputStream(gz)) {
            out.write("{\"schema\": {".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }
        assertEquals(ArrowFormat.JSON, Formats.ofInput(Files.write(dir.resolve("g.data"), gz.toByteArray())));
        assertEquals(ArrowFormat.NDJSON, Formats.ofInput(Files.writeString(dir.resolve("n.data"), "{\"a\": 1}\n")));
        assertEquals(ArrowFormat.CSV, Formats.ofInput(Files.writeString(dir.resolve("c.data"), "a,b\n1,2\n")));
    }

    @Test
    void aMissingInputOrAnUnknownContentIsOneClearError() throws IOException {
        CliException missing = assertThrows(CliException.class, () -> Formats.ofInput(dir.resolve("none.arrow")));
        assertEquals("no such file: " + dir.resolve("none.arrow"), missing.getMessage());
        Path binary = Files.write(dir.resolve("b.bin"), new byte[] {1, 2, 3, 0, 0, 0, 0, 5});
        assertTrue(assertThrows(UnknownFormatException.class, () -> Formats.ofInput(binary)).getMessage()
                .startsWith(binary + ": not Arrow IPC, Parquet, integration JSON, NDJSON, CSV or TSV"));
        CliException named = assertThrows(CliException.class, () -> Formats.named("xlsx"));
        assertEquals(CliException.USAGE, named.exitCode());
    }

    @Test
    void formatTakesOnlyTheTwoIpcFormats() {
        assertEquals(ArrowFormat.STREAM, Formats.ipc(ArrowFormat.STREAM));
        CliException e = assertThrows(CliException.class, () -> Formats.ofOutput(Path.of("x.arrow"), ArrowFormat.CSV));
        assertEquals("--format takes file or stream, not csv", e.getMessage());
        assertEquals(CliException.USAGE, e.exitCode());
    }

    @Test
    void outputFormatComesFromTheOptionOrTheName() {
        assertEquals(ArrowFormat.STREAM, Formats.ofOutput(Path.of("x.arrow"), ArrowFormat.STREAM));
        assertEquals(ArrowFormat.FILE, Formats.ofOutput(Path.of("x.out"), ArrowFormat.FILE));
        assertEquals(ArrowFormat.CSV, Formats.ofOutput(Path.of("x.csv"), null));
        assertEquals(ArrowFormat.JSON, Formats.ofOutput(Path.of("x.json.gz"), ArrowFormat.FILE));
    }
}
