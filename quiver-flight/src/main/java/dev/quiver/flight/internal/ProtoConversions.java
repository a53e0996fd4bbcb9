// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import com.google.protobuf.ByteString;
import com.google.protobuf.Timestamp;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.Action;
import dev.quiver.flight.ActionType;
import dev.quiver.flight.CancelStatus;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightEndpoint;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.Location;
import dev.quiver.flight.PollInfo;
import dev.quiver.flight.Result;
import dev.quiver.flight.Ticket;
import dev.quiver.flight.internal.proto.Flight;
import dev.quiver.ipc.IpcException;
import dev.quiver.ipc.IpcMessageDecoder;
import dev.quiver.ipc.IpcMessageEncoder;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcWriteOptions;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The public records to and from their protobuf messages. */
public final class ProtoConversions {
    private ProtoConversions() {
    }

    public static Flight.FlightDescriptor toProto(FlightDescriptor d) {
        Flight.FlightDescriptor.Builder b = Flight.FlightDescriptor.newBuilder();
        if (d.isCommand()) {
            return b.setType(Flight.FlightDescriptor.DescriptorType.CMD).setCmd(ByteString.copyFrom(d.command())).build();
        }
        return b.setType(Flight.FlightDescriptor.DescriptorType.PATH).addAllPath(d.path()).build();
    }

