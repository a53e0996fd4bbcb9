// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import static dev.quiver.core.extension.ExtensionTestSupport.ALLOC;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.type.ArrowType;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** FixedShapeTensorBuilder, VariableShapeTensorBuilder and VariantBuilder, as their javadoc examples use them. */
class ExtensionBuildersTest {

    @Test
    void fixedShapeTensorsFromPhysicalElementsAndLogicalIndexes() {
        FixedShapeTensorType type = new FixedShapeTensorType(ArrowType.FLOAT32, List.of(2, 3), List.of(),
                List.of(1, 0));
        FixedShapeTensorBuilder builder = new FixedShapeTensorBuilder(type, ALLOC);
        builder.append(List.of(1f, 2f, 3f, 4f, 5f, 6f));
        builder.appendNull();
        builder.appendLogical(at -> (float) (10 * at[0] + at[1]));
        assertEquals(3, builder.length());
        ExtensionArray array = builder.build();
        assertEquals(type.toArrowType(), array.type());
        FixedShapeTensorArray tensors = new FixedShapeTensorArray(array);
        assertEquals(List.of(3, 2), type.logicalShape());
        // Logical (i, j) is physical (j, i).
        assertEquals(4f, tensors.getElement(0, 0, 1));
        assertTrue(tensors.isNull(1));
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 2; j++) {
                assertEquals((float) (10 * i + j), tensors.getElement(2, i, j));
            }
        }
        assertEquals(List.of(0f, 10f, 20f, 1f, 11f, 21f), array.getObject(2));
        assertEquals(0, builder.length());

        FixedShapeTensorBuilder ints = new FixedShapeTensorBuilder(FixedShapeTensorType.of(ArrowType.INT64, 2), ALLOC);
        assertThrows(IllegalArgumentException.class, () -> ints.append(List.of(1L, 2L, 3L)));
        ints.append(Arrays.asList(7L, null));
        FixedShapeTensorArray withNull = new FixedShapeTensorArray(ints.build());
        assertEquals(7L, withNull.getElement(0, 0));
        assertNull(withNull.getElement(0, 1));
    }

    @Test
    void variableShapeTensorsCheckTheirShapes() {
        VariableShapeTensorType type = new VariableShapeTensorType(ArrowType.INT32, 2, List.of(), List.of(),
                Arrays.asList(null, 2));
        VariableShapeTensorBuilder builder = new VariableShapeTensorBuilder(type, ALLOC);
        builder.append(new int[] {3, 2}, List.of(1, 2, 3, 4, 5, 6)).appendNull().append(new int[] {1, 2}, List.of(7, 8));
        assertThrows(IllegalArgumentException.class, () -> builder.append(new int[] {2}, List.of(1, 2)));
        assertThrows(IllegalArgumentException.class, () -> builder.append(new int[] {1, 3}, List.of(1, 2, 3)));
        assertThrows(IllegalArgumentException.class, () -> builder.append(new int[] {-1, 2}, List.of()));
        assertThrows(IllegalArgumentException.class, () -> builder.append(new int[] {2, 2}, List.of(1, 2, 3)));
        assertEquals(3, builder.length());
        VariableShapeTensorArray tensors = new VariableShapeTensorArray(builder.build());
        tensors.validate();
        assertEquals(type, tensors.tensorType());
        assertArrayEquals(new int[] {3, 2}, tensors.shape(0));
        assertEquals(6, tensors.getElement(0, 2, 1));
        assertTrue(tensors.isNull(1));
        assertArrayEquals(new int[] {1, 2}, tensors.shape(2));
        assertEquals(8, tensors.getElement(2, 0, 1));
    }

    @Test
    void variantsAreCheckedBeforeTheyAreAppended() {
        VariantBuilder builder = new VariantBuilder(ALLOC);
        builder.append(new byte[] {1, 0, 0}, new byte[] {(3 << 2) | 1, 'x', 'y', 'z'});
        builder.appendNull();
        // An object {"a": 1, "b": "x"} with its two-name dictionary.
        builder.append(new byte[] {0x11, 2, 0, 1, 2, 'a', 'b'}, new byte[] {0x02, 2, 0, 1, 0, 2, 4, 3 << 2, 1, 5, 'x'});
        assertThrows(InvalidVariantException.class, () -> builder.append(new byte[] {2, 0, 0}, new byte[] {0}));
        assertThrows(InvalidVariantException.class, () -> builder.append(new byte[] {1, 0, 0},
                new byte[] {(3 << 2) | 1, 'x'}));
        assertEquals(3, builder.length());
        VariantArray variants = new VariantArray(builder.build());
        variants.validate();
        assertEquals("xyz", variants.get(0));
        assertTrue(variants.isNull(1));
        assertEquals(Map.of("a", (byte) 1, "b", "x"), variants.get(2));
    }
}
