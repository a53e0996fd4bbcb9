// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.internal.ClientDataCalls;
import dev.quiver.flight.internal.FlightMethods;
import dev.quiver.flight.internal.ProtoConversions;
import dev.quiver.flight.internal.ServerAuthInterceptor;
import dev.quiver.flight.internal.StatusMapping;
import dev.quiver.flight.internal.proto.Flight;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcWriteOptions;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ChannelCredentials;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.ForwardingClientCall;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.TlsChannelCredentials;
import io.grpc.stub.ClientCalls;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;

/**
 * A Flight client on grpc-java: every RPC of Flight.proto, data received and sent as record batches,
 * optionally over TLS and with bearer-token authentication. Failures are {@link FlightException}s with
 * the server's status code and message. Thread-safe; close it to release the connection.
 */
public final class FlightClient implements AutoCloseable {
    private static final CallOptions.Key<String> AUTHORIZATION = CallOptions.Key.create("quiver-flight-authorization");

    private final ManagedChannel managed;
    private final Channel channel;
    private final IpcWriteOptions writeOptions;
    private final IpcReadOptions readOptions;
    private volatile String bearerToken;

    private FlightClient(Builder b, ManagedChannel managed) {
        this.managed = managed;
        this.writeOptions = b.writeOptions;
        this.readOptions = b.readOptions;
        this.bearerToken = b.bearerToken;
        this.channel = ClientInterceptors.intercept(managed, new HeaderInterceptor(List.copyOf(b.middleware)));
    }

    /**
     * A builder of a client of the service at a location.
     *
     * @param location {@code grpc://host:port}, {@code grpc+tcp://host:port} or {@code grpc+tls://host:port}
     * @return the builder
     */
    public static Builder builder(Location location) {
        return new Builder(location);
    }

