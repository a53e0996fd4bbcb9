// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.flight.Action;
import dev.quiver.flight.ActionType;
import dev.quiver.flight.CallContext;
import dev.quiver.flight.DataSink;
import dev.quiver.flight.FlightDataWriter;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightEndpoint;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.FlightProducer;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.FlightStream;
import dev.quiver.flight.PutResult;
import dev.quiver.flight.Result;
import dev.quiver.flight.Ticket;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.testkit.TestData;
import dev.quiver.testkit.TestData.GoldCase;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Quiver's Flight service of the gold cases, the server the foreign clients talk to: the flight of path
 * {@code [writer, case]} and ticket {@code "writer/case"} is the case's IPC file, streamed from its mapping;
 * DoPut stores what it receives under the descriptor's name and acknowledges with {@code "stored NAME"};
 * DoExchange echoes batches with their {@code app_metadata}; the actions {@code echo} and {@code whoami}.
 */
final class GoldFlights implements FlightProducer {
    /** What DoPut received. */
    record Stored(dev.quiver.core.type.Schema schema, List<RecordBatch> batches) {
    }

    private final Map<String, GoldCase> cases = new LinkedHashMap<>();
    final Map<String, Stored> stored = new ConcurrentHashMap<>();

    GoldFlights() {
        for (GoldCase c : TestData.goldCases()) {
            cases.put(c.name(), c);
        }
    }

    static FlightDescriptor descriptor(String name) {
        return FlightDescriptor.path(name.split("/"));
    }

    private GoldCase find(String name) {
        GoldCase c = cases.get(name);
        if (c == null) {
            throw new FlightException(FlightStatusCode.NOT_FOUND, "no gold case " + name);
        }
        return c;
    }

    private FlightInfo info(GoldCase c) {
        try (IpcFileReader reader = IpcFileReader.map(c.file())) {
            long rows = 0;
            for (int k = 0; k < reader.batchCount(); k++) {
                rows += reader.batch(k).rowCount();
            }
            FlightEndpoint endpoint = new FlightEndpoint(new Ticket(c.name().getBytes(StandardCharsets.UTF_8)));
            return new FlightInfo(reader.schema(), descriptor(c.name()), List.of(endpoint), rows, -1, false,
                    new byte[0]);
        }
    }

    @Override
    public Stream<FlightInfo> listFlights(CallContext context, byte[] criteria) {
        String prefix = new String(criteria, StandardCharsets.UTF_8);
        return cases.values().stream().filter(c -> c.name().startsWith(prefix)).map(this::info);
    }

    @Override
    public FlightInfo getFlightInfo(CallContext context, FlightDescriptor descriptor) {
        return info(find(String.join("/", descriptor.path())));
    }

    @Override
    public void doGet(CallContext context, Ticket ticket, DataSink sink) {
        GoldCase c = find(new String(ticket.bytes(), StandardCharsets.UTF_8));
        try (IpcFileReader reader = IpcFileReader.map(c.file());
                FlightDataWriter out = sink.start(reader.schema())) {
            for (int k = 0; k < reader.batchCount(); k++) {
                out.write(reader.batch(k));
            }
        }
    }

    @Override
    public void doPut(CallContext context, FlightStream data, Consumer<PutResult> acknowledge) {
        String name = String.join("/", data.descriptor().path());
        List<RecordBatch> batches = new ArrayList<>();
        for (RecordBatch b : data) {
            batches.add(b);
        }
        stored.put(name, new Stored(data.schema(), batches));
        acknowledge.accept(new PutResult(("stored " + name).getBytes(StandardCharsets.UTF_8)));
    }

    @Override
    public void doExchange(CallContext context, FlightStream data, DataSink sink) {
        try (FlightDataWriter out = sink.start(data.schema())) {
            for (RecordBatch b : data) {
                out.write(b, data.appMetadata());
            }
        }
    }

    @Override
    public List<ActionType> listActions(CallContext context) {
        return List.of(new ActionType("echo", "returns the action's body"));
    }

    @Override
    public Stream<Result> doAction(CallContext context, Action action) {
        return switch (action.type()) {
            case "echo" -> Stream.of(new Result(action.body()));
            case "whoami" -> Stream.of(new Result(context.peerIdentity().getBytes(StandardCharsets.UTF_8)));
            default -> throw new FlightException(FlightStatusCode.UNIMPLEMENTED, "unknown action " + action.type());
        };
    }
}
