// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import static dev.quiver.core.extension.ExtensionTestSupport.ALLOC;
import static dev.quiver.core.extension.ExtensionTestSupport.extension;
import static dev.quiver.core.extension.ExtensionTestSupport.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.InvalidTypeException;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.validation.ValidationException;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;

class TimestampWithOffsetTest {

    @Test
    void buildAndReadBackOffsetDateTimes() {
        OffsetDateTime west = OffsetDateTime.parse("2024-10-24T12:30:00.123456-12:59");
        OffsetDateTime east = OffsetDateTime.parse("1969-12-31T23:59:59.999999+13:00");
        TimestampWithOffsetBuilder b = new TimestampWithOffsetBuilder(TimeUnit.MICROSECOND, ALLOC);
        b.append(west).appendNull().append(east);
        TimestampWithOffsetArray a = new TimestampWithOffsetArray(b.build());
        assertEquals(3, a.length());
        assertEquals(west, a.get(0));
        assertNull(a.get(1));
        assertEquals(east, a.get(2));
        assertEquals(-779, a.offsetMinutes(0));
        assertEquals(780, a.offsetMinutes(2));
        assertEquals(west.toInstant().toEpochMilli() * 1000 + 456, a.epochValue(0));
        a.array().validateFull();
    }

    @Test
    void builderRefusesWhatTheUnitOrMinutesCannotHold() {
        TimestampWithOffsetBuilder b = new TimestampWithOffsetBuilder(TimeUnit.SECOND, ALLOC);
        assertThrows(IllegalArgumentException.class, () -> b.append(OffsetDateTime.parse("2024-01-01T00:00:00.5Z")));
        assertThrows(IllegalArgumentException.class,
                () -> b.append(OffsetDateTime.parse("2024-01-01T00:00:00+05:30:30")));
        TimestampWithOffsetBuilder nanos = new TimestampWithOffsetBuilder(TimeUnit.NANOSECOND, ALLOC);
        assertThrows(IllegalArgumentException.class, () -> nanos.append(OffsetDateTime.parse("2300-01-01T00:00:00Z")));
        assertEquals(0, b.length());
    }

    @Test
    void storageRulesAreChecked() {
        ArrowType.Timestamp utc = new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC");
        assertEquals(new TimestampWithOffsetType(TimeUnit.MILLISECOND), TimestampWithOffsetType.parse(
                ArrowType.Struct.of(Field.notNull("timestamp", utc), Field.notNull("offset_minutes", ArrowType.INT16)),
                ""));
        ArrowType.Struct[] bad = {
            ArrowType.Struct.of(Field.notNull("offset_minutes", ArrowType.INT16), Field.notNull("timestamp", utc)),
            ArrowType.Struct.of(Field.nullable("timestamp", utc), Field.notNull("offset_minutes", ArrowType.INT16)),
            ArrowType.Struct.of(Field.notNull("timestamp", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
                    Field.notNull("offset_minutes", ArrowType.INT16)),
            ArrowType.Struct.of(Field.notNull("timestamp", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "+01:00")),
                    Field.notNull("offset_minutes", ArrowType.INT16)),
            ArrowType.Struct.of(Field.notNull("timestamp", utc), Field.notNull("offset_minutes", ArrowType.INT32)),
            ArrowType.Struct.of(Field.notNull("timestamp", utc), Field.nullable("offset_minutes", ArrowType.INT16)),
            ArrowType.Struct.of(Field.notNull("timestamp", utc)),
        };
        for (ArrowType.Struct s : bad) {
            assertThrows(InvalidTypeException.class, () -> TimestampWithOffsetType.parse(s, ""), s.toString());
        }
        InvalidTypeException meta = assertThrows(InvalidTypeException.class,
                () -> TimestampWithOffsetType.parse(new TimestampWithOffsetType(TimeUnit.SECOND).storageType(), "{}"));
        assertTrue(meta.getMessage().contains("empty string"), meta.getMessage());
    }

    @Test
    void offsetsMayBeDictionaryEncoded() {
        ArrowType.Struct storage = ArrowType.Struct.of(
                Field.notNull("timestamp", new ArrowType.Timestamp(TimeUnit.SECOND, "UTC")),
                Field.dictionary("offset_minutes", ArrowType.INT8, ArrowType.INT16, false, 0L, false));
        assertEquals(TimeUnit.SECOND, TimestampWithOffsetType.parse(storage, "").unit());
    }

    @Test
    void offsetsBeyondJavaTimeAreAClearError() {
        ArrowType.Extension type = new TimestampWithOffsetType(TimeUnit.SECOND).toArrowType();
        ExtensionArray array = extension(type, row("timestamp", 0L, "offset_minutes", (short) 1500));
        ValidationException e = assertThrows(ValidationException.class, () -> new TimestampWithOffsetArray(array).get(0));
        assertEquals(0, e.index());
        assertThrows(InvalidTypeException.class, () -> new TimestampWithOffsetArray(Array.of(array.storage().data())));
    }
}
