// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import dev.quiver.flight.ServerLimits;
import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The server's first look at every call (the outermost interceptor): counts calls and uploads (DoPut,
 * DoExchange) in progress, in total and per client address, refusing one over a {@link ServerLimits}
 * limit as RESOURCE_EXHAUSTED; ends a call that outlasts the call timeout as DEADLINE_EXCEEDED (closing it
 * and telling the service, whose producer sees the call cancelled); and logs a call that ends in an error
 * of the client's making as one line ({@link CallLog}).
 */
public final class CallGuard implements ServerInterceptor {
    /** Calls and uploads in progress of one client, or of all. */
    private static final class Counts {
        final AtomicInteger calls = new AtomicInteger();
        final AtomicInteger uploads = new AtomicInteger();
    }

    private final ServerLimits limits;
    private final ScheduledExecutorService timer;
    private final Counts total = new Counts();
    private final Map<String, Counts> clients = new ConcurrentHashMap<>();

    /** A guard holding calls to {@code limits}, timing them on {@code timer}. */
    public CallGuard(ServerLimits limits, ScheduledExecutorService timer) {
        this.limits = limits;
        this.timer = timer;
    }

    /** The client a call comes from: its IP address (any port), or "local" without one (in-process). */
    static String client(ServerCall<?, ?> call) {
        SocketAddress address = call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR);
        if (address instanceof InetSocketAddress inet && inet.getAddress() != null) {
            return inet.getAddress().getHostAddress();
        }
        return "local";
    }

    private static boolean isUpload(ServerCall<?, ?> call) {
        String method = call.getMethodDescriptor().getFullMethodName();
        return method.equals(FlightMethods.DO_PUT.getFullMethodName())
                || method.equals(FlightMethods.DO_EXCHANGE.getFullMethodName());
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
            ServerCallHandler<Q, R> next) {
        String client = client(call);
        String method = call.getMethodDescriptor().getBareMethodName();
        boolean upload = isUpload(call);
        String refusal = acquire(client, upload);
        if (refusal != null) {
            Status status = Status.RESOURCE_EXHAUSTED.withDescription(refusal);
            CallLog.ended(method, client, status);
            call.close(status, new Metadata());
            return new ServerCall.Listener<>() {
            };
        }
        Guarded<Q, R> guarded = new Guarded<>(call, method, client, upload);
        ServerCall.Listener<Q> listener;
        try {
            listener = next.startCall(guarded, headers);
        } catch (RuntimeException | Error e) {
            guarded.release();
            throw e;
        }
        return guarded.listen(listener);
    }

    /** Counts a call in, or says which limit it is over (counting nothing). */
    private String acquire(String client, boolean upload) {
        Counts mine = clients.compute(client, (k, c) -> {
            Counts counts = c == null ? new Counts() : c;
            counts.calls.incrementAndGet();
            if (upload) {
                counts.uploads.incrementAndGet();
            }
            return counts;
        });
        int totalCalls = total.calls.incrementAndGet();
        int totalUploads = upload ? total.uploads.incrementAndGet() : total.uploads.get();
        String refusal = null;
        if (mine.calls.get() > limits.maxCallsPerClient()) {
            refusal = "too many calls at once from " + client + " (at most " + limits.maxCallsPerClient() + ")";
        } else if (upload && mine.uploads.get() > limits.maxUploadsPerClient()) {
            refusal = "too many uploads at once from " + client + " (at most " + limits.maxUploadsPerClient() + ")";
        } else if (totalCalls > limits.maxCalls()) {
            refusal = "the server is at its limit of " + limits.maxCalls() + " calls at once";
        } else if (upload && totalUploads > limits.maxUploads()) {
            refusal = "the server is at its limit of " + limits.maxUploads() + " uploads at once";
        }
        if (refusal != null) {
            release(client, upload);
        }
        return refusal;
    }

    private void release(String client, boolean upload) {
        total.calls.decrementAndGet();
        if (upload) {
            total.uploads.decrementAndGet();
        }
        clients.computeIfPresent(client, (k, c) -> {
            c.calls.decrementAndGet();
            if (upload) {
                c.uploads.decrementAndGet();
            }
            return c.calls.get() == 0 ? null : c;
        });
    }

    /** How many calls are in progress (for tests and the load benchmark). */
    public int callsInProgress() {
        return total.calls.get();
    }

    /**
     * A call under the guard: its methods serialized (the timer closes it from another thread), a second
     * close ignored, and its counts released once when it ends.
     */
    private final class Guarded<Q, R> extends ForwardingServerCall.SimpleForwardingServerCall<Q, R> {
        private final String method;
        private final String client;
        private final boolean upload;
        private final AtomicBoolean released = new AtomicBoolean();
        private ScheduledFuture<?> deadline;
        private Status closedWith;

        Guarded(ServerCall<Q, R> call, String method, String client, boolean upload) {
            super(call);
            this.method = method;
            this.client = client;
            this.upload = upload;
        }

        ServerCall.Listener<Q> listen(ServerCall.Listener<Q> listener) {
            ServerCall.Listener<Q> wrapped = new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(
                    listener) {
                @Override
                public void onComplete() {
                    release();
                    super.onComplete();
                }

                @Override
                public void onCancel() {
                    release();
                    super.onCancel();
                }
            };
            Duration timeout = limits.callTimeout();
            deadline = timer.schedule(() -> {
                if (expire(timeout)) {
                    listener.onCancel();
                }
            }, timeout.toNanos(), TimeUnit.NANOSECONDS);
            return wrapped;
        }

        private synchronized boolean expire(Duration timeout) {
            if (closedWith != null) {
                return false;
            }
            close(Status.DEADLINE_EXCEEDED.withDescription("the call lasted longer than " + timeout
                    + " (the server's call timeout)"), new Metadata());
            return true;
        }

        void release() {
            if (released.compareAndSet(false, true)) {
                if (deadline != null) {
                    deadline.cancel(false);
                }
                CallGuard.this.release(client, upload);
            }
        }

        @Override
        public synchronized void close(Status status, Metadata trailers) {
            if (closedWith != null) {
                return;
            }
            closedWith = status;
            CallLog.ended(method, client, status);
            super.close(status, trailers);
        }

        @Override
        public synchronized void sendMessage(R message) {
            if (closedWith != null) {
                throw closedWith.asRuntimeException();
            }
            super.sendMessage(message);
        }

        @Override
        public synchronized void sendHeaders(Metadata headers) {
            if (closedWith == null) {
                super.sendHeaders(headers);
            }
        }

        @Override
        public synchronized void request(int numMessages) {
            if (closedWith == null) {
                super.request(numMessages);
            }
        }

        @Override
        public synchronized boolean isReady() {
            return closedWith == null && super.isReady();
        }
    }
}
