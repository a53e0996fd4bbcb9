// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CSV → Arrow → CSV: every type the reader supports comes back equal, and so does the text. */
class CsvRoundTripTest {
    @TempDir
    Path dir;

    private static final Map<String, ArrowType> TYPES = new LinkedHashMap<>();
    private static final List<List<Object>> ROWS = new ArrayList<>();

    static {
        TYPES.put("i8", ArrowType.INT8);
        TYPES.put("i16", ArrowType.INT16);
        TYPES.put("i32", ArrowType.INT32);
        TYPES.put("i64", ArrowType.INT64);
        TYPES.put("u8", ArrowType.UINT8);
        TYPES.put("u16", ArrowType.UINT16);
        TYPES.put("u32", ArrowType.UINT32);
        TYPES.put("u64", ArrowType.UINT64);
        TYPES.put("f32", ArrowType.FLOAT32);
        TYPES.put("f64", ArrowType.FLOAT64);
        TYPES.put("b", ArrowType.BOOL);
        TYPES.put("s", ArrowType.UTF8);
        TYPES.put("ls", ArrowType.LARGE_UTF8);
        TYPES.put("d32", new ArrowType.Date(DateUnit.DAY));
        TYPES.put("d64", new ArrowType.Date(DateUnit.MILLISECOND));
        TYPES.put("t32s", new ArrowType.Time(TimeUnit.SECOND));
        TYPES.put("t32ms", new ArrowType.Time(TimeUnit.MILLISECOND));
        TYPES.put("t64us", new ArrowType.Time(TimeUnit.MICROSECOND));
        TYPES.put("t64ns", new ArrowType.Time(TimeUnit.NANOSECOND));
        TYPES.put("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND));
        TYPES.put("ts_ms_utc", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"));
        TYPES.put("ts_us", new ArrowType.Timestamp(TimeUnit.MICROSECOND));
        TYPES.put("ts_ns_utc", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC"));
        TYPES.put("dec", new ArrowType.Decimal(38, 10, 128));
        TYPES.put("dict", CsvTypes.DICTIONARY_UTF8);
        ROWS.add(Arrays.asList((byte) -128, (short) 32767, -7, Long.MIN_VALUE, (short) 255, 65535, 4294967295L,
                new BigInteger("18446744073709551615"), 1.5f, Math.PI, true, "a,\"b\"\nc", "", LocalDate.of(1, 1, 1),
                LocalDate.of(2024, 2, 29), LocalTime.of(23, 59, 59), LocalTime.of(0, 0, 0, 1_000_000),
                LocalTime.of(12, 0, 0, 123_456_000), LocalTime.of(1, 2, 3, 999_999_999),
                LocalDateTime.of(1969, 12, 31, 23, 59, 59), Instant.parse("2024-01-02T03:04:05.678Z"),
                LocalDateTime.of(2024, 1, 2, 3, 4, 5, 6000), Instant.parse("1900-01-01T00:00:00.000000001Z"),
                new BigDecimal("-1234567890123456789012345678.0123456789"), "red"));
        ROWS.add(Arrays.asList(null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, null));
        ROWS.add(Arrays.asList((byte) 0, (short) 0, 0, 0L, (short) 0, 0, 0L, BigInteger.ZERO, -0.0f, 1e-300, false,
                "NA", "ünïcødé ✓", LocalDate.of(9999, 12, 31), LocalDate.of(1970, 1, 1), LocalTime.MIDNIGHT,
                LocalTime.MIDNIGHT, LocalTime.MIDNIGHT, LocalTime.MIDNIGHT, LocalDateTime.of(1970, 1, 1, 0, 0),
                Instant.EPOCH, LocalDateTime.of(2000, 1, 1, 0, 0), Instant.EPOCH, new BigDecimal("0E-10"), "red"));
    }

    private static Schema schema() {
        List<Field> fields = new ArrayList<>();
        TYPES.forEach((name, type) -> fields.add(Field.nullable(name, type)));
        return new Schema(fields);
    }

    @Test
    void everyTypeComesBackEqualAndSoDoesTheText() {
        Schema schema = schema();
        RecordBatch batch = RecordBatch.ofRows(schema, ROWS);
        Path file = dir.resolve("all.csv");
        try (CsvWriter writer = CsvWriter.open(file, schema)) {
            writer.write(batch);
        }
        List<RecordBatch> back = new ArrayList<>();
        try (CsvReader reader = CsvReader.open(file, CsvReadOptions.DEFAULT.withTypes(TYPES))) {
            assertEquals(schema, reader.schema());
            reader.forEach(back::add);
        }
        for (int c = 0; c < TYPES.size(); c++) {
            assertEquals(CsvReaderTest.column(List.of(batch), c), CsvReaderTest.column(back, c),
                    schema.field(c).name());
        }
        ByteArrayOutputStream again = new ByteArrayOutputStream();
        try (CsvWriter writer = CsvWriter.open(again, schema, CsvWriteOptions.DEFAULT)) {
            back.forEach(writer::write);
        }
        assertEquals(new String(readAll(file), java.nio.charset.StandardCharsets.UTF_8), again.toString(
                java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void textRoundTripsThroughInference() {
        String csv = "id,when,day,amount,name\n1,2024-01-02T03:04:05.123456,2024-01-02,1.5,\"a,b\"\n"
                + "2,2024-01-03T00:00:00.000000,2024-01-03,-2.25,\"\"\n";
        List<RecordBatch> batches = CsvReaderTest.read(csv, CsvReadOptions.DEFAULT);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CsvWriter writer = CsvWriter.open(out, batches.get(0).schema(), CsvWriteOptions.DEFAULT)) {
            batches.forEach(writer::write);
        }
        assertEquals(csv, out.toString(java.nio.charset.StandardCharsets.UTF_8));
        List<RecordBatch> again = CsvReaderTest.read(new ByteArrayInputStream(out.toByteArray()).readAllBytes(),
                CsvReadOptions.DEFAULT);
        assertEquals(batches.get(0).schema(), again.get(0).schema());
    }

    @Test
    void failedWriteLeavesNoFile() {
        Schema schema = schema();
        Path file = dir.resolve("never.csv");
        try (CsvWriter writer = CsvWriter.open(file, schema)) {
            writer.write(RecordBatch.ofRows(new Schema(List.of(Field.nullable("x", ArrowType.INT8))),
                    List.of(List.of((byte) 1))));
        } catch (CsvException expected) {
            assertEquals(false, Files.exists(file));
            return;
        }
        throw new AssertionError("a batch of another schema was written");
    }

    private static byte[] readAll(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
