// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/** A bench-v1 table built by arrow-java: its batches and the provider of its dictionary. */
public final class ArrowTable implements AutoCloseable {
    private final ArrowBenchV1 generator;
    private final List<VectorSchemaRoot> batches;

    /** Builds a table of {@code rows} rows from {@code allocator}. */
    public ArrowTable(BufferAllocator allocator, long rows) {
        this.generator = new ArrowBenchV1(allocator);
        this.batches = generator.batches(rows);
    }

    /** The batches, one root each. */
    public List<VectorSchemaRoot> batches() {
        return batches;
    }

    /** The provider of the {@code cat} dictionary. */
    public DictionaryProvider dictionaries() {
        return generator.dictionaries();
    }

    /** Frees the batches and the dictionary. */
    @Override
    public void close() {
        batches.forEach(VectorSchemaRoot::close);
        generator.close();
    }
}
