// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.CallContext;
import dev.quiver.flight.DataSink;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightDataWriter;
import dev.quiver.flight.FlightProducer;
import dev.quiver.flight.FlightServer;
import dev.quiver.flight.FlightStream;
import dev.quiver.flight.Ticket;
import io.grpc.netty.shaded.io.netty.buffer.PoolArenaMetric;
import io.grpc.netty.shaded.io.netty.buffer.PooledByteBufAllocator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Server and client connections take their Netty buffers from Quiver's allocator, not gRPC's. */
class TransportTest {
    private static final Schema SCHEMA = Schema.of(Field.notNull("v", ArrowType.INT64));

    private static long allocations(PooledByteBufAllocator allocator) {
        long n = 0;
        for (PoolArenaMetric arena : allocator.metric().directArenas()) {
            n += arena.numAllocations();
        }
        return n;
    }

    @Test
    void aDoGetOverLoopbackAllocatesFromTheFlightAllocator() {
        PooledByteBufAllocator allocator = (PooledByteBufAllocator) Transport.ALLOCATOR;
        assertEquals(16 << 20, allocator.metric().chunkSize());
        List<List<Object>> rows = new ArrayList<>();
        for (long i = 0; i < 200_000; i++) {
            rows.add(List.of(i));
        }
        RecordBatch batch = RecordBatch.ofRows(SCHEMA, rows);
        FlightProducer producer = new FlightProducer() {
            @Override
            public void doGet(CallContext context, Ticket ticket, DataSink sink) {
                try (FlightDataWriter out = sink.start(SCHEMA)) {
                    out.write(batch);
                    out.write(batch);
                }
            }
        };
        long before = allocations(allocator);
        long received = 0;
        try (FlightServer server = FlightServer.builder(producer).build().start();
                FlightClient client = FlightClient.builder(server.location()).build();
                FlightStream stream = client.doGet(new Ticket(new byte[] {1}))) {
            for (RecordBatch b : stream) {
                assertEquals(batch, b);
                received += b.rowCount();
            }
        }
        assertEquals(400_000, received);
        // 3.2 MB of bodies each way through Netty: far more than a few small allocations.
        assertTrue(allocations(allocator) - before > 10, "allocations from the Flight allocator: "
                + (allocations(allocator) - before));
    }
}
