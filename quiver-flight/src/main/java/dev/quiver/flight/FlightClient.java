// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.internal.ClientDataCalls;
import dev.quiver.flight.internal.FlightMethods;
import dev.quiver.flight.internal.ProtoConversions;
import dev.quiver.flight.internal.ServerAuthInterceptor;
import dev.quiver.flight.internal.StatusMapping;
import dev.quiver.flight.internal.Transport;
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
import io.grpc.ForwardingClientCallListener;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A Flight client on grpc-java: every RPC of Flight.proto, data received and sent as record batches,
 * optionally over TLS and with bearer-token authentication. Failures are {@link FlightException}s with
 * the server's status code and message. Thread-safe; close it to release the connection.
 */
public final class FlightClient implements AutoCloseable {
    private static final CallOptions.Key<String> AUTHORIZATION = CallOptions.Key.create("quiver-flight-authorization");

    /** How many endpoints {@link #read(FlightInfo)} fetches at once. */
    public static final int DEFAULT_PARALLELISM = 4;
    /** How many batches of an endpoint {@link #read(FlightInfo)} holds ahead of its reader. */
    private static final int BUFFERED_BATCHES = 4;

    private final Builder settings;
    private final ManagedChannel managed;
    private final Channel channel;
    private final Map<String, FlightClient> others = new HashMap<>();
    private volatile String bearerToken;
    private volatile byte[] legacyToken;
    private boolean closed;

    private FlightClient(Builder b, ManagedChannel managed) {
        this.settings = b.copy(b.location);
        this.managed = managed;
        this.bearerToken = b.bearerToken;
        this.channel = ClientInterceptors.intercept(managed, new HeaderInterceptor(List.copyOf(b.middleware)));
    }

    /**
     * The location this client connects to.
     *
     * @return the location it was built for
     */
    public Location location() {
        return settings.location;
    }

    private CallOptions options() {
        return settings.timeout == null ? CallOptions.DEFAULT
                : CallOptions.DEFAULT.withDeadlineAfter(settings.timeout.toNanos(), TimeUnit.NANOSECONDS);
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
                options().withOption(AUTHORIZATION, "Basic " + credentials));
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
     * ListFlights of every flight (empty criteria).
     *
     * @return the flights
     * @throws FlightException if the call fails
     */
    public List<FlightInfo> listFlights() {
        return listFlights(new byte[0]);
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
        return ClientDataCalls.doGet(channel, options(), ProtoConversions.toProto(ticket), settings.readOptions);
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
        return ClientDataCalls.doPut(channel, options(), ProtoConversions.toProto(descriptor), schema,
                settings.writeOptions);
    }

