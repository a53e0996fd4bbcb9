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
 * LZ4-compressed IPC files at a small size (4,096 rows by default), both implementations: arrow-java's
 * LZ4 codec (pure Java, commons-compress) is far too slow for the full table (single shots of its
 * write: 2.5 s at 1,024 rows, 70 s at 8,192, 356 s at 65,536). Both read the file Quiver wrote.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {Flags.ADD_OPENS, Flags.UNSAFE, Flags.NATIVE, Flags.HEAP})
public class Lz4SmallBench {
    @Param("4096")
    public long rows;

    private ScopedAllocator quiverAllocator;
    private List<RecordBatch> batches;
    private RootAllocator arrowAllocator;
    private ArrowTable table;
    private Path directory;
    private Path input;
    private Path output;
    private Limit limit;

    @Setup
    public void setUp() throws IOException {
        quiverAllocator = BufferAllocator.scoped();
        batches = new BenchV1(quiverAllocator).batches(rows);
        arrowAllocator = new RootAllocator();
        table = new ArrowTable(arrowAllocator, rows);
        directory = Files.createTempDirectory("quiver-bench");
        input = directory.resolve("input.arrow");
        output = directory.resolve("output.arrow");
        QuiverIo.writeFile(input, batches, Codec.LZ4.quiver());
        limit = new Limit(QuiverIo.tableBytes(batches));
    }

    @TearDown
    public void tearDown() throws IOException {
        table.close();
        arrowAllocator.close();
        quiverAllocator.close();
        Files.deleteIfExists(input);
        Files.deleteIfExists(output);
        Files.deleteIfExists(directory);
    }

    @Benchmark
    public long quiverWrite() throws IOException {
        return QuiverIo.writeFile(output, batches, Codec.LZ4.quiver());
    }

    @Benchmark
    public long arrowWrite() throws IOException {
        return ArrowIo.writeFile(output, table, Codec.LZ4, arrowAllocator);
    }

    @Benchmark
    public BenchChecksum quiverRead() {
        return QuiverIo.readMapped(input, true);
    }

    @Benchmark
    public ArrowChecksum arrowRead() throws IOException {
        return ArrowIo.readFile(input, arrowAllocator);
    }

    @Benchmark
    public byte limit() {
        return limit.copy();
    }
}
