// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Optional;

/**
 * Fuzzes the Parquet reader over memory: any input ends in whole, fully valid batches (every slot read)
 * or one {@link ParquetException} with a message (docs/fuzzing.md). Reads are bounded: a scoped
 * allocator of 64 MiB, pages of at most 16 MiB, 4 Mi values per column chunk. Regression inputs:
 * {@code ParquetReaderFuzzTestInputs/readParquet}.
 */
class ParquetReaderFuzzTest {
    private static final long MEMORY_LIMIT = 64L << 20;
    private static final long SLOTS_PER_COLUMN = 1 << 16;

    @FuzzTest(maxDuration = "5m")
    void readParquet(byte[] input) {
        try (ScopedAllocator allocator = BufferAllocator.scoped(MEMORY_LIMIT); Arena arena = Arena.ofShared()) {
            MemorySegment memory = arena.allocate(Math.max(1, input.length)).asSlice(0, input.length)
                    .copyFrom(MemorySegment.ofArray(input));
            ParquetReadOptions options = ParquetReadOptions.DEFAULT.withAllocator(allocator).withLimits(16L << 20, 1 << 22)
                    .withThreads(input.length % 2 == 0 ? 1 : 2).withVerifyChecksums(input.length % 3 == 0).withBatchSize(1000);
            try (ParquetFile file = ParquetFile.open(memory, "fuzz.parquet");
                    ParquetReader reader = file.reader(options)) {
                file.schema().toString();
                file.metadata().toString();
                for (Optional<RecordBatch> b = reader.readNext(); b.isPresent(); b = reader.readNext()) {
                    touch(b.get());
                }
            } catch (ParquetException expected) {
                if (expected.getMessage() == null || expected.getMessage().isBlank()) {
                    throw new AssertionError("a failure that does not say what is wrong", expected);
                }
            }
        }
    }

    private static void touch(RecordBatch batch) {
        batch.validateFull();
        for (Array column : batch.columns()) {
            long n = Math.min(column.length(), SLOTS_PER_COLUMN);
            for (long i = 0; i < n; i++) {
                column.isNull(i);
                column.getObject(i);
            }
        }
        batch.toString();
    }
}
