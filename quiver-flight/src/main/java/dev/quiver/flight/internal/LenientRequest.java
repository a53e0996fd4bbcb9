// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import io.grpc.MethodDescriptor;
import java.io.InputStream;

/**
 * A request as the server receives it: the parsed message, or what made it unparsable. A marshaller that
 * throws makes gRPC fail the call beside the service and log the exception with its stack trace (about 30
 * lines per request); parsed this way, a malformed request is an INVALID_ARGUMENT answer and one log line.
 *
 * @param value the message, null if malformed
 * @param error why it could not be parsed, null if it could
 * @param <T> the message type
 */
record LenientRequest<T>(T value, String error) {
    /**
     * The message.
     *
     * @throws FlightException of code INVALID_ARGUMENT if it was malformed
     */
    T get() {
        if (error != null) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, error);
        }
        return value;
    }

    /** The method with its requests parsed leniently (the server's side of it). */
    static <Q, R> MethodDescriptor<LenientRequest<Q>, R> of(MethodDescriptor<Q, R> method) {
        MethodDescriptor.Marshaller<Q> strict = method.getRequestMarshaller();
        MethodDescriptor.Marshaller<LenientRequest<Q>> lenient = new MethodDescriptor.Marshaller<>() {
            @Override
            public InputStream stream(LenientRequest<Q> value) {
                return strict.stream(value.value());
            }

            @Override
            public LenientRequest<Q> parse(InputStream stream) {
                try {
                    return new LenientRequest<>(strict.parse(stream), null);
                } catch (RuntimeException e) {
                    Throwable cause = e.getCause() != null ? e.getCause() : e;
                    return new LenientRequest<>(null, "malformed " + method.getBareMethodName() + " request: "
                            + cause.getMessage());
                }
            }
        };
        return method.toBuilder(lenient, method.getResponseMarshaller()).build();
    }
}
