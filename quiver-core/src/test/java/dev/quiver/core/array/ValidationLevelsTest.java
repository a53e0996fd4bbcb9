// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ArrayTestSupport.build;
import static dev.quiver.core.array.ArrayTestSupport.bytes;
import static dev.quiver.core.array.ArrayTestSupport.int32s;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import dev.quiver.core.validation.ValidationLevel;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * {@code validate(ValidationLevel)} on arrays, their data and batches: a corrupt array passes
 * {@code NONE}, and fails from the level that its defect belongs to.
 */
class ValidationLevelsTest {
    /** Three int32 slots over a buffer of two: a structural defect. */
    private static ArrayData bufferTooSmall() {
        return ArrayData.of(ArrowType.INT32, 3, Arrays.asList(null, ArrowBuffer.wrap(int32s(1, 2))), List.of());
    }

    /** A utf8 value that is not UTF-8 (the byte 0xFF): a defect of the values only. */
    private static ArrayData malformedUtf8() {
        return ArrayData.of(ArrowType.UTF8, 1, Arrays.asList(null, ArrowBuffer.wrap(int32s(0, 1)),
                ArrowBuffer.wrap(bytes(0xFF))), List.of());
    }

    /** A recorded null count of 0 over a bitmap with one null: caught by counting, at FULL. */
    private static ArrayData wrongNullCount() {
        return new ArrayData(ArrowType.INT32, 2, 0, 0, Arrays.asList(ArrowBuffer.wrap(bytes(0b01)),
                ArrowBuffer.wrap(int32s(5, 6))), List.of(), null);
    }

    @Test
    void aStructuralDefectFailsFromStructure() {
        Array array = Int32Array.ofUnchecked(bufferTooSmall());
        assertDoesNotThrow(() -> array.validate(ValidationLevel.NONE));
        assertFails(Rules.BUFFER_SIZE, () -> array.validate(ValidationLevel.STRUCTURE));
        assertFails(Rules.BUFFER_SIZE, () -> array.validate(ValidationLevel.FULL));
        assertFails(Rules.BUFFER_SIZE, array::validateFull);
    }

    @Test
    void aValueDefectFailsOnlyAtFull() {
        Array array = VarBinaryArray.ofUnchecked(malformedUtf8());
        assertDoesNotThrow(() -> array.validate(ValidationLevel.NONE));
        assertDoesNotThrow(() -> array.validate(ValidationLevel.STRUCTURE));
        assertFails(Rules.UTF8, () -> array.validate(ValidationLevel.FULL));
        assertFails(Rules.UTF8, array::validateFull);
        assertEquals(0, assertThrows(ValidationException.class, array::validateFull).index());
    }

    @Test
    void aWrongRecordedNullCountFailsOnlyAtFull() {
        Array array = Int32Array.ofUnchecked(wrongNullCount());
        assertDoesNotThrow(() -> array.validate(ValidationLevel.STRUCTURE));
        assertFails(Rules.NULL_COUNT, () -> array.validate(ValidationLevel.FULL));
    }

    @Test
    void arrayDataTakesTheSameLevels() {
        for (ArrayData data : List.of(bufferTooSmall(), malformedUtf8(), wrongNullCount())) {
            assertDoesNotThrow(() -> data.validate(ValidationLevel.NONE));
        }
        assertFails(Rules.BUFFER_SIZE, () -> bufferTooSmall().validate(ValidationLevel.STRUCTURE));
        assertDoesNotThrow(() -> malformedUtf8().validate(ValidationLevel.STRUCTURE));
        assertFails(Rules.UTF8, () -> malformedUtf8().validate(ValidationLevel.FULL));
        assertFails(Rules.UTF8, () -> malformedUtf8().validateFull());
        assertFails(Rules.NULL_COUNT, () -> wrongNullCount().validate(ValidationLevel.FULL));
    }

    /** FULL on the generic form checks the structure before it makes an array of the data. */
    @Test
    void fullValidationOfDataWithTooFewBuffersIsAValidationError() {
        ArrayData noBuffers = ArrayData.of(ArrowType.UTF8, 1, Arrays.asList(), List.of());
        assertFails(Rules.BUFFER_COUNT, () -> noBuffers.validate(ValidationLevel.FULL));
    }

    /** Nested data: a child's value defect is found at FULL only, through the parent. */
    @Test
    void aChildsValueDefectFailsTheParentAtFull() {
        ArrowType type = ArrowType.Struct.of(Field.nullable("s", ArrowType.UTF8));
        StructArray struct = StructArray.of((ArrowType.Struct) type, null,
                List.of(VarBinaryArray.ofUnchecked(malformedUtf8())));
        assertDoesNotThrow(() -> struct.validate(ValidationLevel.STRUCTURE));
        assertFails(Rules.UTF8, () -> struct.validate(ValidationLevel.FULL));
    }

    @Test
    void validDataPassesEveryLevel() {
        Array array = build(ArrowType.UTF8, Arrays.asList("a", null, "ü"));
        for (ValidationLevel level : ValidationLevel.values()) {
            assertDoesNotThrow(() -> array.validate(level), level.name());
            assertDoesNotThrow(() -> array.data().validate(level), level.name());
        }
    }

    @Test
    void aBatchValidatesEveryColumnAtTheLevel() {
        Schema schema = new Schema(List.of(Field.nullable("ok", ArrowType.INT32),
                Field.nullable("bad", ArrowType.UTF8)));
        RecordBatch batch = new RecordBatch(schema, List.of(build(ArrowType.INT32, List.of(7)),
                VarBinaryArray.ofUnchecked(malformedUtf8())));
        assertDoesNotThrow(() -> batch.validate(ValidationLevel.NONE));
        assertDoesNotThrow(() -> batch.validate(ValidationLevel.STRUCTURE));
        assertFails(Rules.UTF8, () -> batch.validate(ValidationLevel.FULL));
        assertFails(Rules.UTF8, batch::validateFull);
    }

    @Test
    void theLevelIsRequired() {
        Array array = build(ArrowType.INT32, List.of(1));
        assertThrows(NullPointerException.class, () -> array.validate(null));
        assertThrows(NullPointerException.class, () -> array.data().validate(null));
    }

    private static void assertFails(String rule, Executable validation) {
        ValidationException e = assertThrows(ValidationException.class, validation);
        assertEquals(rule, e.rule(), e.getMessage());
    }
}
