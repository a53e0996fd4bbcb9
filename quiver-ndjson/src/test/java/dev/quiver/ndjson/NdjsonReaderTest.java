// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NdjsonReaderTest {
    private static final NdjsonReadOptions DEFAULT = NdjsonReadOptions.DEFAULT;

    @Test
    void infersScalarsNestedAndNulls() {
        String text = """
                {"i": 1, "f": 1.5, "b": true, "s": "x", "n": null, "o": {"a": 1}, "l": [1, 2], "m": 1}
                {"i": 2, "f": 2, "b": false, "s": "y", "n": null, "o": {"b": "z"}, "l": [], "m": 2.5}
                {"i": null, "o": null, "l": null}
                """;
        RecordBatch batch = Ndjson.readOne(text, DEFAULT);
        Schema expected = Schema.of(Field.nullable("i", ArrowType.INT64), Field.nullable("f", ArrowType.FLOAT64),
                Field.nullable("b", ArrowType.BOOL), Field.nullable("s", ArrowType.UTF8),
                Field.nullable("n", ArrowType.NULL),
                Field.nullable("o", ArrowType.Struct.of(Field.nullable("a", ArrowType.INT64),
                        Field.nullable("b", ArrowType.UTF8))),
                Field.nullable("l", ArrowType.List.of(ArrowType.INT64)), Field.nullable("m", ArrowType.FLOAT64));
        assertEquals(expected, batch.schema());
        assertEquals(Arrays.asList(1L, 2L, null), values(batch, "i"));
        assertEquals(Arrays.asList(1.5, 2.0, null), values(batch, "f"));
        assertEquals(Arrays.asList(true, false, null), values(batch, "b"));
        assertEquals(Arrays.asList("x", "y", null), values(batch, "s"));
        assertEquals(Arrays.asList(null, null, null), values(batch, "n"));
        assertEquals(Arrays.asList(struct("a", 1L, "b", null), struct("a", null, "b", "z"), null), values(batch, "o"));
        assertEquals(Arrays.asList(List.of(1L, 2L), List.of(), null), values(batch, "l"));
    }

    @Test
    void mixedKindsBecomeTextKeepingEachValue() {
        String text = """
                {"v": 1}
                {"v": "one"}
                {"v": true}
                {"v": {"a": [1, 2.50]}}
                {"v": 12345678901234567890123}
                """;
        RecordBatch batch = Ndjson.readOne(text, DEFAULT);
        assertEquals(ArrowType.UTF8, batch.schema().field(0).type());
        assertEquals(List.of("1", "one", "true", "{\"a\":[1,2.50]}", "12345678901234567890123"), values(batch, "v"));
    }

    @Test
    void integersBeyondInt64BecomeDecimalsWithoutLoss() {
        RecordBatch batch = Ndjson.readOne("{\"v\": 1}\n{\"v\": -123456789012345678901234567890}\n", DEFAULT);
        assertEquals(new ArrowType.Decimal(38, 0), batch.schema().field(0).type());
        assertEquals(List.of(BigDecimal.ONE, new BigDecimal("-123456789012345678901234567890")), values(batch, "v"));
    }

    @Test
    void integersNotExactInADoubleKeepFloatColumnsFromLosingThem() {
        RecordBatch batch = Ndjson.readOne("{\"v\": 0.5}\n{\"v\": 9007199254740993}\n", DEFAULT);
        assertEquals(ArrowType.UTF8, batch.schema().field(0).type());
        assertEquals(List.of("0.5", "9007199254740993"), values(batch, "v"));
        NdjsonException e = assertThrows(NdjsonException.class, () -> Ndjson.readOne(
                "{\"v\": 0.5}\n{\"v\": 9007199254740993}\n", DEFAULT.withSampleLines(1)));
        assertEquals(2, e.line());
        assertEquals("v", e.field());
    }

    @Test
    void timestampsOnlyWhenAsked() {
        String text = """
                {"d": "2024-02-29", "t": "2024-02-29T10:11:12.5", "z": "2024-02-29T10:11:12+01:00", "x": "2024-02-29"}
                {"d": "1969-12-31", "t": "2024-03-01 00:00:00", "z": "2024-03-01T00:00:00Z", "x": "soon"}
                """;
        assertEquals(ArrowType.UTF8, Ndjson.schemaOf(text, DEFAULT).field(0).type());
        RecordBatch batch = Ndjson.readOne(text, DEFAULT.withInferTimestamps(true));
        assertEquals(Schema.of(Field.nullable("d", new ArrowType.Date(DateUnit.DAY)),
                Field.nullable("t", new ArrowType.Timestamp(TimeUnit.MICROSECOND)),
                Field.nullable("z", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
                Field.nullable("x", ArrowType.UTF8)), batch.schema());
        assertEquals(List.of(LocalDate.of(2024, 2, 29), LocalDate.of(1969, 12, 31)),
                List.of(((dev.quiver.core.array.DateArray) batch.column("d")).getLocalDate(0),
                        ((dev.quiver.core.array.DateArray) batch.column("d")).getLocalDate(1)));
        var t = (dev.quiver.core.array.TimestampArray) batch.column("t");
        assertEquals(LocalDateTime.of(2024, 2, 29, 10, 11, 12, 500_000_000), t.getLocalDateTime(0));
        assertEquals(LocalDateTime.of(2024, 3, 1, 0, 0), t.getLocalDateTime(1));
        var z = (dev.quiver.core.array.TimestampArray) batch.column("z");
        assertEquals(Instant.parse("2024-02-29T09:11:12Z"), z.getInstant(0));
        assertEquals(Instant.parse("2024-03-01T00:00:00Z"), z.getInstant(1));
    }

    @Test
    void streamsInBatchesOfTheGivenSize() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            text.append("{\"i\": ").append(i).append("}\n");
        }
        List<RecordBatch> batches = Ndjson.read(text.toString(), DEFAULT.withBatchSize(4).withSampleLines(2));
        assertEquals(List.of(4L, 4L, 2L), batches.stream().map(RecordBatch::rowCount).toList());
        assertEquals(List.of(8L, 9L), values(batches.get(2), "i"));
    }

    @Test
    void explicitSchemaRefusesValuesThatDoNotFitNamingLineAndField() {
        Schema schema = Schema.of(Field.nullable("a", ArrowType.Struct.of(Field.nullable("b", ArrowType.INT32))));
        NdjsonReadOptions options = DEFAULT.withSchema(schema);
        assertEquals(List.of(struct("b", 7)), values(Ndjson.readOne("{\"a\": {\"b\": 7}}", options), "a"));
        NdjsonException e = assertThrows(NdjsonException.class,
                () -> Ndjson.readOne("{\"a\": {\"b\": 7}}\n\n{\"a\": {\"b\": \"seven\"}}\n", options));
        assertEquals(3, e.line());
        assertEquals("a.b", e.field());
        assertTrue(e.getMessage().startsWith("line 3, field a.b: expected an integer (int32), found the string"),
                e.getMessage());
        e = assertThrows(NdjsonException.class, () -> Ndjson.readOne("{\"a\": {\"b\": 3000000000}}", options));
        assertTrue(e.getMessage().contains("outside the range of int32"), e.getMessage());
    }

    @Test
    void hugeExponentsAreRefusedWithoutStalling() {
        Schema schema = Schema.of(Field.nullable("d", new ArrowType.Decimal(10, 2)), Field.nullable("f",
                ArrowType.FLOAT64));
        NdjsonReadOptions options = DEFAULT.withSchema(schema);
        for (String text : List.of("{\"d\": 1e999999999}", "{\"d\": 1e-999999999}", "{\"d\": 1.005}",
                "{\"d\": 123456789.5}", "{\"f\": 1e999999999}")) {
            NdjsonException e = assertThrows(NdjsonException.class, () -> Ndjson.read(text, options), text);
            assertEquals(1, e.line());
            assertTrue(e.getMessage().contains("digits") || e.getMessage().contains("range"), e.getMessage());
        }
        assertEquals(List.of(new BigDecimal("12300000.00")),
                values(Ndjson.readOne("{\"d\": 1.23e7}", options), "d"));
    }

    @Test
    void aDictionaryWhoseIndicesOverflowIsNamed() {
        Schema schema = Schema.of(Field.dictionary("c", ArrowType.INT8, ArrowType.UTF8, false, 0, true));
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            text.append("{\"c\": \"v").append(i).append("\"}\n");
        }
        NdjsonException e = assertThrows(NdjsonException.class,
                () -> Ndjson.read(text.toString(), DEFAULT.withSchema(schema)));
        assertEquals("c", e.field());
        assertTrue(e.line() > 100, e.getMessage());
    }

    @Test
    void unknownKeysAreRefusedOrIgnored() {
        String text = "{\"a\": 1}\n{\"a\": 2, \"late\": {\"x\": [1]}}\n";
        NdjsonException e = assertThrows(NdjsonException.class,
                () -> Ndjson.readOne(text, DEFAULT.withSampleLines(1)));
        assertEquals(2, e.line());
        assertEquals("late", e.field());
        RecordBatch batch = Ndjson.readOne(text, DEFAULT.withSampleLines(1).withIgnoreUnknownKeys(true));
        assertEquals(1, batch.schema().fields().size());
        assertEquals(List.of(1L, 2L), values(batch, "a"));
    }

    @Test
    void badLinesAreNamed() {
        assertLineError("{\"a\": 1}\n{\"a\": }\n", 2, "malformed JSON");
        assertLineError("{\"a\": 1}\n[1, 2]\n", 2, "not a JSON object but an array");
        assertLineError("{\"a\": 1}\n42\n", 2, "not a JSON object but the number 42");
        assertLineError("{\"a\": 1} {\"a\": 2}\n", 1, "a second JSON object on the line");
        assertLineError("{\"a\": 1}\n{\"a\": 2", 2, "malformed JSON");
        assertLineError("{\"a\": 1, \"a\": 2}\n", 1, "appears twice");
        byte[] invalid = "{\"a\": \"x\"}\n{\"a\": \"\u00ff\"}\n".getBytes(StandardCharsets.ISO_8859_1);
        NdjsonException e = assertThrows(NdjsonException.class, () -> Ndjson.read(invalid, DEFAULT));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
    }

    @Test
    void crlfLineEndsABomAndBlankLinesAreTaken() {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] text = "{\"a\": 1}\r\n\r\n{\"a\": 2}\r\n{\"a\": \"x\"".getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[bom.length + text.length];
        System.arraycopy(bom, 0, bytes, 0, bom.length);
        System.arraycopy(text, 0, bytes, bom.length, text.length);
        NdjsonException e = assertThrows(NdjsonException.class,
                () -> Ndjson.read(bytes, DEFAULT.withSampleLines(2)));
        assertEquals(4, e.line(), e.getMessage());
        assertEquals("a", e.field());
        List<RecordBatch> batches = Ndjson.read(Arrays.copyOf(bytes, bytes.length - 9), DEFAULT);
        assertEquals(List.of(1L, 2L), values(batches.get(0), "a"));
    }

    @Test
    void anEmptyInputHasNoFieldsAndNoBatches() {
        assertEquals(List.of(), Ndjson.read("", DEFAULT));
        assertEquals(List.of(), Ndjson.schemaOf("\n\n", DEFAULT).fields());
    }

    private static void assertLineError(String text, long line, String message) {
        NdjsonException e = assertThrows(NdjsonException.class, () -> Ndjson.read(text, DEFAULT));
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertTrue(e.getMessage().startsWith("line " + line), e.getMessage());
    }

    static List<Object> values(RecordBatch batch, String column) {
        var array = batch.column(column);
        Object[] out = new Object[Math.toIntExact(array.length())];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.getObject(i);
        }
        return Arrays.asList(out);
    }

    private static Map<String, Object> struct(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }
}
