// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.UInt64Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** rank of floats ties equal numbers (-0.0 with 0.0) and NaN with NaN; nulls tie with nulls. */
class RankFloatsTest {
    private static List<Object> ranks(Array values, Tiebreaker ties) {
        Array r = Sorting.rank(values, SortOrder.ASCENDING, NullPlacement.AT_END, ties);
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < r.length(); i++) {
            out.add(((UInt64Array) r).get(i));
        }
        return out;
    }

    @Test
    void equalNumbersAndNansTie() {
        for (ArrowType type : List.of(ArrowType.FLOAT64, ArrowType.FLOAT32)) {
            ArrayBuilder b = ArrayBuilder.of(type);
            for (double v : new double[] {1.0, Double.NaN, -0.0, 0.0, Double.NaN}) {
                b.appendObject(type.equals(ArrowType.FLOAT32) ? (Object) (float) v : (Object) v);
            }
            Array values = b.appendNull().appendObject(type.equals(ArrowType.FLOAT32) ? (Object) 1.0f : 1.0).build();
            // sorted: -0.0, 0.0, 1.0, 1.0, NaN, NaN, null
            assertEquals(List.of(2L, 3L, 1L, 1L, 3L, 4L, 2L), ranks(values, Tiebreaker.DENSE), type.toString());
            assertEquals(List.of(3L, 5L, 1L, 1L, 5L, 7L, 3L), ranks(values, Tiebreaker.MIN), type.toString());
            assertEquals(List.of(4L, 6L, 2L, 2L, 6L, 7L, 4L), ranks(values, Tiebreaker.MAX), type.toString());
        }
    }
}
