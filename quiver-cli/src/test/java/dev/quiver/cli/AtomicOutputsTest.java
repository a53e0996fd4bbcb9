// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that writes a path writes it whole or not at all: when the input fails half-way, the
 * target does not appear, an existing target keeps its bytes, and no temporary file is left.
 */
class AtomicOutputsTest {
    private static final byte[] OLD = "an existing output".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private List<Path> files() throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.sorted().toList();
        }
    }

    /** Runs {@code command IN OUT} to an absent and to an existing target; both must fail cleanly. */
    private void assertFailsAtomically(Path in, String out, String... command) throws IOException {
        Path target = dir.resolve(out);
        List<Object> args = new ArrayList<>(List.of((Object[]) command));
        args.add(in);
        args.add(target);
        Cli.Result absent = Cli.run(args.toArray());
        assertEquals(1, absent.exit(), absent.out());
        assertEquals(1, absent.errLines().size(), absent.err());
        assertFalse(Files.exists(target), out + " appeared: " + absent.err());
        assertEquals(List.of(in), files(), "left over");

        Files.write(target, OLD);
        Cli.Result existing = Cli.run(args.toArray());
        assertEquals(1, existing.exit(), existing.out());
        assertArrayEquals(OLD, Files.readAllBytes(target), out + " was changed");
        assertEquals(List.of(in, target).stream().sorted().toList(), files(), "left over");
        Files.delete(target);
    }

    @Test
    void convertOfAStreamCutInItsSecondBatchWritesNothing() throws IOException {
        Path in = BrokenInputs.truncatedStream(dir.resolve("in.arrows"));
        for (String out : List.of("out.arrow", "out.arrows", "out.csv", "out.json", "out.json.gz")) {
            assertFailsAtomically(in, out, "convert");
        }
    }

    @Test
    void convertOfAFileWithAnInvalidSecondBatchWritesNothing() throws IOException {
        Path in = BrokenInputs.invalidUtf8File(dir.resolve("in.arrow"));
        for (String out : List.of("out.arrow", "out.arrows", "out.csv", "out.json")) {
            assertFailsAtomically(in, out, "convert");
        }
    }

    @Test
    void streamToFileWritesNothingWhenTheStreamIsCut() throws IOException {
        assertFailsAtomically(BrokenInputs.truncatedStream(dir.resolve("in.arrows")), "out.arrow", "stream-to-file");
    }

    @Test
    void fileToStreamWritesNothingWhenABatchIsInvalid() throws IOException {
        assertFailsAtomically(BrokenInputs.invalidUtf8File(dir.resolve("in.arrow")), "out.arrows", "file-to-stream");
    }

    @Test
    void arrowToJsonWritesNothingWhenABatchIsInvalid() throws IOException {
        Path file = BrokenInputs.invalidUtf8File(dir.resolve("in.arrow"));
        assertFailsAtomically(file, "out.json", "arrow-to-json");
        Files.delete(file);
        assertFailsAtomically(BrokenInputs.truncatedStream(dir.resolve("in.arrows")), "out.json.gz", "arrow-to-json");
    }

    @Test
    void jsonToArrowWritesNothingWhenABatchIsInvalid() throws IOException {
        Path in = BrokenInputs.invalidJson(dir.resolve("in.json"));
        assertFailsAtomically(in, "out.arrow", "json-to-arrow");
        assertFailsAtomically(in, "out.arrows", "json-to-arrow");
    }

    @Test
    void aSuccessfulConversionLeavesOnlyItsOutput() throws IOException {
        Path in = Files.writeString(dir.resolve("in.csv"), "a\n1\n");
        Path out = Files.write(dir.resolve("out.arrow"), OLD);
        Cli.Result r = Cli.run("convert", in, out);
        assertEquals(0, r.exit(), r.err());
        assertEquals(List.of(in, out), files());
        assertEquals(0, Cli.run("validate", out).exit());
    }

    @Test
    void benchGenToADirectoryFailsAndWritesNothing() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("sub.arrow"));
        Cli.Result r = Cli.run("bench-gen", "--rows", "10", "--out", sub);
        assertEquals(1, r.exit());
        assertEquals(List.of("quiver bench-gen: " + sub + ": is a directory"), r.errLines());
        assertEquals(List.of(sub), files());
    }
}