    public static FlightDescriptor fromProto(Flight.FlightDescriptor d) {
        return switch (d.getType()) {
            case CMD -> FlightDescriptor.command(d.getCmd().toByteArray());
            case PATH -> new FlightDescriptor(false, new byte[0], d.getPathList());
            default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT,
                    "a FlightDescriptor of unknown type " + d.getTypeValue());
        };
    }

    public static Flight.Ticket toProto(Ticket t) {
        return Flight.Ticket.newBuilder().setTicket(ByteString.copyFrom(t.bytes())).build();
    }

    public static Ticket fromProto(Flight.Ticket t) {
        return new Ticket(t.getTicket().toByteArray());
    }

    public static Flight.FlightEndpoint toProto(FlightEndpoint e) {
        Flight.FlightEndpoint.Builder b = Flight.FlightEndpoint.newBuilder().setTicket(toProto(e.ticket()))
                .setAppMetadata(ByteString.copyFrom(e.appMetadata()));
        for (Location l : e.locations()) {
            b.addLocation(Flight.Location.newBuilder().setUri(l.uri()));
        }
        if (e.expirationTime() != null) {
            b.setExpirationTime(toProto(e.expirationTime()));
        }
        return b.build();
    }

    public static FlightEndpoint fromProto(Flight.FlightEndpoint e) {
        List<Location> locations = new ArrayList<>();
        for (Flight.Location l : e.getLocationList()) {
            locations.add(new Location(l.getUri()));
        }
        return new FlightEndpoint(fromProto(e.getTicket()), locations,
                e.hasExpirationTime() ? fromProto(e.getExpirationTime()) : null, e.getAppMetadata().toByteArray());
    }

    public static Flight.FlightInfo toProto(FlightInfo i) {
        Flight.FlightInfo.Builder b = Flight.FlightInfo.newBuilder().setFlightDescriptor(toProto(i.descriptor()))
                .setTotalRecords(i.totalRecords()).setTotalBytes(i.totalBytes()).setOrdered(i.ordered())
                .setAppMetadata(ByteString.copyFrom(i.appMetadata()));
        if (i.schema() != null) {
            b.setSchema(ByteString.copyFrom(encodeSchema(i.schema())));
        }
        for (FlightEndpoint e : i.endpoints()) {
            b.addEndpoint(toProto(e));
        }
        return b.build();
    }

    public static FlightInfo fromProto(Flight.FlightInfo i) {
        List<FlightEndpoint> endpoints = new ArrayList<>();
        for (Flight.FlightEndpoint e : i.getEndpointList()) {
            endpoints.add(fromProto(e));
        }
        Schema schema = i.getSchema().isEmpty() ? null : decodeSchema(i.getSchema().toByteArray());
        return new FlightInfo(schema, fromProto(i.getFlightDescriptor()), endpoints, i.getTotalRecords(),
                i.getTotalBytes(), i.getOrdered(), i.getAppMetadata().toByteArray());
    }

    public static Flight.PollInfo toProto(PollInfo p) {
        Flight.PollInfo.Builder b = Flight.PollInfo.newBuilder();
        if (p.info() != null) {
            b.setInfo(toProto(p.info()));
        }
        if (p.flightDescriptor() != null) {
            b.setFlightDescriptor(toProto(p.flightDescriptor()));
        }
        if (p.progress() != null) {
            b.setProgress(p.progress());
        }
        if (p.expirationTime() != null) {
            b.setExpirationTime(toProto(p.expirationTime()));
        }
        return b.build();
    }

    public static PollInfo fromProto(Flight.PollInfo p) {
        return new PollInfo(p.hasInfo() ? fromProto(p.getInfo()) : null,
                p.hasFlightDescriptor() ? fromProto(p.getFlightDescriptor()) : null,
                p.hasProgress() ? p.getProgress() : null,
                p.hasExpirationTime() ? fromProto(p.getExpirationTime()) : null);
    }

    public static Flight.Action toProto(Action a) {
        return Flight.Action.newBuilder().setType(a.type()).setBody(ByteString.copyFrom(a.body())).build();
    }

    public static Action fromProto(Flight.Action a) {
        return new Action(a.getType(), a.getBody().toByteArray());
    }

    public static Flight.Result toProto(Result r) {
        return Flight.Result.newBuilder().setBody(ByteString.copyFrom(r.body())).build();
    }

    public static Result fromProto(Flight.Result r) {
        return new Result(r.getBody().toByteArray());
    }

    public static Flight.ActionType toProto(ActionType t) {
        return Flight.ActionType.newBuilder().setType(t.type()).setDescription(t.description()).build();
    }

    public static ActionType fromProto(Flight.ActionType t) {
        return new ActionType(t.getType(), t.getDescription());
    }

    public static Flight.CancelStatus toProto(CancelStatus s) {
        return switch (s) {
            case UNSPECIFIED -> Flight.CancelStatus.CANCEL_STATUS_UNSPECIFIED;
            case CANCELLED -> Flight.CancelStatus.CANCEL_STATUS_CANCELLED;
            case CANCELLING -> Flight.CancelStatus.CANCEL_STATUS_CANCELLING;
            case NOT_CANCELLABLE -> Flight.CancelStatus.CANCEL_STATUS_NOT_CANCELLABLE;
        };
    }

    public static CancelStatus fromProto(Flight.CancelStatus s) {
        return switch (s) {
            case CANCEL_STATUS_CANCELLED -> CancelStatus.CANCELLED;
            case CANCEL_STATUS_CANCELLING -> CancelStatus.CANCELLING;
            case CANCEL_STATUS_NOT_CANCELLABLE -> CancelStatus.NOT_CANCELLABLE;
            default -> CancelStatus.UNSPECIFIED;
        };
    }

    static Timestamp toProto(Instant t) {
        return Timestamp.newBuilder().setSeconds(t.getEpochSecond()).setNanos(t.getNano()).build();
    }

    static Instant fromProto(Timestamp t) {
        return Instant.ofEpochSecond(t.getSeconds(), t.getNanos());
    }

    /** A schema as an encapsulated IPC schema message (continuation, length, flatbuffer, padding). */
    public static byte[] encodeSchema(Schema schema) {
        ByteBuffer flatbuffer = new IpcMessageEncoder(schema, IpcWriteOptions.DEFAULT).encodeSchema().metadata();
        int padded = (flatbuffer.remaining() + 7) & ~7;
        ByteBuffer out = ByteBuffer.allocate(8 + padded).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(-1).putInt(padded).put(flatbuffer);
        return out.array();
    }

    /** A schema from an IPC schema message, with or without the encapsulation prefix. */
    public static Schema decodeSchema(byte[] bytes) {
        try {
            IpcMessageDecoder decoder = new IpcMessageDecoder(IpcReadOptions.DEFAULT);
            return ((IpcMessageDecoder.SchemaMessage) decoder.decode(MemorySegment.ofArray(bytes),
                    MemorySegment.ofArray(new byte[0]))).schema();
        } catch (IpcException e) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "malformed schema: " + e.getMessage(), e);
        }
    }
}
