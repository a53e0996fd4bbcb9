// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.RootAllocator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * arrow-java 19 writing a bench-v1 IPC file (none, zstd) with ArrowFileWriter and reading the file
 * Quiver wrote (as in {@link FileBench}) with ArrowFileReader and the checksum. LZ4 is in
 * {@link Lz4SmallBench}: arrow-java's LZ4 is too slow for this size.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {Flags.ADD_OPENS, Flags.UNSAFE, Flags.NATIVE, Flags.HEAP})
public class ArrowFileBench {
    @Param("1000000")
    public long rows;

    @Param({"none", "zstd"})
    public String codec;

    private RootAllocator allocator;
    private ArrowTable table;
    private Path directory;
    private Path input;
    private Path output;

    @Setup
    public void setUp() throws IOException {
        allocator = new RootAllocator();
        table = new ArrowTable(allocator, rows);
        directory = Files.createTempDirectory("quiver-bench");
        input = directory.resolve("input.arrow");
        output = directory.resolve("arrow.arrow");
        QuiverIo.writeFile(input, rows, Codec.of(codec).quiver());
    }

    @TearDown
    public void tearDown() throws IOException {
        table.close();
        allocator.close();
        Files.deleteIfExists(input);
        Files.deleteIfExists(output);
        Files.deleteIfExists(directory);
    }

    @Benchmark
    public long arrowWrite() throws IOException {
        return ArrowIo.writeFile(output, table, Codec.of(codec), allocator);
    }

    @Benchmark
    public ArrowChecksum arrowRead() throws IOException {
        return ArrowIo.readFile(input, allocator);
    }

    /** The file arrow-java wrote last (for tests). */
    Path output() {
        return output;
    }
}
