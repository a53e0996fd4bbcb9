// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.ServerAuthenticator;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.quiver.flight.internal.proto.Flight;
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
    /** The token header of arrow-java's older handshake (the token the protobuf handshake returned). */
    public static final Metadata.Key<byte[]> LEGACY_TOKEN =
            Metadata.Key.of("auth-token-bin", Metadata.BINARY_BYTE_MARSHALLER);
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
        byte[] legacy = headers.get(LEGACY_TOKEN);
        boolean handshake = call.getMethodDescriptor().getFullMethodName()
                .equals(FlightMethods.HANDSHAKE.getFullMethodName());
        try {
            if (value == null && legacy == null && handshake) {
                @SuppressWarnings("unchecked")
                ServerCall.Listener<Q> listener = (ServerCall.Listener<Q>) (ServerCall.Listener<?>)
                        new PayloadHandshake(castHandshake(call));
                return listener;
            }
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
            if (legacy != null) {
                String identity = authenticator.validateToken(new String(legacy, StandardCharsets.UTF_8));
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

    @SuppressWarnings("unchecked")
    private static ServerCall<Flight.HandshakeRequest, Flight.HandshakeResponse> castHandshake(ServerCall<?, ?> call) {
        return (ServerCall<Flight.HandshakeRequest, Flight.HandshakeResponse>) call;
    }

    /**
     * The handshake in its protobuf form (arrow-java's older {@code authenticateBasic}, the integration
     * suite's {@code auth:basic_proto}): a {@code BasicAuth} message as the request's payload, the token
     * back as the response's payload (and as a bearer token in the response headers).
     */
    private final class PayloadHandshake extends ServerCall.Listener<Flight.HandshakeRequest> {
        private final ServerCall<Flight.HandshakeRequest, Flight.HandshakeResponse> call;
        private boolean done;

        PayloadHandshake(ServerCall<Flight.HandshakeRequest, Flight.HandshakeResponse> call) {
            this.call = call;
            call.request(1);
        }

        @Override
        public void onMessage(Flight.HandshakeRequest request) {
            done = true;
            try {
                Flight.BasicAuth auth = Flight.BasicAuth.parseFrom(request.getPayload());
                if (auth.getUsername().isEmpty()) {
                    throw new FlightException(FlightStatusCode.UNAUTHENTICATED, "no credentials: the handshake "
                            + "carries neither an authorization header nor a BasicAuth payload");
                }
                String token = authenticator.authenticateBasic(auth.getUsername(), auth.getPassword());
                Metadata headers = new Metadata();
                headers.put(AUTHORIZATION, "Bearer " + token);
                call.sendHeaders(headers);
                call.sendMessage(Flight.HandshakeResponse.newBuilder()
                        .setPayload(ByteString.copyFromUtf8(token)).build());
                call.close(Status.OK, new Metadata());
            } catch (InvalidProtocolBufferException e) {
                call.close(Status.UNAUTHENTICATED.withDescription("malformed BasicAuth payload"), new Metadata());
            } catch (RuntimeException e) {
                call.close(StatusMapping.toStatus(e instanceof FlightException ? e : new FlightException(
                        FlightStatusCode.UNAUTHENTICATED, "authentication failed: " + e.getMessage())), new Metadata());
            }
        }

        @Override
        public void onHalfClose() {
            if (!done) {
                done = true;
                call.close(Status.UNAUTHENTICATED.withDescription("no credentials: an empty handshake"),
                        new Metadata());
            }
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
