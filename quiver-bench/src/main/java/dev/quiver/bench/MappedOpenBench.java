// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.ipc.IpcWriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
 * Opening an uncompressed bench-v1 IPC file and fetching its last batch, at several file sizes: Quiver
 * maps the file, the batch fully validated (the default) or trusted; arrow-java opens it with
 * ArrowFileReader and loads the batch. The time should not grow with the file.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {Flags.ADD_OPENS, Flags.UNSAFE, Flags.NATIVE, Flags.HEAP})
public class MappedOpenBench {
    @Param({"1048576", "10485760"})
    public long rows;

    private RootAllocator arrowAllocator;
    private Path directory;
    private Path file;
    private Limit limit;

    @Setup
    public void setUp() throws IOException {
        arrowAllocator = new RootAllocator();
        directory = Files.createTempDirectory("quiver-bench");
        file = directory.resolve("table.arrow");
        QuiverIo.writeFile(file, rows, IpcWriteOptions.DEFAULT);
        long lastStart = (BenchV1.batchCount(rows) - 1L) * BenchV1.BATCH_ROWS;
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            BenchV1 table = new BenchV1(allocator);
            limit = new Limit(QuiverIo.tableBytes(List.of(table.batch(lastStart, (int) (rows - lastStart)))));
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        arrowAllocator.close();
        Files.deleteIfExists(file);
        Files.deleteIfExists(directory);
    }

    @Benchmark
    public long quiver() {
        return QuiverIo.openLast(file, true);
    }

    @Benchmark
    public long quiverTrusted() {
        return QuiverIo.openLast(file, false);
    }

    @Benchmark
    public long arrow() throws IOException {
        return ArrowIo.openLast(file, arrowAllocator);
    }

    @Benchmark
    public byte limit() {
        return limit.copy();
    }
}
