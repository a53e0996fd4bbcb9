// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import static dev.quiver.core.extension.ExtensionTestSupport.extension;
import static dev.quiver.core.extension.ExtensionTestSupport.row;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.InvalidTypeException;
import dev.quiver.core.validation.ValidationException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class VariableShapeTensorTest {

    private static ArrowType.Struct storage(int ndim) {
        return VariableShapeTensorType.of(ArrowType.FLOAT32, ndim).storageType();
    }

    @Test
    void minimalMetadataIsTheEmptyString() {
        VariableShapeTensorType t = VariableShapeTensorType.parse(storage(2), "");
        assertEquals(2, t.ndim());
        assertEquals(ArrowType.FLOAT32, t.valueType());
        assertEquals("{}", t.metadata());
    }

    @Test
    void specExampleDimNamesChw() {
        VariableShapeTensorType t = VariableShapeTensorType.parse(storage(3), "{ \"dim_names\": [\"C\", \"H\", \"W\"] }");
        assertEquals(List.of("C", "H", "W"), t.dimNames());
    }

    @Test
    void specExampleUniformShapeWithNull() {
        VariableShapeTensorType t = VariableShapeTensorType.parse(storage(3),
                "{ \"dim_names\": [\"H\", \"W\", \"C\"], \"uniform_shape\": [400, null, 3] }");
        assertEquals(Arrays.asList(400, null, 3), t.uniformShape());
        assertEquals(t, VariableShapeTensorType.parse(t.storageType(), t.metadata()));
    }

    @Test
    void specExamplePermutationGivesLogicalShape500By100By200() {
        VariableShapeTensorType t = VariableShapeTensorType.parse(storage(3), "{ \"permutation\": [2, 0, 1] }");
        assertEquals(List.of(500, 100, 200), t.logicalShape(100, 200, 500));
    }

    @Test
    void specNoteLogicalNamesZxyAndShape30By10By20() {
        VariableShapeTensorType t = new VariableShapeTensorType(ArrowType.INT8, 3, List.of("x", "y", "z"),
                List.of(2, 0, 1), List.of());
        assertEquals(List.of("z", "x", "y"), t.logicalDimNames());
        assertEquals(List.of(30, 10, 20), t.logicalShape(10, 20, 30));
    }

    @Test
    void everyRuleIsChecked() {
        String[][] cases = {
            {"{\"dim_names\":[\"a\"]}", "dim_names has 1 names for 2 dimensions"},
            {"{\"permutation\":[1,1]}", "not a permutation"},
            {"{\"uniform_shape\":[1]}", "uniform_shape has 1 entries"},
            {"{\"uniform_shape\":[1,-1]}", "negative value"},
            {"{\"shape\":[1,1]}", "unknown parameter \"shape\""},
            {"[]", "expected a JSON object"},
        };
        for (String[] c : cases) {
            InvalidTypeException e = assertThrows(InvalidTypeException.class,
                    () -> VariableShapeTensorType.parse(storage(2), c[0]), c[0]);
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
        }
        ArrowType.Struct noShape = ArrowType.Struct.of(Field.nullable("data",
                new ArrowType.List(Field.nullable("item", ArrowType.INT8))), Field.nullable("other", ArrowType.INT8));
        assertThrows(InvalidTypeException.class, () -> VariableShapeTensorType.parse(noShape, ""));
        ArrowType.Struct int64Shape = ArrowType.Struct.of(Field.nullable("data",
                new ArrowType.List(Field.nullable("item", ArrowType.INT8))), Field.nullable("shape",
                new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT64), 2)));
        assertThrows(InvalidTypeException.class, () -> VariableShapeTensorType.parse(int64Shape, ""));
        assertThrows(InvalidTypeException.class, () -> VariableShapeTensorType.parse(ArrowType.INT8, ""));
    }

    @Test
    void raggedValuesByShapeAndIndex() {
        VariableShapeTensorType t = new VariableShapeTensorType(ArrowType.INT32, 2, List.of(), List.of(1, 0),
                Arrays.asList(2, null));
        VariableShapeTensorArray a = new VariableShapeTensorArray(extension(t.toArrowType(),
                row("data", List.of(1, 2, 3, 4, 5, 6), "shape", List.of(2, 3)),
                null,
                row("data", List.of(7, 8), "shape", List.of(2, 1))));
        a.validate();
        assertArrayEquals(new int[] {2, 3}, a.shape(0));
        assertEquals(6, a.getElement(0, 2, 1));
        assertEquals(2, a.getElement(0, 1, 0));
        assertEquals(8, a.getElement(2, 0, 1));
        assertTrue(a.isNull(1));
        assertEquals(2, a.tensor(2).length());
        assertThrows(IndexOutOfBoundsException.class, () -> a.getElement(2, 1, 0));
    }

    @Test
    void validateRefusesShapesThatDoNotFitTheData() {
        VariableShapeTensorType t = new VariableShapeTensorType(ArrowType.INT32, 2, List.of(), List.of(),
                Arrays.asList(2, null));
        ValidationException wrongSize = assertThrows(ValidationException.class, () -> new VariableShapeTensorArray(
                extension(t.toArrowType(), row("data", List.of(1, 2, 3), "shape", List.of(2, 2)))).validate());
        assertEquals(0, wrongSize.index());
        ValidationException notUniform = assertThrows(ValidationException.class, () -> new VariableShapeTensorArray(
                extension(t.toArrowType(), row("data", List.of(1, 2), "shape", List.of(2, 1)),
                        row("data", List.of(1, 2, 3), "shape", List.of(3, 1)))).validate());
        assertEquals(1, notUniform.index());
        assertTrue(notUniform.getMessage().contains("uniform_shape fixes it to 2"), notUniform.getMessage());
        assertThrows(ValidationException.class, () -> new VariableShapeTensorArray(
                extension(t.toArrowType(), row("data", List.of(), "shape", List.of(2, -1)))).validate());
    }
}
