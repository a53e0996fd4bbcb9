// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Batches with dictionaries of their own get one dictionary per column that only grows (a prefix of the
 * next batch's), as an IPC file needs (Columnar.rst / IPC.rst: a file may carry deltas, not replacements).
 */
class DictionaryUnifierTest {
    private static List<Object> values(ArrayData data) {
        Array array = Array.ofUnchecked(data);
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < array.length(); i++) {
            out.add(array.getObject(i));
        }
        return out;
    }

    private static List<List<?>> randomRows(SplittableRandom random, int rows, int from) {
        List<List<?>> out = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            int pick = random.nextInt(10);
            out.add(Arrays.asList((long) from + i, pick == 0 ? null : "c" + random.nextInt(from / 40 + 3)));
        }
        return out;
    }

    /** Every batch built with a dictionary of its own; unified, each extends the last and decodes alike. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void everyBatchExtendsTheLastDictionaryAndDecodesToTheInput(boolean release) {
        Schema schema = Schema.of(Field.notNull("id", ArrowType.INT64),
                Field.nullable("cat", new ArrowType.Dictionary(ArrowType.INT16, ArrowType.UTF8, false)));
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            DictionaryUnifier unifier = DictionaryUnifier.of(schema, allocator);
            assertTrue(unifier.hasDictionaries());
            SplittableRandom random = new SplittableRandom(7);
            List<Object> last = List.of();
            ArrayData lastDictionary = null;
            int rows = 0;
            for (int b = 0; b < 40; b++) {
                RecordBatchBuilder builder = RecordBatchBuilder.of(schema, allocator);
                for (List<?> row : randomRows(random, 1 + random.nextInt(60), rows)) {
                    builder.addRow(row.toArray());
                }
                RecordBatch input = builder.build();
                rows += (int) input.rowCount();
                List<Object> expected = new ArrayList<>();
                for (long i = 0; i < input.rowCount(); i++) {
                    expected.add(input.column(1).getObject(i));
                }
                RecordBatch unified = release ? unifier.unifyAndRelease(input) : unifier.unify(input);
                unified.validateFull();
                assertSame(input.column(0), unified.column(0), "other columns pass through");
                ArrayData dictionary = unified.column(1).data().dictionary();
                List<Object> now = values(dictionary);
                assertEquals(last, now.subList(0, last.size()), "the dictionary only grows");
                assertEquals(now.size(), new LinkedHashSet<>(now).size(), "no value twice");
                if (now.size() == last.size()) {
                    assertSame(lastDictionary, dictionary, "an unchanged dictionary is the same object");
                }
                List<Object> decoded = new ArrayList<>();
                for (long i = 0; i < unified.rowCount(); i++) {
                    decoded.add(unified.column(1).getObject(i));
                }
                assertEquals(expected, decoded);
                last = now;
                lastDictionary = dictionary;
            }
        }
    }

    @Test
    void unsignedIndicesAndNonStringValuesUnifyToo() {
        Schema schema = Schema.of(Field.nullable("n", new ArrowType.Dictionary(ArrowType.UINT8, ArrowType.INT64, false)));
        DictionaryUnifier unifier = DictionaryUnifier.of(schema, BufferAllocator.managed());
        List<Object> all = new ArrayList<>();
        for (int b = 0; b < 3; b++) {
            RecordBatchBuilder builder = RecordBatchBuilder.of(schema, BufferAllocator.managed());
            List<Object> expected = new ArrayList<>();
            for (long v = 0; v < 200; v++) {
                long value = (v * 7 + b * 13) % 230;
                builder.addRow(value);
                expected.add(value);
            }
            RecordBatch unified = unifier.unify(builder.build());
            unified.validateFull();
            for (long i = 0; i < unified.rowCount(); i++) {
                all.add(unified.column(0).getObject(i));
            }
            assertEquals(expected, all.subList(all.size() - 200, all.size()));
        }
        assertEquals(230, unifierDictionaryLength(unifier, schema));
    }

    private static long unifierDictionaryLength(DictionaryUnifier unifier, Schema schema) {
        RecordBatch one = RecordBatchBuilder.of(schema, BufferAllocator.managed()).addRow(0L).build();
        return unifier.unify(one).column(0).data().dictionary().length();
    }

    @Test
    void moreDistinctValuesThanTheIndexTypeHoldsAreRefusedNamingTheColumn() {
        Schema schema = Schema.of(Field.nullable("cat", new ArrowType.Dictionary(ArrowType.INT8, ArrowType.UTF8, false)));
        DictionaryUnifier unifier = DictionaryUnifier.of(schema, BufferAllocator.managed());
        for (int b = 0; b < 2; b++) {
            RecordBatchBuilder builder = RecordBatchBuilder.of(schema, BufferAllocator.managed());
            for (int i = 0; i < 100; i++) {
                builder.addRow("value-" + b + "-" + i);
            }
            RecordBatch batch = builder.build();
            if (b == 0) {
                unifier.unify(batch);
            } else {
                QuiverException e = assertThrows(QuiverException.class, () -> unifier.unify(batch));
                assertTrue(e.getMessage().contains("column cat") && e.getMessage().contains("127"), e.getMessage());
            }
        }
    }

    @Test
    void aSchemaWithoutDictionariesPassesBatchesThrough() {
        Schema schema = Schema.of(Field.nullable("x", ArrowType.INT64));
        DictionaryUnifier unifier = DictionaryUnifier.of(schema, BufferAllocator.managed());
        RecordBatch batch = RecordBatchBuilder.of(schema, BufferAllocator.managed()).addRow(1L).build();
        assertSame(batch, unifier.unify(batch));
        assertTrue(!unifier.hasDictionaries());
    }
}
