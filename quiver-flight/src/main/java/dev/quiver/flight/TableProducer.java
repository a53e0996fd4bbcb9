// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.Schema;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A Flight service of data held by the program: in-memory {@link Table}s and sources of
 * {@link RecordBatchReader}s, each a flight named by a path descriptor of one segment, its name.
 * <ul>
 * <li>ListFlights: every flight, by name, with its schema (and, for a table, its row count); the criteria
 *     are ignored.
 * <li>GetFlightInfo and GetSchema: the flight's schema and one endpoint whose ticket is its name.
 * <li>DoGet: the table's batches, or those of a reader newly opened from the source (closed at the end).
 * </ul>
 * Flights may be added and removed while the server runs. An unknown name is
 * {@link FlightStatusCode#NOT_FOUND}. It takes no uploads.
 *
 * <pre>{@code
 * try (FlightServer server = FlightServer.serve(Map.of("sales", table))) {
 *     ... server.location() ...
 * }
 * }</pre>
 */
public final class TableProducer implements FlightProducer {
    /** What a flight serves: a table, or a source of readers (opened per call). */
    private record Source(Table table, Supplier<? extends RecordBatchReader> readers) {
        RecordBatchReader open() {
            RecordBatchReader r = table != null ? table.reader() : readers.get();
            if (r == null) {
                throw new FlightException(FlightStatusCode.INTERNAL, "the flight's source gave no reader");
            }
            return r;
        }
    }

    private final Map<String, Source> flights = new ConcurrentSkipListMap<>();

    /** A service of no flights yet. */
    public TableProducer() {
    }

    /**
     * A service of tables.
     *
     * @param tables the tables by flight name
     * @return the service
     * @throws IllegalArgumentException if a name is empty
     */
    public static TableProducer of(Map<String, Table> tables) {
        TableProducer p = new TableProducer();
        tables.forEach(p::put);
        return p;
    }

    /**
     * Serves a table as the flight {@code name}, in place of any flight of that name.
     *
     * @param name the flight's name
     * @param table the table
     * @return this service
     * @throws IllegalArgumentException if the name is empty
     */
    public TableProducer put(String name, Table table) {
        flights.put(checked(name), new Source(Objects.requireNonNull(table, "table"), null));
        return this;
    }

    /**
     * Serves the batches of readers as the flight {@code name}: every DoGet, ListFlights and GetFlightInfo
     * opens one (for its schema, at least) and closes it.
     *
     * @param name the flight's name
     * @param readers opens a reader of the flight's data
     * @return this service
     * @throws IllegalArgumentException if the name is empty
     */
    public TableProducer putReader(String name, Supplier<? extends RecordBatchReader> readers) {
        flights.put(checked(name), new Source(null, Objects.requireNonNull(readers, "readers")));
        return this;
    }

    /**
     * Stops serving a flight (calls under way finish).
     *
     * @param name the flight's name
     * @return whether there was such a flight
     */
    public boolean remove(String name) {
        return flights.remove(name) != null;
    }

    private static String checked(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a flight needs a name");
        }
        return name;
    }

    private Source source(String name) {
        Source s = flights.get(name);
        if (s == null) {
            throw new FlightException(FlightStatusCode.NOT_FOUND, "no flight " + name);
        }
        return s;
    }

    private static String name(FlightDescriptor descriptor) {
        if (descriptor.isCommand() || descriptor.path().size() != 1) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT,
                    "this service's flights are path descriptors of one segment, a name, not " + descriptor);
        }
        return descriptor.path().getFirst();
    }

    private static FlightInfo info(String name, Source s) {
        Schema schema;
        long rows;
        if (s.table() != null) {
            schema = s.table().schema();
            rows = s.table().rowCount();
        } else {
            try (RecordBatchReader r = s.open()) {
                schema = r.schema();
            }
            rows = -1;
        }
        Ticket ticket = new Ticket(name.getBytes(StandardCharsets.UTF_8));
        return new FlightInfo(schema, FlightDescriptor.path(name), List.of(new FlightEndpoint(ticket)), rows, -1,
                true, new byte[0]);
    }

    @Override
    public Stream<FlightInfo> listFlights(CallContext context, byte[] criteria) {
        return flights.entrySet().stream().map(e -> info(e.getKey(), e.getValue()));
    }

    @Override
    public FlightInfo getFlightInfo(CallContext context, FlightDescriptor descriptor) {
        String name = name(descriptor);
        return info(name, source(name));
    }

    @Override
    public void doGet(CallContext context, Ticket ticket, DataSink sink) {
        String name = new String(ticket.bytes(), StandardCharsets.UTF_8);
        try (RecordBatchReader reader = source(name).open();
                FlightDataWriter out = sink.start(reader.schema())) {
            for (Optional<RecordBatch> b = reader.readNext(); b.isPresent() && !context.isCancelled();
                    b = reader.readNext()) {
                out.write(b.get());
            }
        }
    }
}
