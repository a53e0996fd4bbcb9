// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
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

/** Building the bench-v1 batches of {@code rows} rows in memory (and freeing them). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {Flags.ADD_OPENS, Flags.UNSAFE, Flags.NATIVE, Flags.HEAP})
public class BuildBench {
    @Param("1000000")
    public long rows;

    private RootAllocator arrowAllocator;
    private Limit limit;

    @Setup
    public void setUp() {
        arrowAllocator = new RootAllocator();
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            limit = new Limit(QuiverIo.tableBytes(new BenchV1(allocator).batches(rows)));
        }
    }

    @TearDown
    public void tearDown() {
        arrowAllocator.close();
    }

    @Benchmark
    public long quiver() {
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            List<RecordBatch> batches = new BenchV1(allocator).batches(rows);
            return batches.getLast().rowCount() + allocator.allocatedBytes();
        }
    }

    @Benchmark
    public long arrow() {
        try (ArrowTable table = new ArrowTable(arrowAllocator, rows)) {
            List<VectorSchemaRoot> batches = table.batches();
            return batches.getLast().getRowCount() + arrowAllocator.getAllocatedMemory();
        }
    }

    @Benchmark
    public byte limit() {
        return limit.copy();
    }
}
