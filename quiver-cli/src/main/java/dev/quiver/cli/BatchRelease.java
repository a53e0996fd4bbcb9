// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.List;

/**
 * Frees the buffers of a batch once it is written, when the reader allocated them from a
 * {@link ScopedAllocator} (CSV, TSV and NDJSON input): a streaming conversion then holds the native memory
 * of the batches in flight only, whatever the input's size, instead of waiting for the collector.
 * Batches with dictionaries are left alone (a writer may keep a dictionary to compare with the next
 * batch's); their buffers are freed when the allocator closes.
 */
final class BatchRelease {
    private final ScopedAllocator allocator;
    private final boolean enabled;

    BatchRelease(ScopedAllocator allocator, Schema schema) {
        this.allocator = allocator;
        this.enabled = !hasDictionary(schema.fields());
    }

    private static boolean hasDictionary(List<Field> fields) {
        for (Field field : fields) {
            if (field.type() instanceof ArrowType.Dictionary || hasDictionary(field.children())) {
                return true;
            }
        }
        return false;
    }

    /** Frees the buffers of {@code batch} that {@link #allocator} handed out; the batch is unusable after. */
    void written(RecordBatch batch) {
        if (!enabled) {
            return;
        }
        for (Array column : batch.columns()) {
            release(column.data());
        }
    }

    private void release(ArrayData data) {
        for (ArrowBuffer buffer : data.buffers()) {
            if (buffer != null) {
                allocator.release(buffer);
            }
        }
        for (ArrayData child : data.children()) {
            release(child);
        }
    }
}
