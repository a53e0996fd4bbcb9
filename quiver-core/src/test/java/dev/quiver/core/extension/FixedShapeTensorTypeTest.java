// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import static dev.quiver.core.extension.ExtensionTestSupport.extension;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.InvalidTypeException;
import java.util.List;
import org.junit.jupiter.api.Test;

class FixedShapeTensorTypeTest {

    private static ArrowType.FixedSizeList storage(int n) {
        return new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.FLOAT32), n);
    }

    @Test
    void specExampleShapeOnly() {
        FixedShapeTensorType t = FixedShapeTensorType.parse(storage(10), "{ \"shape\": [2, 5]}");
        assertEquals(List.of(2, 5), t.shape());
        assertEquals(List.of(), t.dimNames());
        assertEquals(List.of(2, 5), t.logicalShape());
        assertArrayEquals(new long[] {5, 1}, t.strides());
        assertEquals("{\"shape\":[2,5]}", t.metadata());
    }

    @Test
    void specExampleDimNamesNchw() {
        FixedShapeTensorType t = FixedShapeTensorType.parse(storage(100 * 200 * 500),
                "{ \"shape\": [100, 200, 500], \"dim_names\": [\"C\", \"H\", \"W\"]}");
        assertEquals(List.of("C", "H", "W"), t.dimNames());
        assertEquals(List.of("C", "H", "W"), t.logicalDimNames());
    }

    @Test
    void specExamplePermutedLogicalShapeIs500By100By200() {
        FixedShapeTensorType t = FixedShapeTensorType.parse(storage(100 * 200 * 500),
                "{ \"shape\": [100, 200, 500], \"permutation\": [2, 0, 1]}");
        assertEquals(List.of(500, 100, 200), t.logicalShape());
        assertArrayEquals(new long[] {1, 100_000, 500}, t.logicalStrides());
        assertEquals(3 * 100_000L + 7 * 500 + 9, t.elementOffset(9, 3, 7));
        assertEquals(t, FixedShapeTensorType.parse(t.storageType(), t.metadata()));
    }

    @Test
    void everyRuleIsChecked() {
        String[][] cases = {
            {"{}", "no \"shape\""},
            {"{\"shape\":[2,5],\"extra\":1}", "unknown parameter \"extra\""},
            {"{\"shape\":[2,-5]}", "negative value"},
            {"{\"shape\":[2,5.5]}", "not an int32"},
            {"{\"shape\":[2,5],\"dim_names\":[\"a\"]}", "dim_names has 1 names for 2 dimensions"},
            {"{\"shape\":[2,5],\"dim_names\":[\"a\",1]}", "not a string"},
            {"{\"shape\":[2,5],\"permutation\":[0,0]}", "not a permutation"},
            {"{\"shape\":[2,5],\"permutation\":[0,2]}", "not a permutation"},
            {"{\"shape\":[2,5],\"permutation\":[1]}", "1 entries for 2 dimensions"},
            {"{\"shape\":[3,5]}", "list_size 10 is not the product 15"},
            {"{\"shape\":[65536,65536]}", "more than 2^31-1"},
            {"\"shape\"", "expected a JSON object"},
        };
        for (String[] c : cases) {
            InvalidTypeException e = assertThrows(InvalidTypeException.class,
                    () -> FixedShapeTensorType.parse(storage(10), c[0]), c[0]);
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
        }
        InvalidTypeException e = assertThrows(InvalidTypeException.class,
                () -> FixedShapeTensorType.parse(new ArrowType.List(Field.nullable("item", ArrowType.INT8)),
                        "{\"shape\":[1]}"));
        assertTrue(e.getMessage().contains("storage must be a FixedSizeList"), e.getMessage());
    }

    @Test
    void elementsByLogicalIndex() {
        FixedShapeTensorType t = new FixedShapeTensorType(ArrowType.INT32, List.of(2, 3), List.of("r", "c"),
                List.of(1, 0));
        FixedShapeTensorArray a = new FixedShapeTensorArray(extension(t.toArrowType(),
                List.of(0, 1, 2, 10, 11, 12), null, List.of(20, 21, 22, 30, 31, 32)));
        assertEquals(List.of(3, 2), t.logicalShape());
        assertEquals(List.of("c", "r"), t.logicalDimNames());
        assertEquals(12, a.getElement(0, 2, 1));
        assertEquals(30, a.getElement(2, 0, 1));
        assertTrue(a.isNull(1));
        assertEquals(6, a.tensor(2).length());
        assertThrows(IndexOutOfBoundsException.class, () -> a.getElement(0, 3, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> a.getElement(0, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> a.getElement(3, 0, 0));
    }
}