    /**
     * The basic-auth handshake: sends the user name and password, keeps the bearer token the server
     * returns and sends it with every later call.
     *
     * @param username the user name
     * @param password the password
     * @return the bearer token
     * @throws FlightException of code {@link FlightStatusCode#UNAUTHENTICATED} if the server refuses
     */
    public String authenticateBasic(String username, String password) {
        String credentials = Base64.getEncoder()
                .encodeToString((username + ":" + password).getBytes(StandardCharsets.UTF_8));
        ClientCall<Flight.HandshakeRequest, Flight.HandshakeResponse> call = channel.newCall(FlightMethods.HANDSHAKE,
                CallOptions.DEFAULT.withOption(AUTHORIZATION, "Basic " + credentials));
        CompletableFuture<Status> closed = new CompletableFuture<>();
        String[] token = new String[1];
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onHeaders(Metadata headers) {
                token[0] = headers.get(ServerAuthInterceptor.AUTHORIZATION);
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
                if (token[0] == null) {
                    token[0] = trailers.get(ServerAuthInterceptor.AUTHORIZATION);
                }
                closed.complete(status);
            }
        }, new Metadata());
        call.request(Integer.MAX_VALUE);
        call.sendMessage(Flight.HandshakeRequest.getDefaultInstance());
        call.halfClose();
        Status status;
        try {
            status = closed.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            call.cancel("interrupted", e);
            throw new FlightException(FlightStatusCode.CANCELLED, "interrupted during the handshake", e);
        } catch (ExecutionException e) {
            throw StatusMapping.toFlight(e.getCause());
        }
        if (!status.isOk()) {
            throw StatusMapping.toFlight(status.asRuntimeException());
        }
        if (token[0] == null || !token[0].regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw new FlightException(FlightStatusCode.UNAUTHENTICATED, "the server returned no bearer token");
        }
        bearerToken = token[0].substring(7).trim();
        return bearerToken;
    }

    /**
     * ListFlights.
     *
     * @param criteria application-defined criteria (empty: all)
     * @return the flights
     * @throws FlightException if the call fails
     */
    public List<FlightInfo> listFlights(byte[] criteria) {
        return streaming(FlightMethods.LIST_FLIGHTS,
                Flight.Criteria.newBuilder().setExpression(ByteString.copyFrom(criteria)).build(),
                ProtoConversions::fromProto);
    }

    /**
     * GetFlightInfo.
     *
     * @param descriptor the flight
     * @return its FlightInfo
     * @throws FlightException if the call fails
     */
    public FlightInfo getFlightInfo(FlightDescriptor descriptor) {
        return ProtoConversions.fromProto(unary(FlightMethods.GET_FLIGHT_INFO, ProtoConversions.toProto(descriptor)));
    }

    /**
     * PollFlightInfo.
     *
     * @param descriptor the query, or the descriptor an earlier poll returned
     * @return the progress
     * @throws FlightException if the call fails
     */
    public PollInfo pollFlightInfo(FlightDescriptor descriptor) {
        return ProtoConversions.fromProto(unary(FlightMethods.POLL_FLIGHT_INFO, ProtoConversions.toProto(descriptor)));
    }

    /**
     * GetSchema.
     *
     * @param descriptor the flight
     * @return its schema
     * @throws FlightException if the call fails or the schema is malformed
     */
    public Schema getSchema(FlightDescriptor descriptor) {
        Flight.SchemaResult result = unary(FlightMethods.GET_SCHEMA, ProtoConversions.toProto(descriptor));
        return ProtoConversions.decodeSchema(result.getSchema().toByteArray());
    }

    /**
     * DoGet: the data of a ticket, read as it arrives.
     *
     * @param ticket the ticket
     * @return the stream; close it (before its end, this cancels the call)
     */
    public FlightStream doGet(Ticket ticket) {
        return ClientDataCalls.doGet(channel, CallOptions.DEFAULT, ProtoConversions.toProto(ticket), readOptions);
    }

    /**
     * DoPut: uploads batches; the schema (with the descriptor) goes out at once.
     *
     * @param descriptor what the data is
     * @param schema the schema of the batches
     * @return the upload; close it to finish
     * @throws FlightException if the upload cannot start
     */
    public PutStream doPut(FlightDescriptor descriptor, Schema schema) {
        return ClientDataCalls.doPut(channel, CallOptions.DEFAULT, ProtoConversions.toProto(descriptor), schema,
                writeOptions);
    }

    /**
     * DoExchange: data both ways in one call.
     *
     * @param descriptor what the exchange is about (sent with the first data)
     * @return the exchange
     */
    public ExchangeStream doExchange(FlightDescriptor descriptor) {
        return ClientDataCalls.doExchange(channel, CallOptions.DEFAULT, ProtoConversions.toProto(descriptor),
                writeOptions, readOptions);
    }

    /**
     * DoAction.
     *
     * @param action the action
     * @return its results
     * @throws FlightException if the call fails
     */
    public List<Result> doAction(Action action) {
        return streaming(FlightMethods.DO_ACTION, ProtoConversions.toProto(action), ProtoConversions::fromProto);
    }

    /**
     * ListActions.
     *
     * @return the actions the service offers
     * @throws FlightException if the call fails
     */
    public List<ActionType> listActions() {
        return streaming(FlightMethods.LIST_ACTIONS, Flight.Empty.getDefaultInstance(), ProtoConversions::fromProto);
    }

    /**
     * The well-known action CancelFlightInfo.
     *
     * @param info the FlightInfo whose query to cancel
     * @return the outcome
     * @throws FlightException if the call fails or the answer is malformed
     */
    public CancelStatus cancelFlightInfo(FlightInfo info) {
        byte[] request = Flight.CancelFlightInfoRequest.newBuilder().setInfo(ProtoConversions.toProto(info)).build()
                .toByteArray();
        byte[] body = single(doAction(new Action(Action.CANCEL_FLIGHT_INFO, request)));
        try {
            return ProtoConversions.fromProto(Flight.CancelFlightInfoResult.parseFrom(body).getStatus());
        } catch (InvalidProtocolBufferException e) {
            throw new FlightException(FlightStatusCode.INTERNAL, "malformed CancelFlightInfoResult", e);
        }
    }

    /**
     * The well-known action RenewFlightEndpoint.
     *
     * @param endpoint the endpoint to renew
     * @return the renewed endpoint
     * @throws FlightException if the call fails or the answer is malformed
     */
    public FlightEndpoint renewFlightEndpoint(FlightEndpoint endpoint) {
        byte[] request = Flight.RenewFlightEndpointRequest.newBuilder()
                .setEndpoint(ProtoConversions.toProto(endpoint)).build().toByteArray();
        byte[] body = single(doAction(new Action(Action.RENEW_FLIGHT_ENDPOINT, request)));
        try {
            return ProtoConversions.fromProto(Flight.FlightEndpoint.parseFrom(body));
        } catch (InvalidProtocolBufferException e) {
            throw new FlightException(FlightStatusCode.INTERNAL, "malformed FlightEndpoint", e);
        }
    }

    private static byte[] single(List<Result> results) {
        if (results.size() != 1) {
            throw new FlightException(FlightStatusCode.INTERNAL, "expected one result, got " + results.size());
        }
        return results.getFirst().body();
    }

    private <Q, R> R unary(MethodDescriptor<Q, R> method, Q request) {
        try {
            return ClientCalls.blockingUnaryCall(channel, method, CallOptions.DEFAULT, request);
        } catch (RuntimeException e) {
            throw StatusMapping.toFlight(e);
        }
    }

    private <Q, R, T> List<T> streaming(MethodDescriptor<Q, R> method, Q request, Function<R, T> convert) {
        List<T> out = new ArrayList<>();
        try {
            Iterator<R> it = ClientCalls.blockingServerStreamingCall(channel, method, CallOptions.DEFAULT, request);
            while (it.hasNext()) {
                out.add(convert.apply(it.next()));
            }
        } catch (FlightException e) {
            throw e;
        } catch (RuntimeException e) {
            throw StatusMapping.toFlight(e);
        }
        return out;
    }

    /** Closes the connection; calls in progress are cancelled. */
    @Override
    public void close() {
        managed.shutdownNow();
    }

    /** Adds the authorization header and the middleware's headers to every call. */
    private final class HeaderInterceptor implements ClientInterceptor {
        private final List<ClientMiddleware> middleware;

        HeaderInterceptor(List<ClientMiddleware> middleware) {
            this.middleware = middleware;
        }

        @Override
        public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options,
                Channel next) {
            return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
                @Override
                public void start(Listener<R> listener, Metadata headers) {
                    String authorization = options.getOption(AUTHORIZATION);
                    String token = bearerToken;
                    if (authorization != null) {
                        headers.put(ServerAuthInterceptor.AUTHORIZATION, authorization);
                    } else if (token != null) {
                        headers.put(ServerAuthInterceptor.AUTHORIZATION, "Bearer " + token);
                    }
                    Map<String, String> extra = new LinkedHashMap<>();
                    for (ClientMiddleware m : middleware) {
                        m.onCallStarting(method.getBareMethodName(), extra);
                    }
                    extra.forEach((k, v) -> headers.put(Metadata.Key.of(k, Metadata.ASCII_STRING_MARSHALLER), v));
                    super.start(listener, headers);
                }
            };
        }
    }

    /** Builds a {@link FlightClient}. */
    public static final class Builder {
        private final Location location;
        private File trustRoots;
        private File clientCertChain;
        private File clientKey;
        private String bearerToken;
        private final List<ClientMiddleware> middleware = new ArrayList<>();
        private IpcWriteOptions writeOptions = IpcWriteOptions.DEFAULT;
        private IpcReadOptions readOptions = IpcReadOptions.DEFAULT;

        private Builder(Location location) {
            this.location = Objects.requireNonNull(location, "location");
        }

        /**
         * The roots a TLS server's certificate must chain to (default: the JDK's).
         *
         * @param roots the trusted roots (PEM)
         * @return this builder
         */
        public Builder trustRoots(File roots) {
            this.trustRoots = roots;
            return this;
        }

        /**
         * A client certificate for mutual TLS.
         *
         * @param certChain the client's certificate chain (PEM)
         * @param privateKey the client's private key (PEM, PKCS#8)
         * @return this builder
         */
        public Builder clientCertificate(File certChain, File privateKey) {
            this.clientCertChain = certChain;
            this.clientKey = privateKey;
            return this;
        }

        /**
         * A bearer token sent with every call (instead of {@link FlightClient#authenticateBasic}).
         *
         * @param token the token
         * @return this builder
         */
        public Builder bearerToken(String token) {
            this.bearerToken = token;
            return this;
        }

        /**
         * Adds a hook run before every call.
         *
         * @param hook the hook
         * @return this builder
         */
        public Builder middleware(ClientMiddleware hook) {
            middleware.add(Objects.requireNonNull(hook, "hook"));
            return this;
        }

        /**
         * How batches are written (compression, for one).
         *
         * @param options the IPC write options
         * @return this builder
         */
        public Builder writeOptions(IpcWriteOptions options) {
            this.writeOptions = Objects.requireNonNull(options, "options");
            return this;
        }

        /**
         * How received batches are read (validation, limits).
         *
         * @param options the IPC read options
         * @return this builder
         */
        public Builder readOptions(IpcReadOptions options) {
            this.readOptions = Objects.requireNonNull(options, "options");
            return this;
        }

        /**
         * Builds the client; the connection is made at the first call.
         *
         * @return the client
         * @throws FlightException of code {@link FlightStatusCode#INVALID_ARGUMENT} for a location of another
         *     scheme or TLS files that cannot be read
         */
        public FlightClient build() {
            URI uri = location.toUri();
            ChannelCredentials credentials;
            try {
                credentials = switch (uri.getScheme() == null ? "" : uri.getScheme()) {
                    case "grpc", "grpc+tcp" -> InsecureChannelCredentials.create();
                    case "grpc+tls" -> tlsCredentials();
                    default -> throw new FlightException(FlightStatusCode.INVALID_ARGUMENT,
                            "unsupported location " + location.uri() + " (grpc://, grpc+tcp:// or grpc+tls://)");
                };
            } catch (IOException e) {
                throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "cannot read the TLS files: "
                        + e.getMessage(), e);
            }
            if (uri.getHost() == null || uri.getPort() < 0) {
                throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "location " + location.uri()
                        + " names no host and port");
            }
            ManagedChannel managed = Grpc.newChannelBuilderForAddress(uri.getHost(), uri.getPort(), credentials)
                    .maxInboundMessageSize(Integer.MAX_VALUE).build();
            return new FlightClient(this, managed);
        }

        private ChannelCredentials tlsCredentials() throws IOException {
            TlsChannelCredentials.Builder b = TlsChannelCredentials.newBuilder();
            if (trustRoots != null) {
                b.trustManager(trustRoots);
            }
            if (clientCertChain != null) {
                b.keyManager(clientCertChain, clientKey);
            }
            return b.build();
        }
    }
}
