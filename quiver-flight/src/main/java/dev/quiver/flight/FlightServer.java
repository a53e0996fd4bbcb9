// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import dev.quiver.core.batch.Table;
import dev.quiver.flight.internal.CallGuard;
import dev.quiver.flight.internal.CallLog;
import dev.quiver.flight.internal.FlightService;
import dev.quiver.flight.internal.ServerAuthInterceptor;
import dev.quiver.flight.internal.Transport;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcWriteOptions;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.ServerCredentials;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.TlsServerCredentials;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A Flight service on grpc-java: every RPC of Flight.proto answered by a {@link FlightProducer}, data
 * carried as Quiver's IPC messages, optionally with TLS and bearer-token authentication.
 *
 * <pre>{@code
 * try (FlightServer server = FlightServer.builder(producer).port(0).build().start()) {
 *     Location location = server.location();
 *     ...
 * }
 * }</pre>
 */
public final class FlightServer implements AutoCloseable {
    private final Server server;
    private final ExecutorService workers;
    private final ScheduledExecutorService timer;
    private final CallGuard guard;
    private final String host;
    private final boolean tls;

    private FlightServer(Server server, ExecutorService workers, ScheduledExecutorService timer, CallGuard guard,
            String host, boolean tls) {
        this.server = server;
        this.workers = workers;
        this.timer = timer;
        this.guard = guard;
        this.host = host;
        this.tls = tls;
    }

    /**
     * A builder of a server for a producer.
     *
     * @param producer what the service does
     * @return the builder
     */
    public static Builder builder(FlightProducer producer) {
        return new Builder(producer);
    }

    /**
     * Serves tables: a started server of a {@link TableProducer} on the loopback address, at any free port
     * ({@link #location()}), with the default limits.
     *
     * @param tables the tables by flight name
     * @return the server, listening
     * @throws FlightException of code {@link FlightStatusCode#UNAVAILABLE} if it cannot listen
     */
    public static FlightServer serve(Map<String, Table> tables) {
        return builder(TableProducer.of(tables)).build().start();
    }

    /**
     * Starts listening.
     *
     * @return this server
     * @throws FlightException of code {@link FlightStatusCode#UNAVAILABLE} if the port cannot be bound
     */
    public FlightServer start() {
        try {
            server.start();
        } catch (IOException e) {
            workers.shutdownNow();
            timer.shutdownNow();
            throw new FlightException(FlightStatusCode.UNAVAILABLE, "cannot start the server: " + e.getMessage(), e);
        }
        return this;
    }

    /**
     * The port the server listens on (the one chosen when built with port 0).
     *
     * @return the port
     */
    public int port() {
        return server.getPort();
    }

    /**
     * Where clients of this machine reach this server: on the loopback interface, or at the address it
     * was bound to when that is not a wildcard (every interface).
     *
     * @return {@code grpc://host:port}, or {@code grpc+tls://} with TLS
     */
    public Location location() {
        String h = host == null || isWildcard(host) ? "localhost" : host.contains(":") ? "[" + host + "]" : host;
        return tls ? Location.forGrpcTls(h, port()) : Location.forGrpcInsecure(h, port());
    }

