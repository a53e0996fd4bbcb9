// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.benchdata.BenchChecksum;
import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
 * Quiver writing a bench-v1 IPC file (none, lz4, zstd) and reading it back memory-mapped with the
 * checksum, fully validated (the default) and trusted ({@code validateFull=false}). arrow-java's side is
 * {@link ArrowFileBench} (and {@link Lz4SmallBench} for LZ4); the file read is the same.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {Flags.ADD_OPENS, Flags.UNSAFE, Flags.NATIVE, Flags.HEAP})
public class FileBench {
    @Param("1000000")
    public long rows;

    @Param({"none", "lz4", "zstd"})
    public String codec;

    private ScopedAllocator allocator;
    private List<RecordBatch> batches;
    private Path directory;
    private Path input;
    private Path output;
    private Limit limit;

    @Setup
    public void setUp() throws IOException {
        allocator = BufferAllocator.scoped();
        batches = new BenchV1(allocator).batches(rows);
        directory = Files.createTempDirectory("quiver-bench");
        input = directory.resolve("input.arrow");
        output = directory.resolve("quiver.arrow");
        QuiverIo.writeFile(input, batches, Codec.of(codec).quiver());
        limit = new Limit(QuiverIo.tableBytes(batches));
    }

    @TearDown
    public void tearDown() throws IOException {
        allocator.close();
        Files.deleteIfExists(input);
        Files.deleteIfExists(output);
        Files.deleteIfExists(directory);
    }

    /** The file written in setup, to be read. */
    public Path input() {
        return input;
    }

    @Benchmark
    public long quiverWrite() throws IOException {
        return QuiverIo.writeFile(output, batches, Codec.of(codec).quiver());
    }

    @Benchmark
    public BenchChecksum quiverRead() {
        return QuiverIo.readMapped(input, true);
    }

    @Benchmark
    public BenchChecksum quiverReadTrusted() {
        return QuiverIo.readMapped(input, false);
    }

    @Benchmark
    public byte limit() {
        return limit.copy();
    }
}
