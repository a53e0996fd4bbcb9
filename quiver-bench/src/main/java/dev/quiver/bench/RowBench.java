// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.benchdata.BenchV1;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.row.HashGroupBy;
import dev.quiver.row.RowDecoder;
import dev.quiver.row.RowTable;
import dev.quiver.row.RowTableEncoder;
import dev.quiver.row.RowTableMetadata;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.Text;
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
 * The row table (quiver-row) on the (int64 {@code id}, utf8 {@code name}, int32 {@code maybe}) keys of
 * bench-v1, batch by batch: encoding each batch into a reused table, appending every batch into one
 * table, decoding the per-batch tables back to columns, and a hash group-by counting rows per
 * {@code name}. arrow-java has no row format; its side of the group-by is a {@code HashMap} over the
 * {@code VarCharVector} values. Divide {@code rows} by the time for rows per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {Flags.ADD_OPENS, Flags.UNSAFE, Flags.NATIVE, Flags.HEAP})
public class RowBench {
    private static final RowTableMetadata KEYS = RowTableMetadata.of(ArrowType.INT64, ArrowType.UTF8, ArrowType.INT32);

    @Param("1000000")
    public long rows;

    private ScopedAllocator allocator;
    private List<List<ArrayData>> keyColumns;
    private List<RowTable> encoded;
    private RowTableEncoder encoder;
    private RowTable scratch;
    private Field nameField;
    private RootAllocator arrowAllocator;
    private ArrowTable arrowTable;
    private Limit limit;

    @Setup
    public void setUp() {
        allocator = BufferAllocator.scoped();
        List<RecordBatch> batches = new BenchV1(allocator).batches(rows);
        keyColumns = new ArrayList<>();
        encoder = new RowTableEncoder(KEYS);
        encoded = new ArrayList<>();
        for (RecordBatch batch : batches) {
            List<ArrayData> keys = List.of(batch.column("id").data(), batch.column("name").data(),
                    batch.column("maybe").data());
            keyColumns.add(keys);
            RowTable table = new RowTable(KEYS, allocator);
            encoder.encode(keys, table);
            encoded.add(table);
        }
        scratch = new RowTable(KEYS, allocator);
        nameField = BenchV1.SCHEMA.field(BenchV1.SCHEMA.indexOf("name"));
        arrowAllocator = new RootAllocator();
        arrowTable = new ArrowTable(arrowAllocator, rows);
        long keyBytes = 0;
        for (List<ArrayData> keys : keyColumns) {
            keyBytes += QuiverIo.columnBytes(keys);
        }
        limit = new Limit(keyBytes);
    }

    @TearDown
    public void tearDown() {
        arrowTable.close();
        arrowAllocator.close();
        allocator.close();
    }

    /** Encodes each batch's keys into one reused table (emptied each time). */
    @Benchmark
    public long encode() {
        long total = 0;
        for (List<ArrayData> keys : keyColumns) {
            encoder.encode(keys, scratch);
            total += scratch.length();
        }
        return total;
    }

    /** Encodes and appends every batch's keys into one new table. */
    @Benchmark
    public long encodeAppend() {
        try (ScopedAllocator memory = BufferAllocator.scoped(); RowTable table = new RowTable(KEYS, memory)) {
            for (List<ArrayData> keys : keyColumns) {
                encoder.append(keys, table);
            }
            return table.length();
        }
    }

    /** Decodes each batch's row table back into three columns. */
    @Benchmark
    public long decode() {
        try (ScopedAllocator memory = BufferAllocator.scoped()) {
            RowDecoder decoder = new RowDecoder(memory);
            long total = 0;
            for (RowTable table : encoded) {
                total += decoder.decode(table).get(1).length();
            }
            return total;
        }
    }

    /** Counts rows per {@code name} (nulls are one group); returns the number of groups. */
    @Benchmark
    public long groupBy() {
        try (ScopedAllocator memory = BufferAllocator.scoped();
                HashGroupBy groupBy = new HashGroupBy(List.of(nameField), List.of(), memory)) {
            for (List<ArrayData> keys : keyColumns) {
                groupBy.add(List.of(keys.get(1)), List.of());
            }
            return groupBy.result().groupCount();
        }
    }

    /** The same count with arrow-java: a {@code HashMap} keyed by each {@code Text} value. */
    @Benchmark
    public long arrowGroupBy() {
        Map<Text, long[]> counts = new HashMap<>();
        long nulls = 0;
        for (VectorSchemaRoot batch : arrowTable.batches()) {
            VarCharVector names = (VarCharVector) batch.getVector("name");
            for (int k = 0, n = batch.getRowCount(); k < n; k++) {
                if (names.isNull(k)) {
                    nulls++;
                } else {
                    counts.computeIfAbsent(names.getObject(k), key -> new long[1])[0]++;
                }
            }
        }
        return counts.size() + (nulls > 0 ? 1 : 0);
    }

    /** Copies as many bytes as the key columns hold. */
    @Benchmark
    public byte limit() {
        return limit.copy();
    }
}
