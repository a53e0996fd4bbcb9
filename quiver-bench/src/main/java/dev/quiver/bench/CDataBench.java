// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.c.CData;
import dev.quiver.c.Imported;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.Schema;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.CDataDictionaryProvider;
import org.apache.arrow.c.Data;
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

/**
 * Export and import of a whole bench-v1 table through the C Data interface, in one process: the schema
 * once, then each batch exported to an {@code ArrowArray} and imported back (dictionary included), the
 * import released. Quiver (FFM, structural validation of each import) next to arrow-java's
 * {@code arrow-c-data} (JNI), each over its own in-memory table. No buffer is copied by either: the time
 * should grow with batches and columns, not bytes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {Flags.ADD_OPENS, Flags.UNSAFE, Flags.NATIVE, Flags.HEAP})
public class CDataBench {
    @Param({"1048576", "10485760"})
    public long rows;

    private ScopedAllocator allocator;
    private List<RecordBatch> batches;
    private Arena arena;
    private MemorySegment cSchema;
    private MemorySegment cArray;
    private RootAllocator arrowAllocator;
    private ArrowTable arrowTable;

    @Setup
    public void setUp() {
        allocator = BufferAllocator.scoped();
        batches = new BenchV1(allocator).batches(rows);
        arena = Arena.ofShared();
        cSchema = arena.allocate(CData.ARROW_SCHEMA);
        cArray = arena.allocate(CData.ARROW_ARRAY);
        arrowAllocator = new RootAllocator();
        arrowTable = new ArrowTable(arrowAllocator, rows);
    }

    @TearDown
    public void tearDown() {
        arrowTable.close();
        arrowAllocator.close();
        arena.close();
        allocator.close();
    }

    @Benchmark
    public long quiver() {
        CData.exportSchema(BenchV1.SCHEMA, cSchema);
        Schema schema = CData.importSchema(cSchema);
        long total = 0;
        for (RecordBatch batch : batches) {
            CData.exportBatch(batch, cArray);
            try (Imported<RecordBatch> imported = CData.importBatch(cArray, schema)) {
                total += imported.value().rowCount();
            }
        }
        return total;
    }

    @Benchmark
    public long arrow() {
        long total = 0;
        try (ArrowSchema schema = ArrowSchema.allocateNew(arrowAllocator);
                CDataDictionaryProvider dictionaries = new CDataDictionaryProvider()) {
            Data.exportSchema(arrowAllocator, arrowTable.batches().get(0).getSchema(), arrowTable.dictionaries(),
                    schema);
            try (VectorSchemaRoot target = Data.importVectorSchemaRoot(arrowAllocator, schema, dictionaries)) {
                for (VectorSchemaRoot batch : arrowTable.batches()) {
                    try (ArrowArray array = ArrowArray.allocateNew(arrowAllocator)) {
                        Data.exportVectorSchemaRoot(arrowAllocator, batch, arrowTable.dictionaries(), array);
                        Data.importIntoVectorSchemaRoot(arrowAllocator, array, target, dictionaries);
                        total += target.getRowCount();
                    }
                }
            }
        }
        return total;
    }
}
