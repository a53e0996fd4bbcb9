// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import java.io.ByteArrayInputStream;

/**
 * Fuzzes the integration JSON reader over raw bytes (plain or gzip-compressed JSON, any encoding
 * mistakes included): every input ends in a whole, fully valid file or a {@link JsonFormatException}
 * (see {@link JsonFuzzChecks}). Regression inputs: {@code IntegrationJsonReaderFuzzTestInputs/readJson};
 * fuzzing on demand: docs/fuzzing.md.
 */
class IntegrationJsonReaderFuzzTest {
    @FuzzTest(maxDuration = "5m")
    void readJson(byte[] input) throws Exception {
        try (ScopedAllocator allocator = BufferAllocator.scoped(JsonFuzzChecks.MEMORY_LIMIT)) {
            JsonReadOptions options = JsonReadOptions.DEFAULT.withAllocator(allocator);
            JsonFuzzChecks.acceptingJsonFailures(() -> JsonFuzzChecks.touch(
                    IntegrationJsonReader.read(new ByteArrayInputStream(input), options)));
        }
    }
}
