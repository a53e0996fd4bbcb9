// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A dictionary column read in many blocks gets one dictionary that only grows (a prefix of the next
 * batch's), as an IPC file needs (Columnar.rst / IPC.rst: a file may carry deltas, not replacements); the
 * reader unifies them with core's {@code DictionaryUnifier}.
 */
class CsvDictionaryColumnsTest {
    private static String csv(int rows, SplittableRandom random) {
        StringBuilder csv = new StringBuilder("id,cat\n");
        for (int i = 0; i < rows; i++) {
            int pick = random.nextInt(10);
            String cat = pick == 0 ? "" : pick == 1 ? "\"quoted, " + random.nextInt(50) + "\"" : "c" + random.nextInt(i / 40 + 2);
            csv.append(i).append(',').append(cat).append('\n');
        }
        return csv.toString();
    }

    private static List<String> values(Array dictionary) {
        VarBinaryArray strings = VarBinaryArray.ofUnchecked(dictionary.data());
        List<String> out = new ArrayList<>();
        for (int i = 0; i < strings.length(); i++) {
            out.add(String.valueOf(strings.getObject(i)));
        }
        return out;
    }

    /** Batches kept and decoded after the whole read, from a scoped allocator: nothing in use was freed. */
    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void everyBatchExtendsTheLastDictionaryAndDecodesToTheInput(int threads) {
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            check(threads, allocator);
        }
    }

    private static void check(int threads, ScopedAllocator allocator) {
        String text = csv(6000, new SplittableRandom(threads));
        CsvReadOptions options = CsvReadOptions.DEFAULT.withBlockSize(2048).withThreads(threads)
                .withTypes(Map.of("cat", CsvTypes.parse("dictionary<utf8>"))).withAllocator(allocator);
        List<RecordBatch> batches = CsvReaderTest.read(text, options);
        List<RecordBatch> plain = CsvReaderTest.read(text, CsvReadOptions.DEFAULT.withTypes(Map.of("cat",
                CsvTypes.parse("utf8"))));
        assertTrue(batches.size() > 20, batches.size() + " batches");
        List<String> expected = new ArrayList<>();
        for (RecordBatch batch : plain) {
            for (int k = 0; k < batch.rowCount(); k++) {
                expected.add(String.valueOf(batch.column(1).getObject(k)));
            }
        }
        List<String> decoded = new ArrayList<>();
        List<String> last = List.of();
        ArrayData lastDictionary = null;
        for (RecordBatch batch : batches) {
            Array column = batch.column(1);
            ArrayData dictionary = column.data().dictionary();
            List<String> now = values(Array.ofUnchecked(dictionary));
            assertEquals(last, now.subList(0, last.size()), "the dictionary only grows");
            assertEquals(now.size(), new LinkedHashSet<>(now).size(), "no value twice");
            if (now.size() == last.size()) {
                assertTrue(dictionary == lastDictionary, "an unchanged dictionary is the same object");
            }
            for (int k = 0; k < batch.rowCount(); k++) {
                decoded.add(String.valueOf(column.getObject(k)));
            }
            last = now;
            lastDictionary = dictionary;
        }
        assertEquals(expected, decoded);
    }

    @Test
    void moreDistinctValuesThanTheIndexTypeHoldsAreRefusedNamingTheColumn() {
        StringBuilder csv = new StringBuilder("cat\n");
        for (int i = 0; i < 300; i++) {
            csv.append("value-number-").append(1000 + i).append('\n');
        }
        CsvReadOptions options = CsvReadOptions.DEFAULT.withBlockSize(1024).withThreads(1)
                .withTypes(Map.of("cat", new ArrowType.Dictionary(ArrowType.INT8, ArrowType.UTF8, false)));
        CsvException e = assertThrows(CsvException.class, () -> CsvReaderTest.read(csv.toString(), options));
        assertTrue(e.getMessage().contains("cat") && e.getMessage().contains("127"), e.getMessage());
    }
}
