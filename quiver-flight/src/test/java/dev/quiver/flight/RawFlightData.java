// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.internal.FlightDataMarshaller;
import dev.quiver.flight.internal.FlightDataMessage;
import dev.quiver.flight.internal.FlightMethods;
import dev.quiver.flight.internal.ProtoConversions;
import dev.quiver.ipc.IpcMessageEncoder;
import dev.quiver.ipc.IpcWriteOptions;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Test support: FlightData messages as raw protobuf bytes (so that a test can send what no well-behaved
 * client sends), and a DoPut call that sends such bytes as they are.
 */
final class RawFlightData {
    /** A method descriptor of DoPut whose messages are raw bytes both ways. */
    static final MethodDescriptor<byte[], byte[]> DO_PUT = MethodDescriptor.<byte[], byte[]>newBuilder()
            .setType(MethodDescriptor.MethodType.BIDI_STREAMING)
            .setFullMethodName(FlightMethods.DO_PUT.getFullMethodName())
            .setRequestMarshaller(Bytes.INSTANCE).setResponseMarshaller(Bytes.INSTANCE).build();

    private final IpcMessageEncoder encoder;
    private final FlightDescriptor descriptor;

    RawFlightData(FlightDescriptor descriptor, Schema schema) {
        this.descriptor = descriptor;
        this.encoder = new IpcMessageEncoder(schema, IpcWriteOptions.DEFAULT);
    }

    /** The schema message, carrying the descriptor. */
    byte[] schema() {
        return bytes(FlightDataMessage.of(ProtoConversions.toProto(descriptor), encoder.encodeSchema(), new byte[0]));
    }

    /** A record batch message (a batch without dictionaries). */
    byte[] batch(RecordBatch batch) {
        return bytes(FlightDataMessage.of(null, encoder.encodeBatch(batch, Map.of()).getLast(), new byte[0]));
    }

    /** A record batch message whose data_body length field claims {@code extra} bytes more than it carries. */
    byte[] lyingBodyLength(RecordBatch batch, int extra) {
        FlightDataMessage m = FlightDataMarshaller.INSTANCE.parse(new ByteArrayInputStream(batch(batch)));
        ByteBuffer header = m.header();
        byte[] body = m.body().toArray(ValueLayout.JAVA_BYTE);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        varint(out, 2 << 3 | 2);
        varint(out, header.remaining());
        out.write(header.array(), header.arrayOffset() + header.position(), header.remaining());
        varint(out, 1000 << 3 | 2);
        varint(out, body.length + extra);
        out.writeBytes(body);
        return out.toByteArray();
    }

    static byte[] bytes(FlightDataMessage m) {
        try (InputStream in = FlightDataMarshaller.INSTANCE.stream(m)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void varint(ByteArrayOutputStream out, long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    /** A plaintext channel to a server of this machine. */
    static ManagedChannel channel(FlightServer server) {
        return NettyChannelBuilder.forAddress("localhost", server.port()).usePlaintext().build();
    }

    /** A DoPut call sending raw messages; {@link #status} is how the server ended it. */
    static final class Call {
        final ClientCall<byte[], byte[]> call;
        final CompletableFuture<Status> status = new CompletableFuture<>();

        Call(ManagedChannel channel) {
            call = channel.newCall(DO_PUT, CallOptions.DEFAULT);
            call.start(new ClientCall.Listener<>() {
                @Override
                public void onClose(Status s, Metadata trailers) {
                    status.complete(s);
                }
            }, new Metadata());
            call.request(Integer.MAX_VALUE);
        }

        Call send(byte[] message) {
            call.sendMessage(message);
            return this;
        }

        Status finish() throws Exception {
            call.halfClose();
            return status.get(20, TimeUnit.SECONDS);
        }
    }

    /** Raw bytes as gRPC messages. */
    enum Bytes implements MethodDescriptor.Marshaller<byte[]> {
        INSTANCE;

        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
