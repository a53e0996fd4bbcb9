// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.benchdata.BenchChecksum;
import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.ipc.IpcWriteOptions;
import java.io.IOException;
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
 * The IPC stream format (uncompressed) through an in-memory channel: writing the bench-v1 batches, and
 * reading the stream Quiver wrote with the checksum.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {Flags.ADD_OPENS, Flags.UNSAFE, Flags.NATIVE, Flags.HEAP})
public class StreamBench {
    @Param("1000000")
    public long rows;

    private ScopedAllocator quiverAllocator;
    private List<RecordBatch> batches;
    private RootAllocator arrowAllocator;
    private ArrowTable table;
    private MemoryChannel sink;
    private MemoryChannel source;
    private Limit limit;

    @Setup
    public void setUp() {
        quiverAllocator = BufferAllocator.scoped();
        batches = new BenchV1(quiverAllocator).batches(rows);
        arrowAllocator = new RootAllocator();
        table = new ArrowTable(arrowAllocator, rows);
        long bytes = QuiverIo.tableBytes(batches);
        long capacity = bytes + bytes / 4 + (1 << 20);
        sink = new MemoryChannel(capacity);
        source = new MemoryChannel(capacity);
        QuiverIo.writeStream(source, batches, IpcWriteOptions.DEFAULT);
        source.flip();
        limit = new Limit(bytes);
    }

    @TearDown
    public void tearDown() {
        table.close();
        arrowAllocator.close();
        quiverAllocator.close();
    }

    @Benchmark
    public long quiverWrite() {
        QuiverIo.writeStream(sink.rewind(), batches, IpcWriteOptions.DEFAULT);
        return sink.size();
    }

    @Benchmark
    public long arrowWrite() throws IOException {
        ArrowIo.writeStream(sink.rewind(), table, arrowAllocator);
        return sink.size();
    }

    @Benchmark
    public BenchChecksum quiverRead() {
        return QuiverIo.readStream(source.reread(), true);
    }

    @Benchmark
    public ArrowChecksum arrowRead() throws IOException {
        return ArrowIo.readStream(source.reread(), arrowAllocator);
    }

    @Benchmark
    public byte limit() {
        return limit.copy();
    }
}
