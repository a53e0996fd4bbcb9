// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import dev.quiver.flight.CallContext;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.ServerMiddleware;
import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.Status;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A server call sending the middleware's response headers: with its response headers, or in its trailers
 * when it ends without having sent headers (gRPC then answers with trailers only).
 */
final class ResponseHeaders<Q, R> extends ForwardingServerCall.SimpleForwardingServerCall<Q, R> {
    private final Metadata extra;
    private final AtomicBoolean sent = new AtomicBoolean();

    ResponseHeaders(ServerCall<Q, R> call, Metadata extra) {
        super(call);
        this.extra = extra;
    }

    /**
     * The response headers the middleware adds to a call.
     *
     * @throws FlightException a middleware's, or of code INTERNAL for a header name or value gRPC cannot send
     */
    static Metadata of(List<ServerMiddleware> middleware, String method, CallContext context) {
        Map<String, String> added = new LinkedHashMap<>();
        for (ServerMiddleware m : middleware) {
            m.addResponseHeaders(method, context, added);
        }
        Metadata metadata = new Metadata();
        added.forEach((name, value) -> metadata.put(key(name), checked(name, value)));
        return metadata;
    }

    private static Metadata.Key<String> key(String name) {
        if (name == null || name.endsWith(Metadata.BINARY_HEADER_SUFFIX)) {
            throw invalid("a response header name " + name + " (null or ending -bin)");
        }
        try {
            return Metadata.Key.of(name, Metadata.ASCII_STRING_MARSHALLER);
        } catch (IllegalArgumentException e) {
            throw invalid("the response header name '" + name + "': " + e.getMessage());
        }
    }

    private static String checked(String name, String value) {
        if (value == null || !value.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
            throw invalid("the value of response header '" + name + "' (null or not printable ASCII)");
        }
        return value;
    }

    private static FlightException invalid(String what) {
        return new FlightException(FlightStatusCode.INTERNAL, "server middleware added " + what);
    }

    @Override
    public void sendHeaders(Metadata headers) {
        if (sent.compareAndSet(false, true)) {
            headers.merge(extra);
        }
        super.sendHeaders(headers);
    }

    @Override
    public void close(Status status, Metadata trailers) {
        if (sent.compareAndSet(false, true)) {
            trailers.merge(extra);
        }
        super.close(status, trailers);
    }
}