    private static boolean isWildcard(String host) {
        return host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]") || host.equals("*");
    }

    /**
     * How many calls are in progress now (counted against {@link ServerLimits#maxCalls()}).
     *
     * @return the calls in progress
     */
    public int callsInProgress() {
        return guard.callsInProgress();
    }

    /** Stops the server: calls in progress are cancelled; waits a few seconds for them to end. */
    @Override
    public void close() {
        server.shutdownNow();
        workers.shutdownNow();
        timer.shutdownNow();
        try {
            server.awaitTermination(5, TimeUnit.SECONDS);
            workers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Builds a {@link FlightServer}. */
    public static final class Builder {
        private final FlightProducer producer;
        private String host;
        private int port;
        private File certChain;
        private File privateKey;
        private File clientRoots;
        private ServerAuthenticator authenticator;
        private final List<ServerMiddleware> middleware = new ArrayList<>();
        private IpcWriteOptions writeOptions = IpcWriteOptions.DEFAULT;
        private IpcReadOptions readOptions = IpcReadOptions.DEFAULT;
        private ServerLimits limits = ServerLimits.DEFAULT;

        private Builder(FlightProducer producer) {
            this.producer = Objects.requireNonNull(producer, "producer");
        }

        /**
         * The address to listen on: a host name or IP address of this machine, {@code 0.0.0.0} or
         * {@code ::} for every interface (default: the loopback address, reachable from this machine only).
         *
         * @param host the host name or address
         * @return this builder
         */
        public Builder host(String host) {
            this.host = Objects.requireNonNull(host, "host");
            return this;
        }

        /**
         * The port to listen on (0, the default: any free port).
         *
         * @param port the port
         * @return this builder
         */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /**
         * Serves over TLS.
         *
         * @param certChain the server's certificate chain (PEM)
         * @param privateKey the server's private key (PEM, PKCS#8)
         * @return this builder
         */
        public Builder useTls(File certChain, File privateKey) {
            this.certChain = certChain;
            this.privateKey = privateKey;
            return this;
        }

        /**
         * Requires clients to present a certificate signed by one of these roots (mutual TLS).
         *
         * @param roots the trusted roots (PEM)
         * @return this builder
         */
        public Builder requireClientCertificates(File roots) {
            this.clientRoots = roots;
            return this;
        }

        /**
         * Authenticates every call (basic-auth handshake, then bearer tokens).
         *
         * @param authenticator checks credentials and tokens
         * @return this builder
         */
        public Builder authenticator(ServerAuthenticator authenticator) {
            this.authenticator = authenticator;
            return this;
        }

        /**
         * Adds a hook run at the start of every call (after authentication).
         *
         * @param hook the hook
         * @return this builder
         */
        public Builder middleware(ServerMiddleware hook) {
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
         * The limits clients are held to (default: {@link ServerLimits#DEFAULT}).
         *
         * @param limits the limits
         * @return this builder
         */
        public Builder limits(ServerLimits limits) {
            this.limits = Objects.requireNonNull(limits, "limits");
            return this;
        }

        /**
         * Builds the server (not started).
         *
         * @return the server
         * @throws FlightException of code {@link FlightStatusCode#INVALID_ARGUMENT} if the TLS files cannot be read
         */
        public FlightServer build() {
            ServerCredentials credentials;
            try {
                credentials = certChain == null ? InsecureServerCredentials.create() : tlsCredentials();
            } catch (IOException e) {
                throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "cannot read the TLS files: "
                        + e.getMessage(), e);
            }
            InetSocketAddress address = host == null ? new InetSocketAddress(InetAddress.getLoopbackAddress(), port)
                    : isWildcard(host) ? new InetSocketAddress(port) : new InetSocketAddress(host, port);
            if (address.isUnresolved()) {
                throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "unknown host " + host);
            }
            ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor();
            ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
                Thread t = new Thread(r, "quiver-flight-timer");
                t.setDaemon(true);
                return t;
            });
            // Each call's timeout is cancelled when the call ends: dropped at once, not kept (with the call it
            // refers to) until the time it was set for.
            timer.setRemoveOnCancelPolicy(true);
            FlightService service = new FlightService(producer, workers, writeOptions, readOptions, limits);
            CallGuard guard = new CallGuard(limits, timer);
            CallLog.install();
            // The last interceptor sees a call first: the guard counts and times every call, then
            // authentication, then the middleware.
            List<ServerInterceptor> interceptors = new ArrayList<>();
            interceptors.add(FlightService.setup(List.copyOf(middleware)));
            if (authenticator != null) {
                interceptors.add(new ServerAuthInterceptor(authenticator));
            }
            interceptors.add(guard);
            Server server = Transport.server(address, credentials, limits.maxMessageBytes())
                    .addService(ServerInterceptors.intercept(service.definition(), interceptors))
                    .build();
            return new FlightServer(server, workers, timer, guard, host, certChain != null);
        }

        private ServerCredentials tlsCredentials() throws IOException {
            TlsServerCredentials.Builder b = TlsServerCredentials.newBuilder().keyManager(certChain, privateKey);
            if (clientRoots != null) {
                b.trustManager(clientRoots).clientAuth(TlsServerCredentials.ClientAuth.REQUIRE);
            }
            return b.build();
        }
    }
}
