// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.Action;
import dev.quiver.flight.CallContext;
import dev.quiver.flight.DataSink;
import dev.quiver.flight.FlightDataWriter;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightProducer;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.PutResult;
import dev.quiver.flight.ServerLimits;
import dev.quiver.flight.ServerMiddleware;
import dev.quiver.flight.internal.proto.Flight;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcWriteOptions;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;

/** Flight.proto's FlightService over a {@link FlightProducer}. */
public final class FlightService {
    private static final Context.Key<Metadata> HEADERS = Context.key("quiver-flight-headers");

    private final FlightProducer producer;
    private final ExecutorService workers;
    private final IpcWriteOptions writeOptions;
    private final IpcReadOptions readOptions;
    private final ServerLimits limits;

    /** A service whose data calls run on {@code workers}. */
    public FlightService(FlightProducer producer, ExecutorService workers, IpcWriteOptions writeOptions,
            IpcReadOptions readOptions, ServerLimits limits) {
        this.producer = producer;
        this.workers = workers;
        this.writeOptions = writeOptions;
        this.readOptions = readOptions;
        this.limits = limits;
    }

    /**
     * Puts the headers into the call's context, runs the middleware (after authentication) and has the call
     * send the middleware's response headers.
     */
    public static ServerInterceptor setup(List<ServerMiddleware> middleware) {
        return new ServerInterceptor() {
            @Override
            public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                    ServerCallHandler<Q, R> next) {
                Context context = Context.current().withValue(HEADERS, headers);
                String method = call.getMethodDescriptor().getBareMethodName();
                CallContext c = new ServerContext(headers, identity(), () -> false);
                RuntimeException refusal = null;
                try {
                    for (ServerMiddleware m : middleware) {
                        m.onCallStarted(method, c);
                    }
                } catch (RuntimeException e) {
                    refusal = e;
                }
                Metadata response = new Metadata();
                try {
                    response = ResponseHeaders.of(middleware, method, c);
                } catch (RuntimeException e) {
                    refusal = refusal == null ? e : refusal;
                }
                if (refusal != null) {
                    call.close(StatusMapping.toStatus(refusal), response);
                    return new ServerCall.Listener<>() {
                    };
                }
                ServerCall<Q, R> sending = response.keys().isEmpty() ? call : new ResponseHeaders<>(call, response);
                return Contexts.interceptCall(context, sending, headers, next);
            }
        };
    }

    private static String identity() {
        String id = ServerAuthInterceptor.IDENTITY.get();
        return id == null ? "" : id;
    }

    private static CallContext context() {
        Context grpc = Context.current();
        Metadata headers = HEADERS.get();
        return new ServerContext(headers == null ? new Metadata() : headers, identity(), grpc::isCancelled);
    }

    /** The service definition. */
    public ServerServiceDefinition definition() {
        return ServerServiceDefinition.builder(FlightMethods.SERVICE)
                .addMethod(FlightMethods.HANDSHAKE, ServerCalls.asyncBidiStreamingCall(this::handshake))
                .addMethod(LenientRequest.of(FlightMethods.LIST_FLIGHTS), ServerCalls.asyncServerStreamingCall(
                        (req, out) -> stream(out, () -> producer.listFlights(context(),
                                req.get().getExpression().toByteArray()).map(ProtoConversions::toProto))))
                .addMethod(LenientRequest.of(FlightMethods.GET_FLIGHT_INFO), ServerCalls.asyncUnaryCall((req, out) ->
                        unary(out, () -> ProtoConversions.toProto(
                                producer.getFlightInfo(context(), ProtoConversions.fromProto(req.get()))))))
                .addMethod(LenientRequest.of(FlightMethods.POLL_FLIGHT_INFO), ServerCalls.asyncUnaryCall((req, out) ->
                        unary(out, () -> ProtoConversions.toProto(
                                producer.pollFlightInfo(context(), ProtoConversions.fromProto(req.get()))))))
                .addMethod(LenientRequest.of(FlightMethods.GET_SCHEMA), ServerCalls.asyncUnaryCall((req, out) ->
                        unary(out, () -> schemaResult(producer.getSchema(context(),
                                ProtoConversions.fromProto(req.get()))))))
                .addMethod(LenientRequest.of(FlightMethods.DO_ACTION), ServerCalls.asyncServerStreamingCall(
                        (req, out) -> stream(out, () -> doAction(ProtoConversions.fromProto(req.get())))))
                .addMethod(LenientRequest.of(FlightMethods.LIST_ACTIONS), ServerCalls.asyncServerStreamingCall(
                        (req, out) -> stream(out, () -> {
                            req.get();
                            return producer.listActions(context()).stream().map(ProtoConversions::toProto);
                        })))
                .addMethod(LenientRequest.of(FlightMethods.DO_GET), this::doGet)
                .addMethod(FlightMethods.DO_PUT, this::doPut)
                .addMethod(FlightMethods.DO_EXCHANGE, this::doExchange)
                .build();
    }

    private static Flight.SchemaResult schemaResult(Schema schema) {
        return Flight.SchemaResult.newBuilder().setSchema(ByteString.copyFrom(ProtoConversions.encodeSchema(schema)))
                .build();
    }

    /** The handshake's authentication happens in the headers (ServerAuthInterceptor): one empty answer. */
    private StreamObserver<Flight.HandshakeRequest> handshake(StreamObserver<Flight.HandshakeResponse> out) {
        return new StreamObserver<>() {
            @Override
            public void onNext(Flight.HandshakeRequest value) {
            }

            @Override
            public void onError(Throwable t) {
            }

            @Override
            public void onCompleted() {
                out.onNext(Flight.HandshakeResponse.getDefaultInstance());
                out.onCompleted();
            }
        };
    }

    private Stream<Flight.Result> doAction(Action action) {
        CallContext context = context();
        try {
            return switch (action.type()) {
                case Action.CANCEL_FLIGHT_INFO -> {
                    Flight.CancelFlightInfoRequest req = Flight.CancelFlightInfoRequest.parseFrom(action.body());
                    Flight.CancelFlightInfoResult result = Flight.CancelFlightInfoResult.newBuilder()
                            .setStatus(ProtoConversions.toProto(producer.cancelFlightInfo(context,
                                    ProtoConversions.fromProto(req.getInfo())))).build();
                    yield Stream.of(Flight.Result.newBuilder().setBody(result.toByteString()).build());
                }
                case Action.RENEW_FLIGHT_ENDPOINT -> {
                    Flight.RenewFlightEndpointRequest req = Flight.RenewFlightEndpointRequest.parseFrom(action.body());
                    Flight.FlightEndpoint renewed = ProtoConversions.toProto(producer.renewFlightEndpoint(context,
                            ProtoConversions.fromProto(req.getEndpoint())));
                    yield Stream.of(Flight.Result.newBuilder().setBody(renewed.toByteString()).build());
                }
                default -> producer.doAction(context, action).map(ProtoConversions::toProto);
            };
        } catch (InvalidProtocolBufferException e) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "malformed " + action.type() + " request: "
                    + e.getMessage(), e);
        }
    }

    private static <T> void unary(StreamObserver<T> out, Supplier<T> body) {
        T value;
        try {
            value = body.get();
        } catch (RuntimeException e) {
            out.onError(StatusMapping.toStatus(e).asRuntimeException());
            return;
        }
        out.onNext(value);
        out.onCompleted();
    }

    private static <T> void stream(StreamObserver<T> out, Supplier<Stream<T>> body) {
        try (Stream<T> values = body.get()) {
            Iterator<T> it = values.iterator();
            while (it.hasNext()) {
                out.onNext(it.next());
            }
        } catch (RuntimeException e) {
            out.onError(StatusMapping.toStatus(e).asRuntimeException());
            return;
        }
        out.onCompleted();
    }

    /** The sending side of a server call. */
    private final class ServerOutbound<R> extends Outbound<R> {
        private final ServerCall<?, R> call;
        private final AtomicBoolean closed = new AtomicBoolean();
        private boolean headersSent;

        ServerOutbound(ServerCall<?, R> call) {
            this.call = call;
        }

        /**
         * Sends the response headers, if not yet sent. The calls streaming data in send theirs only with
         * their first answer: until then gRPC can end the call with a status the client reads (a message
         * over the size limit is refused as RESOURCE_EXHAUSTED, where after the headers gRPC could only
         * reset the stream, which the client sees as CANCELLED).
         */
        void sendHeaders() {
            synchronized (call) {
                if (!headersSent) {
                    headersSent = true;
                    call.sendHeaders(new Metadata());
                }
            }
        }

        @Override
        protected long idleNanos() {
            return limits.idleTimeout().toNanos();
        }

        @Override
        protected boolean isReady() {
            return call.isReady();
        }

        @Override
        protected void doSend(R message) {
            synchronized (call) {
                sendHeaders();
                call.sendMessage(message);
            }
        }

        @Override
        protected void doComplete() {
            close(Status.OK);
        }

        void close(Status status) {
            if (closed.compareAndSet(false, true)) {
                synchronized (call) {
                    call.close(status, new Metadata());
                }
            }
        }

        /** Runs the producer, then ends the call: normally, or with the failure's status. */
        void run(Runnable body) {
            try {
                body.run();
                if (!isEnded()) {
                    complete();
                }
            } catch (RuntimeException | Error e) {
                if (!isEnded()) {
                    close(StatusMapping.toStatus(e));
                }
            }
        }
    }

    /** A DataSink over a server call: the first start() sends the schema. */
    private final class Sink implements DataSink {
        private final ServerOutbound<FlightDataMessage> out;
        private boolean started;

        Sink(ServerOutbound<FlightDataMessage> out) {
            this.out = out;
        }

        @Override
        public FlightDataWriter start(Schema schema) {
            if (started) {
                throw new FlightException(FlightStatusCode.INTERNAL, "the data stream was started already");
            }
            started = true;
            return new DataWriter(out, schema, writeOptions, null, () -> {
            });
        }

        @Override
        public boolean isCancelled() {
            return out.isEnded();
        }
    }

    private ServerCall.Listener<LenientRequest<Flight.Ticket>> doGet(
            ServerCall<LenientRequest<Flight.Ticket>, FlightDataMessage> call, Metadata headers) {
        ServerOutbound<FlightDataMessage> out = new ServerOutbound<>(call);
        CallContext context = new ServerContext(headers, identity(), out::isEnded);
        out.sendHeaders();
        call.request(1);
        return new ServerCall.Listener<>() {
            private LenientRequest<Flight.Ticket> ticket;

            @Override
            public void onMessage(LenientRequest<Flight.Ticket> message) {
                ticket = message;
            }

            @Override
            public void onHalfClose() {
                if (ticket == null || ticket.error() != null) {
                    out.close(Status.INVALID_ARGUMENT.withDescription(ticket == null ? "DoGet without a ticket"
                            : ticket.error()));
                    return;
                }
                Flight.Ticket t = ticket.value();
                workers.execute(() -> out.run(() ->
                        producer.doGet(context, ProtoConversions.fromProto(t), new Sink(out))));
            }

            @Override
            public void onReady() {
                out.signalReady();
            }

            @Override
            public void onCancel() {
                out.end(Status.CANCELLED.withDescription("the client cancelled the call").asRuntimeException());
            }
        };
    }

    /** The listener of a call whose client streams FlightData: messages go to a DataReader. */
    private static <R> ServerCall.Listener<FlightDataMessage> inbound(DataReader in, Outbound<R> out) {
        return new ServerCall.Listener<>() {
            @Override
            public void onMessage(FlightDataMessage message) {
                in.offer(message);
            }

            @Override
            public void onHalfClose() {
                in.end(null);
            }

            @Override
            public void onReady() {
                out.signalReady();
            }

            @Override
            public void onCancel() {
                RuntimeException cancelled = Status.CANCELLED.withDescription("the client cancelled the call")
                        .asRuntimeException();
                in.end(cancelled);
                out.end(cancelled);
            }
        };
    }

    private <R> DataReader reader(ServerCall<FlightDataMessage, R> call) {
        return new DataReader(readOptions, n -> {
            synchronized (call) {
                call.request(n);
            }
        }, () -> {
        }, limits.idleTimeout());
    }

    private ServerCall.Listener<FlightDataMessage> doPut(ServerCall<FlightDataMessage, Flight.PutResult> call,
            Metadata headers) {
        ServerOutbound<Flight.PutResult> out = new ServerOutbound<>(call);
        CallContext context = new ServerContext(headers, identity(), out::isEnded);
        DataReader in = reader(call);
        call.request(DataReader.WINDOW);
        Consumer<PutResult> acknowledge = r -> out.send(
                Flight.PutResult.newBuilder().setAppMetadata(ByteString.copyFrom(r.appMetadata())).build());
        workers.execute(() -> out.run(() -> producer.doPut(context, in, acknowledge)));
        return inbound(in, out);
    }

    private ServerCall.Listener<FlightDataMessage> doExchange(ServerCall<FlightDataMessage, FlightDataMessage> call,
            Metadata headers) {
        ServerOutbound<FlightDataMessage> out = new ServerOutbound<>(call);
        CallContext context = new ServerContext(headers, identity(), out::isEnded);
        DataReader in = reader(call);
        call.request(DataReader.WINDOW);
        workers.execute(() -> out.run(() -> producer.doExchange(context, in, new Sink(out))));
        return inbound(in, out);
    }
}
