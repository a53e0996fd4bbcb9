// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.BooleanBuilder;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;

/** A filter's mask applied as a slice when it keeps one run of rows, else copied; the rows are the same. */
class RowRunsTest {
    private static final Schema SCHEMA = Schema.of(Field.notNull("id", ArrowType.INT64));
    private static final int N = 1000;

    private static RecordBatch ids() {
        IntBuilder<?> b = IntBuilder.int64(BufferAllocator.managed());
        for (int i = 0; i < N; i++) {
            b.append(i);
        }
        return new RecordBatch(SCHEMA, List.of(b.build()), N);
    }

    private static Array mask(LongPredicate keep, LongPredicate isNull) {
        BooleanBuilder b = new BooleanBuilder(BufferAllocator.managed());
        for (long i = 0; i < N; i++) {
            if (isNull.test(i)) {
                b.appendNull();
            } else {
                b.append(keep.test(i));
            }
        }
        return b.build();
    }

    private static List<Object> values(RecordBatch batch) {
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < batch.rowCount(); i++) {
            out.add(batch.column(0).getObject(i));
        }
        return out;
    }

    private static void check(RecordBatch batch, LongPredicate keep, LongPredicate isNull, int offset) {
        Array mask = mask(keep, isNull).slice(offset, N - offset);
        RecordBatch sliced = batch.slice(offset, N - offset);
        List<Object> expected = new ArrayList<>();
        for (long i = 0; i < N - offset; i++) {
            if (!isNull.test(i + offset) && keep.test(i + offset)) {
                expected.add(sliced.column(0).getObject(i));
            }
        }
        assertEquals(expected, values(RowRuns.select(sliced, mask)), "offset " + offset);
    }

    @Test
    void everyKindOfMaskKeepsTheSameRows() {
        RecordBatch batch = ids();
        for (int offset : new int[] {0, 3, 64, 65}) {
            check(batch, i -> true, i -> false, offset);
            check(batch, i -> false, i -> false, offset);
            check(batch, i -> i >= 500 && i < 600, i -> false, offset);
            check(batch, i -> i >= 999, i -> false, offset);
            check(batch, i -> i < 70, i -> false, offset);
            check(batch, i -> i % 3 == 0, i -> false, offset);
            check(batch, i -> (i >= 100 && i < 200) || i == 700, i -> false, offset);
            check(batch, i -> i >= 500 && i < 600, i -> i == 550, offset);
        }
        assertSame(batch, RowRuns.select(batch, mask(i -> true, i -> false)), "every row: the batch itself");
    }
}
