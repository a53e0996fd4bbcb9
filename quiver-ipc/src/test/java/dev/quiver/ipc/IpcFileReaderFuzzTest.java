// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Fuzzes the IPC file reader over memory (zero-copy, as for a mapped file) and over a seekable channel
 * (copying): every input ends in whole, fully valid batches or an {@link IpcException} (see
 * {@link FuzzChecks}). Regression inputs: {@code IpcFileReaderFuzzTestInputs/readFile}; fuzzing on
 * demand: docs/fuzzing.md.
 */
class IpcFileReaderFuzzTest {
    @FuzzTest(maxDuration = "5m")
    void readFile(byte[] input) throws Exception {
        try (ScopedAllocator allocator = BufferAllocator.scoped(FuzzChecks.MEMORY_LIMIT);
                Arena arena = Arena.ofConfined()) {
            IpcReadOptions options = IpcReadOptions.DEFAULT.withAllocator(allocator);
            MemorySegment memory = arena.allocate(input.length, BufferAllocator.ALIGNMENT)
                    .copyFrom(MemorySegment.ofArray(input));
            FuzzChecks.acceptingIpcFailures(() -> readAll(IpcFileReader.open(memory, options)));
            FuzzChecks.acceptingIpcFailures(() -> readAll(IpcFileReader.open(new ByteArrayChannel(input), options)));
        }
    }

    private static void readAll(IpcFileReader reader) {
        try (reader) {
            reader.schema().toString();
            reader.footerMetadata().toString();
            for (int k = 0; k < reader.batchCount(); k++) {
                FuzzChecks.touch(reader.batch(k));
            }
        }
    }
}