    /**
     * DoExchange: data both ways in one call.
     *
     * @param descriptor what the exchange is about (sent with the first data)
     * @return the exchange
     */
    public ExchangeStream doExchange(FlightDescriptor descriptor) {
        return ClientDataCalls.doExchange(channel, options(), ProtoConversions.toProto(descriptor),
                settings.writeOptions, settings.readOptions);
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
            return ClientCalls.blockingUnaryCall(channel, method, options(), request);
        } catch (RuntimeException e) {
            throw StatusMapping.toFlight(e);
        }
    }

    private <Q, R, T> List<T> streaming(MethodDescriptor<Q, R> method, Q request, Function<R, T> convert) {
        List<T> out = new ArrayList<>();
        try {
            Iterator<R> it = ClientCalls.blockingServerStreamingCall(channel, method, options(), request);
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

    /**
     * The basic-auth handshake in its protobuf form, as arrow-java's {@code authenticateBasic} and the
     * integration suite's {@code auth:basic_proto} send it: a {@code BasicAuth} message in the
     * HandshakeRequest's payload; the token comes back as the HandshakeResponse's payload and goes with every
     * later call in the {@code auth-token-bin} header.
     *
     * @param username the user name
     * @param password the password
     * @return the token's bytes
     * @throws FlightException of code {@link FlightStatusCode#UNAUTHENTICATED} if the server refuses
     */
    public byte[] authenticateBasicProto(String username, String password) {
        Flight.HandshakeRequest request = Flight.HandshakeRequest.newBuilder().setPayload(Flight.BasicAuth.newBuilder()
                .setUsername(username).setPassword(password).build().toByteString()).build();
        List<Flight.HandshakeResponse> responses = new ArrayList<>();
        try {
            ClientCalls.blockingServerStreamingCall(channel, FlightMethods.HANDSHAKE, options(), request)
                    .forEachRemaining(responses::add);
        } catch (RuntimeException e) {
            throw StatusMapping.toFlight(e);
        }
        if (responses.isEmpty() || responses.getFirst().getPayload().isEmpty()) {
            throw new FlightException(FlightStatusCode.UNAUTHENTICATED, "the server returned no token");
        }
        byte[] token = responses.getFirst().getPayload().toByteArray();
        legacyToken = token;
        return token.clone();
    }

    /**
     * Reads every endpoint of a flight, {@value #DEFAULT_PARALLELISM} at a time (see
     * {@link #read(FlightInfo, int)}).
     *
     * @param info the flight
     * @return its batches; close the reader (before the end, this cancels the calls still running)
     * @throws FlightException if the FlightInfo has neither endpoints nor a schema
     */
    public RecordBatchReader read(FlightInfo info) {
        return read(info, DEFAULT_PARALLELISM);
    }

    /**
     * Reads every endpoint of a flight with concurrent DoGet calls: at most {@code parallelism} at once,
     * with a few batches of each held ahead of the reader, so memory stays bounded. When the FlightInfo is
     * {@code ordered} the batches come in endpoint order; otherwise as they arrive. An endpoint without
     * locations, or listing this client's location or {@link Location#REUSE_CONNECTION}, is fetched through
     * this client; one elsewhere through a client to its first location, made with this client's settings
     * (TLS, credentials, middleware, timeout) and reused until this client is closed. The first failure of
     * an endpoint cancels the others and is thrown by the reader as one {@link FlightException} naming the
     * endpoint.
     *
     * @param info the flight
     * @param parallelism how many endpoints to fetch at once (at least 1)
     * @return its batches; close the reader (before the end, this cancels the calls still running)
     * @throws FlightException if the FlightInfo has neither endpoints nor a schema
     * @throws IllegalArgumentException if {@code parallelism} is less than 1
     */
    public RecordBatchReader read(FlightInfo info, int parallelism) {
        return new EndpointsReader(info, e -> clientFor(e).doGet(e.ticket()), parallelism, BUFFERED_BATCHES);
    }

    /** The client that redeems an endpoint's ticket. */
    private FlightClient clientFor(FlightEndpoint endpoint) {
        if (endpoint.locations().isEmpty()) {
            return this;
        }
        for (Location l : endpoint.locations()) {
            if (l.uri().equals(Location.REUSE_CONNECTION) || sameService(l, location())) {
                return this;
            }
        }
        Location target = endpoint.locations().getFirst();
        synchronized (others) {
            if (closed) {
                throw new FlightException(FlightStatusCode.CANCELLED, "the client is closed");
            }
            FlightClient other = others.get(target.uri());
            if (other == null) {
                Builder b = settings.copy(target);
                b.bearerToken = bearerToken;
                other = b.build();
                other.legacyToken = legacyToken;
                others.put(target.uri(), other);
            }
            return other;
        }
    }

    private static boolean sameService(Location a, Location b) {
        URI x = a.toUri();
        URI y = b.toUri();
        return Objects.equals(x.getHost(), y.getHost()) && x.getPort() == y.getPort()
                && Objects.equals(plain(x.getScheme()), plain(y.getScheme()));
    }

    private static String plain(String scheme) {
        return "grpc+tcp".equals(scheme) ? "grpc" : scheme;
    }

    /** Closes the connection, and those made for endpoints elsewhere; calls in progress are cancelled. */
    @Override
    public void close() {
        synchronized (others) {
            closed = true;
            others.values().forEach(FlightClient::close);
            others.clear();
        }
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
                    byte[] legacy = legacyToken;
                    if (legacy != null) {
                        headers.put(ServerAuthInterceptor.LEGACY_TOKEN, legacy);
                    }
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
                    super.start(middleware.isEmpty() ? listener : new ResponseListener<>(listener, method, this),
                            headers);
                }
            };
        }

        /** Hands the response headers (or the trailers of a call that sent none) to the middleware. */
        private final class ResponseListener<R>
                extends ForwardingClientCallListener.SimpleForwardingClientCallListener<R> {
            private final String method;
            private final ClientCall<?, R> call;
            private boolean received;
            private RuntimeException failure;

            ResponseListener(ClientCall.Listener<R> listener, MethodDescriptor<?, R> method, ClientCall<?, R> call) {
                super(listener);
                this.method = method.getBareMethodName();
                this.call = call;
            }

            @Override
            public void onHeaders(Metadata headers) {
                received = true;
                try {
                    notifyMiddleware(headers);
                } catch (RuntimeException e) {
                    failure = e;
                    call.cancel("client middleware failed on the response headers", e);
                    return;
                }
                super.onHeaders(headers);
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
                if (!received) {
                    received = true;
                    try {
                        notifyMiddleware(trailers);
                    } catch (RuntimeException e) {
                        failure = e;
                    }
                }
                super.onClose(failure == null ? status : StatusMapping.toStatus(failure).withCause(failure), trailers);
            }

            private void notifyMiddleware(Metadata metadata) {
                Map<String, List<String>> text = textHeaders(metadata);
                for (ClientMiddleware m : middleware) {
                    m.onHeadersReceived(method, text);
                }
            }
        }
    }

    private static Map<String, List<String>> textHeaders(Metadata metadata) {
        Map<String, List<String>> text = new LinkedHashMap<>();
        for (String name : metadata.keys()) {
            if (!name.endsWith(Metadata.BINARY_HEADER_SUFFIX)) {
                Iterable<String> values = metadata.getAll(Metadata.Key.of(name, Metadata.ASCII_STRING_MARSHALLER));
                List<String> list = new ArrayList<>();
                if (values != null) {
                    values.forEach(list::add);
                }
                text.put(name, List.copyOf(list));
            }
        }
        return Collections.unmodifiableMap(text);
    }

    /** Builds a {@link FlightClient}. */
    public static final class Builder {
        private final Location location;
        private Duration timeout;
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

        /** These settings for another location. */
        private Builder copy(Location other) {
            Builder b = new Builder(other);
            b.timeout = timeout;
            b.trustRoots = trustRoots;
            b.clientCertChain = clientCertChain;
            b.clientKey = clientKey;
            b.bearerToken = bearerToken;
            b.middleware.addAll(middleware);
            b.writeOptions = writeOptions;
            b.readOptions = readOptions;
            return b;
        }

        /**
         * A deadline for every call: a call still running this long after it started is cancelled and fails
         * with {@link FlightStatusCode#TIMED_OUT} (gRPC's {@code DEADLINE_EXCEEDED}). For DoGet, DoPut and
         * DoExchange the whole transfer must end within it. Default: none.
         *
         * @param timeout how long a call may take, or null for no deadline
         * @return this builder
         * @throws IllegalArgumentException if {@code timeout} is zero or negative
         */
        public Builder timeout(Duration timeout) {
            if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
                throw new IllegalArgumentException("the timeout must be positive, not " + timeout);
            }
            this.timeout = timeout;
            return this;
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
            ManagedChannel managed = Transport.channel(uri.getHost(), uri.getPort(), credentials).build();
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
