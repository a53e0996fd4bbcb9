// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.testkit.PythonPeer;
import dev.quiver.testkit.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Apache parquet-testing files: every file of {@code data/} pyarrow 25 reads, Quiver reads equal to it
 * (types and values); the files pyarrow refuses and every file of {@code bad_data/} end in one
 * {@link ParquetException}, within a time limit.
 */
class ParquetTestingTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    static Path folder(String name) {
        return TestData.root().resolveSibling("parquet-testing").resolve(name);
    }

    static List<Path> parquetFiles(String name) throws IOException {
        try (Stream<Path> s = Files.list(folder(name))) {
            return s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
        }
    }

    @TestFactory
    Stream<DynamicTest> dataFilesReadAsPyarrowReadsThem(@TempDir Path out) throws IOException {
        Optional<PythonPeer> python = PythonPeer.find();
        Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        List<Path> files = parquetFiles("data");
        assertTrue(files.size() > 50);
        // pyarrow spends a minute decompressing this 4 KB file's 2 GiB of map strings before refusing it
        // ("Nested data conversions not implemented for chunked array outputs"): not asked again here
        Path slowRefusal = folder("data").resolve("large_string_map.brotli.parquet");
        PyarrowReading pyarrow = PyarrowReading.of(python.get(), files.stream().filter(f -> !f.equals(slowRefusal)).toList(),
                out);
        return files.stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
            Optional<String> refusal = file.equals(slowRefusal) ? Optional.of("nested chunked output")
                    : pyarrow.refusal(file);
            if (refusal.isPresent()) {
                ParquetException e = assertTimeoutPreemptively(LIMIT, () -> assertThrows(ParquetException.class,
                        () -> PyarrowReading.quiver(file, ParquetReadOptions.DEFAULT), "pyarrow refused: " + refusal.get()));
                assertFalse(e.getMessage().isBlank());
            } else {
                assertTimeoutPreemptively(LIMIT, () -> pyarrow.assertSameAsPyarrow(file, ParquetReadOptions.DEFAULT));
            }
        }));
    }

    /**
     * Each bad_data file ends in one ParquetException naming the file; ARROW-GH-43605 (dictionary indices of
     * bit width 0 over a one-value dictionary: every index 0, as Encodings.md defines a width of 0) is valid
     * data that pyarrow 25 reads, and Quiver reads it equal.
     */
    @TestFactory
    Stream<DynamicTest> badDataEndsInOneParquetException(@TempDir Path out) throws IOException {
        Optional<PythonPeer> python = PythonPeer.find();
        List<Path> files = parquetFiles("bad_data");
        PyarrowReading pyarrow = python.isPresent() ? PyarrowReading.of(python.get(), files, out) : null;
        return files.stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
            if (file.getFileName().toString().equals("ARROW-GH-43605.parquet")) {
                Assumptions.assumeTrue(pyarrow != null, PythonPeer.SKIP_MESSAGE);
                assertTimeoutPreemptively(LIMIT, () -> pyarrow.assertSameAsPyarrow(file, ParquetReadOptions.DEFAULT));
                return;
            }
            ParquetException e = assertTimeoutPreemptively(LIMIT, () -> assertThrows(ParquetException.class,
                    () -> PyarrowReading.quiver(file, ParquetReadOptions.DEFAULT)));
            assertTrue(e.getMessage().contains(file.getFileName().toString()), e.getMessage());
        }));
    }
}
