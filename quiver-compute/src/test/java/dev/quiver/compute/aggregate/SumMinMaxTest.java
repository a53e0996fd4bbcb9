// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.compute.RandomArrays;
import dev.quiver.compute.Threads;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.ChunkedArray;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Sum, min and max of int64 and float64 in one pass (pieces of chunks on several threads) against value-by-value
 * references: chunks with and without nulls, long enough for several pieces, sliced; the thread count never
 * changes a result, float sums included.
 */
class SumMinMaxTest {
    private static final List<Aggregation> ALL = List.of(Aggregation.of("v", AggregateFunction.SUM),
            Aggregation.of("v", AggregateFunction.MIN), Aggregation.of("v", AggregateFunction.MAX));

    private static ChunkedArray chunks(ArrowType type, Random random) {
        List<Array> chunks = new ArrayList<>();
        for (int size : new int[] {1_100_000, 65_536, 1, 0, 3000}) {
            chunks.add(RandomArrays.of(type, random, size, 0.0));
            chunks.add(RandomArrays.of(type, random, size, 0.05));
        }
        return new ChunkedArray(type, chunks);
    }

    @Test
    void int64SumMinMaxEqualTheReference() {
        ChunkedArray values = chunks(ArrowType.INT64, new Random(50));
        long sum = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (Array chunk : values.chunks()) {
            for (long i = 0; i < chunk.length(); i++) {
                if (!chunk.isNull(i)) {
                    long v = (Long) chunk.getObject(i);
                    sum += v;
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        for (int threads : new int[] {1, 3}) {
            List<Array> r = Threads.call(threads, () -> Aggregate.of(values, ALL));
            assertEquals(List.of(sum, min, max), List.of(r.get(0).getObject(0), r.get(1).getObject(0),
                    r.get(2).getObject(0)));
            assertEquals(max, Threads.call(threads, () -> Aggregate.of(values, ALL.get(2))).getObject(0));
        }
    }

    /** Multiples of 1/8 (sums exact in any order), 5% nulls, NaN in one chunk only. */
    private static ChunkedArray doubles(Random random) {
        List<Array> chunks = new ArrayList<>();
        for (int size : new int[] {1_100_000, 65_536, 1, 0, 3000}) {
            for (boolean nulls : new boolean[] {false, true}) {
                ArrayBuilder b = ArrayBuilder.of(ArrowType.FLOAT64);
                for (int i = 0; i < size + 2; i++) {
                    if (nulls && random.nextInt(20) == 0) {
                        b.appendNull();
                    } else {
                        b.appendObject(size == 3000 && random.nextInt(10) == 0 ? Double.NaN
                                : (random.nextInt(200_000) - 100_000) / 8.0);
                    }
                }
                chunks.add(b.build().slice(2, size));
            }
        }
        return new ChunkedArray(ArrowType.FLOAT64, chunks);
    }

    @Test
    void float64MinMaxSkipNanAndTheSumDoesNotDependOnThreads() {
        ChunkedArray values = doubles(new Random(51));
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (Array chunk : values.chunks()) {
            for (long i = 0; i < chunk.length(); i++) {
                if (!chunk.isNull(i)) {
                    double v = (Double) chunk.getObject(i);
                    min = v < min ? v : min;
                    max = v > max ? v : max;
                }
            }
        }
        List<Array> one = Threads.call(1, () -> Aggregate.of(values, ALL));
        List<Array> three = Threads.call(3, () -> Aggregate.of(values, ALL));
        assertEquals(Double.NaN, one.get(0).getObject(0));
        assertEquals(Double.NaN, three.get(0).getObject(0));
        assertEquals(min, one.get(1).getObject(0));
        assertEquals(max, three.get(2).getObject(0));
        ChunkedArray noNan = new ChunkedArray(ArrowType.FLOAT64, values.chunks().subList(0, 6));
        double exact = 0;
        for (Array chunk : noNan.chunks()) {
            for (long i = 0; i < chunk.length(); i++) {
                exact += chunk.isNull(i) ? 0 : (Double) chunk.getObject(i);
            }
        }
        assertEquals(exact, Threads.call(1, () -> Aggregate.of(noNan, ALL)).get(0).getObject(0));
        assertEquals(exact, Threads.call(3, () -> Aggregate.of(noNan, ALL)).get(0).getObject(0));
    }

    @Test
    void allNanGivesNanAndNoValueGivesNull() {
        Array nans = ArrayBuilder.of(ArrowType.FLOAT64).appendObject(Double.NaN).appendNull()
                .appendObject(Double.NaN).build();
        List<Array> r = Aggregate.of(new ChunkedArray(ArrowType.FLOAT64, List.of(nans)), ALL);
        assertEquals(Double.NaN, r.get(0).getObject(0));
        assertEquals(Double.NaN, r.get(1).getObject(0));
        assertEquals(Double.NaN, r.get(2).getObject(0));
        Array inf = ArrayBuilder.of(ArrowType.FLOAT64).appendObject(Double.NaN)
                .appendObject(Double.POSITIVE_INFINITY).build();
        assertEquals(Double.POSITIVE_INFINITY, Aggregate.min(inf).getObject(0));
        Array none = ArrayBuilder.of(ArrowType.INT64).appendNull().build();
        for (Array a : Aggregate.of(new ChunkedArray(ArrowType.INT64, List.of(none)), ALL)) {
            assertNull(a.getObject(0));
        }
        assertEquals(0L, Aggregate.of(none, ALL.get(0).nulls(true, 0)).getObject(0));
    }
}
