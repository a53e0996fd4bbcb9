// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import dev.quiver.core.QuiverException;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;

/** Flight status codes to and from gRPC's (Flight.rst, "Error Handling"). */
public final class StatusMapping {
    private StatusMapping() {
    }

    /** The gRPC status a failure of the server's code ends the call with. */
    public static Status toStatus(Throwable t) {
        if (t instanceof FlightException f) {
            return Status.fromCode(toGrpc(f.code())).withDescription(f.getMessage());
        }
        if (t instanceof StatusRuntimeException s) {
            return s.getStatus();
        }
        if (t instanceof QuiverException q) {
            // Bad data in or out (IPC decoding, validation): the client's or the producer's, told as such.
            return Status.INVALID_ARGUMENT.withDescription(q.getMessage());
        }
        return Status.INTERNAL.withDescription(t.toString());
    }

    /** The FlightException a client sees for a gRPC failure. */
    public static FlightException toFlight(Throwable t) {
        if (t instanceof FlightException f) {
            return f;
        }
        Status status = t instanceof StatusRuntimeException s ? s.getStatus()
                : t instanceof StatusException s ? s.getStatus() : Status.fromThrowable(t);
        String message = status.getDescription() != null ? status.getDescription() : status.getCode().toString();
        return new FlightException(fromGrpc(status.getCode()), message, t);
    }

    static Status.Code toGrpc(FlightStatusCode code) {
        return switch (code) {
            case OK -> Status.Code.OK;
            case UNKNOWN -> Status.Code.UNKNOWN;
            case INTERNAL -> Status.Code.INTERNAL;
            case INVALID_ARGUMENT -> Status.Code.INVALID_ARGUMENT;
            case TIMED_OUT -> Status.Code.DEADLINE_EXCEEDED;
            case NOT_FOUND -> Status.Code.NOT_FOUND;
            case ALREADY_EXISTS -> Status.Code.ALREADY_EXISTS;
            case CANCELLED -> Status.Code.CANCELLED;
            case UNAUTHENTICATED -> Status.Code.UNAUTHENTICATED;
            case UNAUTHORIZED -> Status.Code.PERMISSION_DENIED;
            case UNIMPLEMENTED -> Status.Code.UNIMPLEMENTED;
            case UNAVAILABLE -> Status.Code.UNAVAILABLE;
            case RESOURCE_EXHAUSTED -> Status.Code.RESOURCE_EXHAUSTED;
        };
    }

    static FlightStatusCode fromGrpc(Status.Code code) {
        return switch (code) {
            case OK -> FlightStatusCode.OK;
            case CANCELLED -> FlightStatusCode.CANCELLED;
            case INVALID_ARGUMENT, FAILED_PRECONDITION, OUT_OF_RANGE -> FlightStatusCode.INVALID_ARGUMENT;
            case DEADLINE_EXCEEDED -> FlightStatusCode.TIMED_OUT;
            case NOT_FOUND -> FlightStatusCode.NOT_FOUND;
            case ALREADY_EXISTS -> FlightStatusCode.ALREADY_EXISTS;
            case PERMISSION_DENIED -> FlightStatusCode.UNAUTHORIZED;
            case RESOURCE_EXHAUSTED -> FlightStatusCode.RESOURCE_EXHAUSTED;
            case UNIMPLEMENTED -> FlightStatusCode.UNIMPLEMENTED;
            case INTERNAL, DATA_LOSS -> FlightStatusCode.INTERNAL;
            case UNAVAILABLE -> FlightStatusCode.UNAVAILABLE;
            case UNAUTHENTICATED -> FlightStatusCode.UNAUTHENTICATED;
            case UNKNOWN, ABORTED -> FlightStatusCode.UNKNOWN;
        };
    }
}
