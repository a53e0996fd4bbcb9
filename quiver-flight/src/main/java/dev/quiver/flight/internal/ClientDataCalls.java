// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.ExchangeStream;
import dev.quiver.flight.FlightDataWriter;
import dev.quiver.flight.FlightStream;
import dev.quiver.flight.PutResult;
import dev.quiver.flight.PutStream;
import dev.quiver.flight.internal.proto.Flight;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcWriteOptions;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.Metadata;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** The client's data calls (DoGet, DoPut, DoExchange) on raw gRPC calls, with flow control both ways. */
public final class ClientDataCalls {
    private ClientDataCalls() {
    }

    /** The sending side of a client call. */
    private static final class ClientOutbound<Q> extends Outbound<Q> {
        private final ClientCall<Q, ?> call;

        ClientOutbound(ClientCall<Q, ?> call) {
            this.call = call;
        }

        @Override
        protected boolean isReady() {
            return call.isReady();
        }

        @Override
        protected void doSend(Q message) {
            synchronized (call) {
                call.sendMessage(message);
            }
        }

        @Override
        protected void doComplete() {
            synchronized (call) {
                call.halfClose();
            }
        }
    }

    private static DataReader reader(ClientCall<?, ?> call, IpcReadOptions options) {
        return new DataReader(options, n -> {
            synchronized (call) {
                call.request(n);
            }
        }, () -> {
            synchronized (call) {
                call.cancel("the client closed the stream before its end", null);
            }
        }, null);
    }

    private static Throwable failure(Status status) {
        return status.isOk() ? null : status.asRuntimeException();
    }

    /** DoGet: the ticket goes out, the data comes back. */
    public static FlightStream doGet(Channel channel, CallOptions options, Flight.Ticket ticket,
            IpcReadOptions readOptions) {
        ClientCall<Flight.Ticket, FlightDataMessage> call = channel.newCall(FlightMethods.DO_GET, options);
        DataReader in = reader(call, readOptions);
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onMessage(FlightDataMessage message) {
                in.offer(message);
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
                in.end(failure(status));
            }
        }, new Metadata());
        synchronized (call) {
            call.request(DataReader.WINDOW);
            call.sendMessage(ticket);
            call.halfClose();
        }
        return in;
    }

    /** DoPut: the data goes out, PutResults come back. */
    public static PutStream doPut(Channel channel, CallOptions options, Flight.FlightDescriptor descriptor,
            Schema schema, IpcWriteOptions writeOptions) {
        ClientCall<FlightDataMessage, Flight.PutResult> call = channel.newCall(FlightMethods.DO_PUT, options);
        ClientOutbound<FlightDataMessage> out = new ClientOutbound<>(call);
        List<PutResult> results = java.util.Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<Status> closed = new CompletableFuture<>();
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onMessage(Flight.PutResult message) {
                results.add(new PutResult(message.getAppMetadata().toByteArray()));
                synchronized (call) {
                    call.request(1);
                }
            }

            @Override
            public void onReady() {
                out.signalReady();
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
                out.end(status.isOk() ? Status.CANCELLED.withDescription("the server ended the call")
                        .asRuntimeException() : status.asRuntimeException());
                closed.complete(status);
            }
        }, new Metadata());
        synchronized (call) {
            call.request(DataReader.WINDOW);
        }
        DataWriter writer;
        try {
            writer = new DataWriter(out, schema, writeOptions, descriptor, out::complete);
        } catch (RuntimeException e) {
            call.cancel("the upload could not start", e);
            throw e;
        }
        return new PutStream() {
            @Override
            public Schema schema() {
                return writer.schema();
            }

            @Override
            public void write(RecordBatch batch, Map<String, String> metadata) {
                writer.write(batch, metadata);
            }

            @Override
            public void write(RecordBatch batch, byte[] appMetadata) {
                writer.write(batch, appMetadata);
            }

            @Override
            public void writeMetadata(byte[] appMetadata) {
                writer.writeMetadata(appMetadata);
            }

            @Override
            public List<PutResult> results() {
                synchronized (results) {
                    return List.copyOf(results);
                }
            }

            @Override
            public void cancel() {
                call.cancel("the client cancelled the upload", null);
            }

            @Override
            public void close() {
                if (!out.isEnded()) {
                    writer.close();
                }
                Status status = await(closed);
                if (!status.isOk()) {
                    throw StatusMapping.toFlight(status.asRuntimeException());
                }
            }
        };
    }

    private static Status await(CompletableFuture<Status> closed) {
        try {
            return closed.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Status.CANCELLED.withDescription("interrupted while waiting for the server");
        } catch (ExecutionException e) {
            return Status.fromThrowable(e.getCause());
        }
    }

    /** DoExchange: data both ways. */
    public static ExchangeStream doExchange(Channel channel, CallOptions options, Flight.FlightDescriptor descriptor,
            IpcWriteOptions writeOptions, IpcReadOptions readOptions) {
        ClientCall<FlightDataMessage, FlightDataMessage> call = channel.newCall(FlightMethods.DO_EXCHANGE, options);
        ClientOutbound<FlightDataMessage> out = new ClientOutbound<>(call);
        DataReader in = reader(call, readOptions);
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onMessage(FlightDataMessage message) {
                in.offer(message);
            }

            @Override
            public void onReady() {
                out.signalReady();
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
                out.end(status.isOk() ? Status.CANCELLED.withDescription("the server ended the call")
                        .asRuntimeException() : status.asRuntimeException());
                in.end(failure(status));
            }
        }, new Metadata());
        synchronized (call) {
            call.request(DataReader.WINDOW);
        }
        return new ExchangeStream() {
            @Override
            public FlightDataWriter startWriting(Schema schema) {
                return new DataWriter(out, schema, writeOptions, descriptor, out::complete);
            }

            @Override
            public void doneWriting() {
                out.complete();
            }

            @Override
            public FlightStream reader() {
                return in;
            }

            @Override
            public void close() {
                in.close();
            }
        };
    }
}
