// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.TimeUnit;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Files written by pyarrow's CSV writer and DuckDB's COPY TO (testing/data/csv/generate.py) read with their types. */
class CsvToolFilesTest {
    private static Path file(String name) {
        return Path.of(System.getProperty("quiver.testing.dir"), "csv", name);
    }

    private static List<RecordBatch> read(Path path, CsvReadOptions options) {
        List<RecordBatch> batches = new ArrayList<>();
        try (CsvReader reader = CsvReader.open(path, options)) {
            reader.forEach(batches::add);
        }
        return batches;
    }

    private static final List<ArrowType> COMMON = List.of(ArrowType.INT64, ArrowType.FLOAT64, ArrowType.BOOL,
            ArrowType.UTF8, new ArrowType.Date(DateUnit.DAY), new ArrowType.Timestamp(TimeUnit.MICROSECOND),
            new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"));

    @Test
    void pyarrowCsvWriter() {
        List<RecordBatch> batches = read(file("pyarrow.csv"), CsvReadOptions.DEFAULT);
        List<ArrowType> types = new ArrayList<>(COMMON);
        types.add(ArrowType.UTF8);
        assertEquals(types, batches.get(0).schema().fields().stream().map(Field::type).toList());
        List<Object> names = CsvReaderTest.column(batches, 3);
        assertEquals(List.of("plain", "with, comma", "with \"quote\"", "two\nlines"), names);
        assertEquals(Arrays.asList("02134", "10001", null, "00501"), CsvReaderTest.column(batches, 7));
        assertEquals(LocalDateTime.parse("2024-01-02T03:04:05.123456"), CsvReaderTest.column(batches, 5).get(0));
        assertEquals(Instant.parse("1999-12-31T23:00:00.5Z"), CsvReaderTest.column(batches, 6).get(2));
        assertEquals(1e20, CsvReaderTest.column(batches, 1).get(3));
    }

    @Test
    void duckdbCopyTo() {
        List<RecordBatch> batches = read(file("duckdb.csv"), CsvReadOptions.DEFAULT.withInferDecimals(true));
        List<ArrowType> types = new ArrayList<>(COMMON);
        types.add(new ArrowType.Decimal(4, 2, 128));
        types.add(ArrowType.UTF8);
        assertEquals(types, batches.get(0).schema().fields().stream().map(Field::type).toList());
        assertEquals(Arrays.asList(new BigDecimal("12.50"), new BigDecimal("-5.00"), null, new BigDecimal("0.05")),
                CsvReaderTest.column(batches, 7));
        assertEquals(Instant.parse("1999-12-31T23:00:00.5Z"), CsvReaderTest.column(batches, 6).get(1));
        assertEquals(Arrays.asList(LocalDate.of(2024, 1, 2), null, LocalDate.of(1969, 12, 31),
                LocalDate.of(2000, 2, 29)), CsvReaderTest.column(batches, 4));
        List<RecordBatch> typed = read(file("duckdb.csv"), CsvReadOptions.DEFAULT
                .withTypes(CsvTypes.parseColumns("price=decimal128(10,2)")));
        assertEquals(new ArrowType.Decimal(10, 2, 128), typed.get(0).schema().field(7).type());
    }
}
