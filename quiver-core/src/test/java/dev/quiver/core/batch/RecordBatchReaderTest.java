// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RecordBatchReaderTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("a", ArrowType.INT32));

    /** A reader over a list that counts how often it is asked and whether it was closed. */
    private static final class ListReader implements RecordBatchReader {
        private final Iterator<RecordBatch> batches;
        int reads;
        boolean closed;

        ListReader(List<RecordBatch> batches) {
            this.batches = batches.iterator();
        }

        @Override
        public Schema schema() {
            return SCHEMA;
        }

        @Override
        public Optional<RecordBatch> readNext() {
            reads++;
            return batches.hasNext() ? Optional.of(batches.next()) : Optional.empty();
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static List<RecordBatch> batches() {
        return List.of(RecordBatch.ofRows(SCHEMA, List.of(List.of(1), List.of(2))),
                RecordBatch.ofRows(SCHEMA, List.of(Arrays.asList((Object) null))),
                RecordBatch.ofRows(SCHEMA, List.of(List.of(3))));
    }

    @Test
    void forEachReadsEveryBatchInOrder() {
        List<RecordBatch> seen = new ArrayList<>();
        ListReader reader = new ListReader(batches());
        try (reader) {
            for (RecordBatch b : reader) {
                seen.add(b);
            }
            assertEquals(4, reader.reads, "three batches and the end");
        }
        assertTrue(reader.closed);
        assertEquals(batches(), seen);
    }

    @Test
    void hasNextReadsAheadOnceAndNextPastTheEndThrows() {
        ListReader reader = new ListReader(batches().subList(0, 1));
        Iterator<RecordBatch> it = reader.iterator();
        assertTrue(it.hasNext());
        assertTrue(it.hasNext());
        assertEquals(1, reader.reads);
        assertEquals(batches().getFirst(), it.next());
        assertFalse(it.hasNext());
        assertThrows(NoSuchElementException.class, it::next);
    }

    @Test
    void streamGivesTheRemainingBatches() {
        ListReader reader = new ListReader(batches());
        reader.readNext();
        assertEquals(List.of(1, 1), reader.stream().map(RecordBatch::rowCount).map(Number::intValue).toList());
    }
}
