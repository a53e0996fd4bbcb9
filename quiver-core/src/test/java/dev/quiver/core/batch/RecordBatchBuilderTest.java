// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.QuiverException;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RecordBatchBuilderTest {
    private static final Schema SCHEMA = Schema.of(Field.notNull("id", ArrowType.INT64),
            Field.nullable("name", ArrowType.UTF8), Field.nullable("day", new ArrowType.Date(DateUnit.DAY)));

    public record Point(int x, int y) {
    }

    public record Trade(long id, String symbol, Instant at, LocalDateTime local, LocalDate day, LocalTime time,
            Duration held, Optional<Double> price, Integer lots, boolean open, byte[] raw, List<String> tags,
            Point where) {
    }

    public record Narrow(String symbol, long id) {
    }

    public record WithDecimal(BigDecimal amount) {
    }

    public record WithChar(char c) {
    }

    private static Trade trade(long id) {
        return new Trade(id, "S" + id, Instant.parse("2024-01-02T03:04:05.123456Z"),
                LocalDateTime.parse("2024-01-02T03:04:05"), LocalDate.of(2024, 1, (int) id + 1),
                LocalTime.of(12, 30), Duration.ofMillis(1500), id % 2 == 0 ? Optional.of(1.5 * id) : Optional.empty(),
                id % 2 == 0 ? null : (int) id, id % 2 == 0, new byte[] {(byte) id}, List.of("t" + id, "u"),
                id == 1 ? null : new Point((int) id, -1));
    }

    @Test
    void rowsAreBuiltAndReadBackWithTypedGetters() {
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            RecordBatch batch = RecordBatchBuilder.of(SCHEMA, allocator)
                    .addRow(1L, "a", LocalDate.of(2024, 2, 29))
                    .addRow(2, null, null)
                    .build();
            assertEquals(2, batch.rowCount());
            batch.validateFull();
            assertEquals(1L, batch.row(0).getLong("id"));
            assertEquals(2, batch.row(1).getInt("id"));
            assertEquals("a", batch.row(0).getString("name"));
            assertEquals(LocalDate.of(2024, 2, 29), batch.row(0).getDate("day"));
            assertNull(batch.row(1).getString("name"));
            assertTrue(batch.row(1).isNull("day"));
            assertEquals("{id: 1, name: \"a\", day: 2024-02-29}", batch.row(0).toString());
            QuiverException nullLong = assertThrows(QuiverException.class, () -> batch.row(1).getDouble("name"));
            assertEquals("column name (utf8) at row 1 is null", nullLong.getMessage());
            QuiverException notString = assertThrows(QuiverException.class, () -> batch.row(0).getString("id"));
            assertTrue(notString.getMessage().contains("column id (int64) at row 0 holds Long 1, not String"),
                    notString.getMessage());
            assertThrows(IndexOutOfBoundsException.class, () -> batch.row(2));
        }
    }

    @Test
    void aValueOfTheWrongKindIsRefusedNamingRowAndColumn() {
        RecordBatchBuilder builder = RecordBatchBuilder.of(SCHEMA, BufferAllocator.managed()).addRow(1L, "a", null);
        QuiverException e = assertThrows(QuiverException.class, () -> builder.addRow("two", "b", null));
        assertTrue(e.getMessage().startsWith("row 1, column id (int64 not null): String \"two\" does not fit"),
                e.getMessage());
        // the first column refused: nothing of the row was appended, the builder goes on
        assertEquals(2, builder.addRow(2L, "b", null).build().rowCount());

        RecordBatchBuilder other = RecordBatchBuilder.of(SCHEMA, BufferAllocator.managed());
        QuiverException date = assertThrows(QuiverException.class, () -> other.addRow(1L, "a", "2024-01-01"));
        assertTrue(date.getMessage().startsWith("row 0, column day (date32[day]): String"), date.getMessage());
        IllegalStateException broken = assertThrows(IllegalStateException.class, other::build);
        assertTrue(broken.getMessage().contains("start a new builder"), broken.getMessage());

        QuiverException nullId = assertThrows(QuiverException.class,
                () -> RecordBatchBuilder.of(SCHEMA, BufferAllocator.managed()).addRow(null, "a", null));
        assertEquals("row 0, column id (int64 not null): null for a field that is not nullable", nullId.getMessage());
        QuiverException count = assertThrows(QuiverException.class,
                () -> RecordBatchBuilder.of(SCHEMA, BufferAllocator.managed()).addRow(1L, "a"));
        assertTrue(count.getMessage().startsWith("row 0 has 2 values for the 3 fields"), count.getMessage());
    }

    @Test
    void aNullForANonNullableFieldIsRefusedBeforeAnythingIsAppended() {
        Schema schema = Schema.of(Field.nullable("a", ArrowType.UTF8), Field.notNull("b", ArrowType.INT32));
        RecordBatchBuilder builder = RecordBatchBuilder.of(schema, BufferAllocator.managed());
        QuiverException e = assertThrows(QuiverException.class, () -> builder.addRow("x", null));
        assertEquals("row 0, column b (int32 not null): null for a field that is not nullable", e.getMessage());
        RecordBatch batch = builder.addRow("y", 2).build();
        assertEquals(1, batch.rowCount());
        assertEquals("y", batch.row(0).getString("a"));
    }

    @Test
    void schemaFromARecordMapsJavaTypesToArrowTypes() {
        Schema schema = Schemas.fromRecord(Trade.class);
        assertEquals(Schema.of(
                Field.notNull("id", ArrowType.INT64),
                Field.nullable("symbol", ArrowType.UTF8),
                Field.nullable("at", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
                Field.nullable("local", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
                Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
                Field.nullable("time", new ArrowType.Time(TimeUnit.MICROSECOND)),
                Field.nullable("held", new ArrowType.Duration(TimeUnit.MICROSECOND)),
                Field.nullable("price", ArrowType.FLOAT64),
                Field.nullable("lots", ArrowType.INT32),
                Field.notNull("open", ArrowType.BOOL),
                Field.nullable("raw", ArrowType.BINARY),
                Field.nullable("tags", new ArrowType.List(Field.nullable("item", ArrowType.UTF8))),
                Field.nullable("where", new ArrowType.Struct(List.of(Field.notNull("x", ArrowType.INT32),
                        Field.notNull("y", ArrowType.INT32))))), schema);
    }

    @Test
    void recordsGoInAndComeBackEqual() {
        List<Trade> trades = List.of(trade(0), trade(1), trade(2));
        RecordBatch batch = RecordBatchBuilder.fromRecords(trades, BufferAllocator.managed());
        batch.validateFull();
        assertEquals(Schemas.fromRecord(Trade.class), batch.schema());
        assertEquals(3, batch.rowCount());
        assertEquals(Instant.parse("2024-01-02T03:04:05.123456Z"), batch.row(0).getInstant("at"));
        assertEquals(3.0, batch.row(2).getDouble("price"));
        List<Trade> back = batch.toRecords(Trade.class);
        for (int i = 0; i < trades.size(); i++) {
            Trade a = trades.get(i);
            Trade b = back.get(i);
            assertEquals(Arrays.toString(a.raw()), Arrays.toString(b.raw()));
            assertEquals(new Trade(a.id(), a.symbol(), a.at(), a.local(), a.day(), a.time(), a.held(), a.price(),
                    a.lots(), a.open(), null, a.tags(), a.where()),
                    new Trade(b.id(), b.symbol(), b.at(), b.local(), b.day(), b.time(), b.held(), b.price(),
                            b.lots(), b.open(), null, b.tags(), b.where()));
        }
        Table table = new Table(batch.schema(), List.of(batch, batch));
        assertEquals(6, table.toRecords(Trade.class).size());
        assertEquals(List.of(new Narrow("S0", 0), new Narrow("S1", 1), new Narrow("S2", 2)),
                batch.toRecords(Narrow.class));
        assertEquals(0, RecordBatchBuilder.fromRecords(Trade.class, List.of(), BufferAllocator.managed()).rowCount());
    }

    @Test
    void readingRecordsRefusesWhatDoesNotFitNamingRowAndColumn() {
        RecordBatch batch = RecordBatchBuilder.of(SCHEMA, BufferAllocator.managed()).addRow(1L, null, null).build();
        record NotNullName(long id, int name) {
        }
        QuiverException e = assertThrows(QuiverException.class, () -> batch.toRecords(NotNullName.class));
        assertEquals("row 0, column name: null for the primitive component of type int", e.getMessage());
        record WrongType(String id) {
        }
        QuiverException wrong = assertThrows(QuiverException.class, () -> batch.toRecords(WrongType.class));
        assertEquals("row 0, column id: Long 1 does not fit a component of type java.lang.String", wrong.getMessage());
        record Missing(long id, String other) {
        }
        assertThrows(dev.quiver.core.type.UnknownFieldException.class, () -> batch.toRecords(Missing.class));
    }

    @Test
    void typesWithoutACounterpartAreRefusedNamingTheComponent() {
        QuiverException decimal = assertThrows(QuiverException.class, () -> Schemas.fromRecord(WithDecimal.class));
        assertTrue(decimal.getMessage().startsWith("WithDecimal.amount: BigDecimal has no fixed precision and scale"),
                decimal.getMessage());
        QuiverException c = assertThrows(QuiverException.class, () -> Schemas.fromRecord(WithChar.class));
        assertEquals("WithChar.c: type char has no Arrow counterpart", c.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> RecordBatchBuilder.fromRecords(List.<Trade>of(), BufferAllocator.managed()));
    }

    @Test
    void decimalColumnsReadIntoBigDecimalComponents() {
        Schema schema = Schema.of(Field.nullable("amount", new ArrowType.Decimal(10, 2, 128)));
        RecordBatch batch = RecordBatchBuilder.of(schema, BufferAllocator.managed())
                .addRow(new BigDecimal("12.34")).addRow((Object) null).build();
        assertEquals(List.of(new WithDecimal(new BigDecimal("12.34")), new WithDecimal(null)),
                batch.toRecords(WithDecimal.class));
        assertEquals(new BigDecimal("12.34"), batch.row(0).getDecimal("amount"));
    }
}
