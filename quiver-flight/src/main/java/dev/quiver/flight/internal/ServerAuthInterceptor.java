// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.ServerAuthenticator;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Authentication on every call: a Handshake with {@code authorization: Basic ...} gets
 * {@code authorization: Bearer <token>} back in its response headers; any call with a valid bearer token
 * goes on with the client's identity in its context; any other call is refused as UNAUTHENTICATED.
 */
public final class ServerAuthInterceptor implements ServerInterceptor {
    /** The {@code authorization} header. */
    public static final Metadata.Key<String> AUTHORIZATION =
            Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
    /** The client's identity, for the call's context. */
    public static final Context.Key<String> IDENTITY = Context.key("quiver-flight-identity");

    private final ServerAuthenticator authenticator;

    /** An interceptor checking calls with {@code authenticator}. */
    public ServerAuthInterceptor(ServerAuthenticator authenticator) {
        this.authenticator = authenticator;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
            ServerCallHandler<Q, R> next) {
        String value = headers.get(AUTHORIZATION);
        try {
            if (value != null && value.regionMatches(true, 0, "Basic ", 0, 6)
                    && call.getMethodDescriptor().equals(FlightMethods.HANDSHAKE)) {
                String token = basic(value.substring(6).trim());
                String identity = authenticator.validateToken(token);
                return Contexts.interceptCall(Context.current().withValue(IDENTITY, identity),
                        new TokenSendingCall<>(call, token), headers, next);
            }
            if (value != null && value.regionMatches(true, 0, "Bearer ", 0, 7)) {
                String identity = authenticator.validateToken(value.substring(7).trim());
                return Contexts.interceptCall(Context.current().withValue(IDENTITY, identity), call, headers, next);
            }
            throw new FlightException(FlightStatusCode.UNAUTHENTICATED, "no credentials: the call carries no "
                    + "bearer token (authenticate with the Handshake first)");
        } catch (RuntimeException e) {
            Status status = StatusMapping.toStatus(e instanceof FlightException ? e
                    : new FlightException(FlightStatusCode.UNAUTHENTICATED, "authentication failed: " + e.getMessage()));
            call.close(status, new Metadata());
            return new ServerCall.Listener<>() {
            };
        }
    }

    private String basic(String encoded) {
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new FlightException(FlightStatusCode.UNAUTHENTICATED, "malformed basic credentials");
        }
        int colon = decoded.indexOf(':');
        if (colon < 0) {
            throw new FlightException(FlightStatusCode.UNAUTHENTICATED, "malformed basic credentials");
        }
        return authenticator.authenticateBasic(decoded.substring(0, colon), decoded.substring(colon + 1));
    }

    /** Adds the bearer token to the response headers of the Handshake. */
    private static final class TokenSendingCall<Q, R>
            extends io.grpc.ForwardingServerCall.SimpleForwardingServerCall<Q, R> {
        private final String token;

        TokenSendingCall(ServerCall<Q, R> call, String token) {
            super(call);
            this.token = token;
        }

        @Override
        public void sendHeaders(Metadata headers) {
            headers.put(AUTHORIZATION, "Bearer " + token);
            super.sendHeaders(headers);
        }
    }
}
