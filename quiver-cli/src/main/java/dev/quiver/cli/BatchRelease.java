// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.ScopedAllocator;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Frees the buffers of a batch once it is written, when the reader allocated them from a
 * {@link ScopedAllocator} (CSV, TSV and NDJSON input): a streaming conversion then holds the native memory
 * of the batches in flight only, whatever the input's size, instead of waiting for the collector.
 * Dictionaries live one batch longer: an IPC writer compares the next batch's dictionaries with the last
 * ones it wrote (to send a delta or nothing), so a batch's dictionaries are freed once the next batch is
 * written, except the memory that batch's dictionaries still use.
 */
final class BatchRelease {
    private final ScopedAllocator allocator;
    private List<ArrayData> lastDictionaries = List.of();

    BatchRelease(ScopedAllocator allocator) {
        this.allocator = allocator;
    }

    /** Frees the buffers of {@code batch} that {@link #allocator} handed out; the batch is unusable after. */
    void written(RecordBatch batch) {
        List<ArrayData> dictionaries = new ArrayList<>();
        for (Array column : batch.columns()) {
            releaseOutsideDictionaries(column.data(), dictionaries);
        }
        Set<MemorySegment.Scope> inUse = new HashSet<>();
        for (ArrayData dictionary : dictionaries) {
            scopes(dictionary, inUse);
        }
        for (ArrayData dictionary : lastDictionaries) {
            releaseUnlessInUse(dictionary, inUse);
        }
        lastDictionaries = dictionaries;
    }

    private void releaseOutsideDictionaries(ArrayData data, List<ArrayData> dictionaries) {
        for (ArrowBuffer buffer : data.buffers()) {
            if (buffer != null) {
                allocator.release(buffer);
            }
        }
        for (ArrayData child : data.children()) {
            releaseOutsideDictionaries(child, dictionaries);
        }
        if (data.dictionary() != null) {
            dictionaries.add(data.dictionary());
        }
    }

    /** The memory scopes of every buffer of {@code data}, nested dictionaries included. */
    private static void scopes(ArrayData data, Set<MemorySegment.Scope> out) {
        for (ArrowBuffer buffer : data.buffers()) {
            if (buffer != null) {
                out.add(buffer.segment().scope());
            }
        }
        for (ArrayData child : data.children()) {
            scopes(child, out);
        }
        if (data.dictionary() != null) {
            scopes(data.dictionary(), out);
        }
    }

    private void releaseUnlessInUse(ArrayData data, Set<MemorySegment.Scope> inUse) {
        for (ArrowBuffer buffer : data.buffers()) {
            if (buffer != null && !inUse.contains(buffer.segment().scope())) {
                allocator.release(buffer);
            }
        }
        for (ArrayData child : data.children()) {
            releaseUnlessInUse(child, inUse);
        }
        if (data.dictionary() != null) {
            releaseUnlessInUse(data.dictionary(), inUse);
        }
    }
}
