// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/** A test producer: DoPut stores a flight under its path, DoGet returns it by name, DoExchange echoes. */
final class MemoryProducer implements FlightProducer {
    record Stored(Schema schema, List<RecordBatch> batches) {
    }

    final Map<String, Stored> flights = new ConcurrentHashMap<>();

    @Override
    public void doPut(CallContext context, FlightStream data, Consumer<PutResult> acknowledge) {
        String name = String.join("/", data.descriptor().path());
        Schema schema = data.schema();
        List<RecordBatch> batches = new ArrayList<>();
        for (RecordBatch b : data) {
            batches.add(b);
            acknowledge.accept(new PutResult(("got " + batches.size()).getBytes(StandardCharsets.UTF_8)));
        }
        flights.put(name, new Stored(schema, batches));
    }

    @Override
    public void doGet(CallContext context, Ticket ticket, DataSink sink) {
        String name = new String(ticket.bytes(), StandardCharsets.UTF_8);
        Stored s = flights.get(name);
        if (s == null) {
            throw new FlightException(FlightStatusCode.NOT_FOUND, "no flight " + name);
        }
        try (FlightDataWriter out = sink.start(s.schema())) {
            for (RecordBatch b : s.batches()) {
                out.write(b);
            }
        }
    }

    @Override
    public void doExchange(CallContext context, FlightStream data, DataSink sink) {
        try (FlightDataWriter out = sink.start(data.schema())) {
            for (RecordBatch b : data) {
                out.write(b, data.appMetadata());
            }
        }
    }
}
