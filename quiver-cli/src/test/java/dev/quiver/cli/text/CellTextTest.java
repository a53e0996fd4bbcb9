package dev.quiver.cli.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.TimeUnit;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CellTextTest {
    private static Array array(ArrowType type, Object... values) {
        ArrayBuilder builder = ArrayBuilder.of(type);
        for (Object value : values) {
            builder.appendObject(value);
        }
        return builder.build();
    }

    private static List<String> cells(Array array) {
        return java.util.stream.LongStream.range(0, array.length()).mapToObj(i -> CellText.of(array, i)).toList();
    }

    @Test
    void temporalValuesReadAsIso8601() {
        assertEquals(List.of("2023-11-14T22:13:20Z", "1969-12-31T23:59:59.999999Z", "null"),
                cells(array(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"), 1_700_000_000_000_000L, -1L, null)));
        assertEquals(List.of("1970-01-01T00:00:00", "1970-01-01T00:00:01.5"),
                cells(array(new ArrowType.Timestamp(TimeUnit.MILLISECOND, null), 0L, 1500L)));
        assertEquals(List.of("1970-01-02", "1969-12-31"), cells(array(new ArrowType.Date(DateUnit.DAY), 1, -1)));
        assertEquals(List.of("1970-01-02"), cells(array(new ArrowType.Date(DateUnit.MILLISECOND), 86_400_000L)));
        assertEquals(List.of("00:00:00", "01:00:00.25"),
                cells(array(new ArrowType.Time(TimeUnit.MILLISECOND, 32), 0, 3_600_250)));
    }

    @Test
    void stringsAreBareAndNestedValuesUseTheCoreNotation() {
        assertEquals(List.of("a \"b\"", "null"), cells(array(ArrowType.UTF8, "a \"b\"", null)));
        assertEquals(List.of("[\"x\", null]", "[]"), cells(array(ArrowType.List.of(ArrowType.UTF8),
                Arrays.asList("x", null), List.of())));
        assertEquals(List.of("0x0AFF"), cells(array(ArrowType.BINARY, (Object) new byte[] {10, -1})));
    }
}
