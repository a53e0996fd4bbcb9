// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Issue 36: serving in-memory tables and readers by name, and ListFlights without criteria. */
class TableProducerTest {
    private static final Schema SCHEMA = new Schema(List.of(Field.nullable("x", new ArrowType.Int(64, true))));

    private static RecordBatch batch(long first, int rows) {
        IntBuilder<Int64Array> b = IntBuilder.int64(BufferAllocator.managed());
        for (int i = 0; i < rows; i++) {
            b.append(first + i);
        }
        return new RecordBatch(SCHEMA, List.of(b.build()), rows);
    }

    @Test
    void tablesAndReadersServedByName() {
        Table sales = new Table(SCHEMA, List.of(batch(0, 3), batch(10, 2)));
        Table empty = new Table(SCHEMA, List.of());
        AtomicInteger opened = new AtomicInteger();
        try (FlightServer server = FlightServer.serve(Map.of("sales", sales, "empty", empty));
                FlightClient client = FlightClient.builder(server.location()).build()) {
            List<FlightInfo> flights = client.listFlights();
            assertEquals(List.of("empty", "sales"), flights.stream().map(i -> i.descriptor().path().getFirst()).toList());
            assertEquals(5, flights.get(1).totalRecords());
            try (RecordBatchReader r = client.read(client.getFlightInfo(FlightDescriptor.path("sales")))) {
                assertEquals(sales, Table.from(r));
            }
            try (RecordBatchReader r = client.read(flights.get(0))) {
                assertEquals(0, Table.from(r).rowCount());
            }
            FlightException missing = assertThrows(FlightException.class,
                    () -> client.getFlightInfo(FlightDescriptor.path("nope")));
            assertEquals(FlightStatusCode.NOT_FOUND, missing.code());
        }
        TableProducer producer = new TableProducer().putReader("live", () -> {
            opened.incrementAndGet();
            return new Table(SCHEMA, List.of(batch(7, 4))).reader();
        });
        try (FlightServer server = FlightServer.builder(producer).build().start();
                FlightClient client = FlightClient.builder(server.location()).build()) {
            FlightInfo info = client.listFlights().getFirst();
            assertEquals(-1, info.totalRecords());
            assertEquals(SCHEMA.fields(), info.schema().fields());
            try (RecordBatchReader r = client.read(info)) {
                assertEquals(4, Table.from(r).rowCount());
            }
            assertEquals(2, opened.get(), "one reader for the listing, one for the DoGet");
            producer.remove("live");
            assertEquals(List.of(), client.listFlights());
        }
    }
}
