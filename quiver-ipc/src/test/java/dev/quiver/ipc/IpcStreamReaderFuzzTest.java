// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import java.io.ByteArrayInputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Fuzzes the IPC stream reader over memory (zero-copy) and over an input stream (copying): every input
 * ends in whole, fully valid batches or an {@link IpcException} (see {@link FuzzChecks}). Regression
 * inputs: {@code IpcStreamReaderFuzzTestInputs/readStream}; fuzzing on demand: docs/fuzzing.md.
 */
class IpcStreamReaderFuzzTest {
    @FuzzTest(maxDuration = "5m")
    void readStream(byte[] input) throws Exception {
        try (ScopedAllocator allocator = BufferAllocator.scoped(FuzzChecks.MEMORY_LIMIT);
                Arena arena = Arena.ofConfined()) {
            IpcReadOptions options = IpcReadOptions.DEFAULT.withAllocator(allocator);
            MemorySegment memory = arena.allocate(input.length, BufferAllocator.ALIGNMENT)
                    .copyFrom(MemorySegment.ofArray(input));
            FuzzChecks.acceptingIpcFailures(() -> readAll(IpcStreamReader.open(memory, options)));
            FuzzChecks.acceptingIpcFailures(
                    () -> readAll(IpcStreamReader.open(new ByteArrayInputStream(input), options)));
        }
    }

    private static void readAll(IpcStreamReader reader) {
        try (reader) {
            reader.schema().toString();
            reader.schemaMessageMetadata().toString();
            for (RecordBatch batch : reader) {
                FuzzChecks.touch(batch);
                reader.batchMetadata().toString();
            }
        }
    }
}
