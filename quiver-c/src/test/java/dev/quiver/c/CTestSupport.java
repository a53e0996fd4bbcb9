// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/** Helpers of the C Data tests: comparisons, a reader over a list, and a counting release callback. */
final class CTestSupport {
    /** Calls of {@link #COUNTING_RELEASE}. */
    static final AtomicInteger RELEASES = new AtomicInteger();
    /** An array release callback that releases as Quiver's export does, then counts the call. */
    static final MemorySegment COUNTING_RELEASE = CStructs.upcall(CTestSupport.class, "countingRelease",
            MethodType.methodType(void.class, MemorySegment.class), CStructs.RELEASE);

    private CTestSupport() {
    }

    static void countingRelease(MemorySegment array) {
        // Counted once released, so a test that sees the count sees the release done.
        ArrayExport.release(array);
        RELEASES.incrementAndGet();
    }

    /** Replaces the release callback of an exported array with the counting one. */
    static void countReleases(MemorySegment array) {
        CStructs.at(array, CStructs.ARRAY).set(java.lang.foreign.ValueLayout.ADDRESS, CStructs.A_RELEASE,
                COUNTING_RELEASE);
    }

    /** A field as the C Data interface carries it: dictionary ids are not part of it. */
    static Field withoutDictionaryIds(Field field) {
        return field.withDictionaryId(null).withType(Types.mapChildren(field.type(), CTestSupport::withoutDictionaryIds));
    }

    static void assertSameSchema(Schema expected, Schema actual) {
        assertEquals(expected.fields().stream().map(CTestSupport::withoutDictionaryIds).toList(),
                actual.fields(), "fields");
        assertEquals(expected.metadata(), actual.metadata(), "schema metadata");
    }

    static void assertSameBatch(RecordBatch expected, RecordBatch actual, String what) {
        assertEquals(Optional.empty(), new BatchComparator().compare(0, expected, actual).map(d -> d.message()),
                what);
    }

    /** A reader over batches in memory that remembers whether it was closed. */
    static final class ListReader implements RecordBatchReader {
        private final Schema schema;
        private final Iterator<RecordBatch> batches;
        private final RuntimeException failure;
        boolean closed;

        ListReader(Schema schema, List<RecordBatch> batches) {
            this(schema, batches, null);
        }

        /** Reads the batches, then throws {@code failure} (when not null) instead of ending. */
        ListReader(Schema schema, List<RecordBatch> batches, RuntimeException failure) {
            this.schema = schema;
            this.batches = new ArrayList<>(batches).iterator();
            this.failure = failure;
        }

        @Override
        public Schema schema() {
            return schema;
        }

        @Override
        public Optional<RecordBatch> readNext() {
            if (batches.hasNext()) {
                return Optional.of(batches.next());
            }
            if (failure != null) {
                throw failure;
            }
            return Optional.empty();
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
