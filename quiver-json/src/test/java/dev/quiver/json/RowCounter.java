// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import dev.quiver.core.array.Int32Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads an integration JSON file batch by batch, its buffers from an allocator limited to the given
 * number of bytes, and prints the number of batches, the number of rows and the sum of the valid
 * values of the first (int32) column. {@link StreamingMemoryTest} runs it in a JVM with a small heap.
 */
public final class RowCounter {
    private RowCounter() {
    }

    /**
     * Counts.
     *
     * @param args the file, and the allocator's limit in bytes
     * @throws IOException if the file cannot be read
     */
    public static void main(String[] args) throws IOException {
        JsonReadOptions options = JsonReadOptions.DEFAULT.withAllocator(BufferAllocator.managed(Long.parseLong(args[1])));
        long batches = 0;
        long rows = 0;
        long sum = 0;
        try (JsonBatchStream stream = IntegrationJsonReader.open(Path.of(args[0]), options)) {
            for (RecordBatch batch : stream) {
                batches++;
                rows += batch.rowCount();
                Int32Array first = (Int32Array) batch.column(0);
                for (long i = 0; i < first.length(); i++) {
                    if (first.isValid(i)) {
                        sum += first.get(i);
                    }
                }
            }
        }
        System.out.println(batches + " " + rows + " " + sum);
    }
}
