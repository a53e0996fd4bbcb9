// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import dev.quiver.flight.internal.proto.Flight;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The hand-written FlightData wire format agrees with protobuf's generated class, and refuses bad input. */
class FlightDataMarshallerTest {
    private static final Flight.FlightDescriptor DESCRIPTOR = Flight.FlightDescriptor.newBuilder()
            .setType(Flight.FlightDescriptor.DescriptorType.PATH).addPath("p").build();

    @Test
    void whatItDrainsIsFlightDataAsProtobufReadsIt() throws IOException {
        FlightDataMessage message = new FlightDataMessage(DESCRIPTOR, ByteBuffer.wrap(new byte[] {1, 2, 3}),
                new byte[] {4}, null, MemorySegment.ofArray(new byte[300]).fill((byte) 5));
        InputStream stream = FlightDataMarshaller.INSTANCE.stream(message);
        int length = stream.available();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(length, ((io.grpc.Drainable) stream).drainTo(out));
        Flight.FlightData parsed = Flight.FlightData.parseFrom(out.toByteArray());
        assertEquals(DESCRIPTOR, parsed.getFlightDescriptor());
        assertArrayEquals(new byte[] {1, 2, 3}, parsed.getDataHeader().toByteArray());
        assertArrayEquals(new byte[] {4}, parsed.getAppMetadata().toByteArray());
        assertEquals(300, parsed.getDataBody().size());
        assertEquals(length, out.size());
    }

    @Test
    void itReadsWhatProtobufWrites() {
        byte[] wire = Flight.FlightData.newBuilder().setFlightDescriptor(DESCRIPTOR)
                .setDataHeader(ByteString.copyFrom(new byte[] {9, 8})).setDataBody(ByteString.copyFrom(new byte[16]))
                .build().toByteArray();
        FlightDataMessage m = FlightDataMarshaller.INSTANCE.parse(new ByteArrayInputStream(wire));
        assertEquals(DESCRIPTOR, m.descriptor());
        assertEquals(2, m.header().remaining());
        assertEquals(16, m.body().byteSize());
    }

    @Test
    void aLyingOrTruncatedLengthIsRefused() {
        // data_body (field 1000) declaring 2^31 bytes in a message of a few.
        byte[] lying = {(byte) 0xC2, 0x3E, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x08, 1, 2};
        assertTrue(FlightDataMarshaller.INSTANCE.parse(new ByteArrayInputStream(lying)).isMalformed());
        byte[] truncated = {0x12, 0x05, 1, 2};
        assertTrue(FlightDataMarshaller.INSTANCE.parse(new ByteArrayInputStream(truncated)).isMalformed());
        byte[] badVarint = {0x12, (byte) 0x80};
        assertTrue(FlightDataMarshaller.INSTANCE.parse(new ByteArrayInputStream(badVarint)).isMalformed());
    }

    /** gRPC's own input streams know their length; the marshaller reads the body straight into its array. */
    private static class KnownLengthStream extends ByteArrayInputStream implements io.grpc.KnownLength {
        KnownLengthStream(byte[] bytes) {
            super(bytes);
        }
    }

    @Test
    void aBodyFromAStreamOfKnownLengthIsReadWhole() {
        byte[] body = new byte[100_000];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) (i * 31);
        }
        byte[] wire = Flight.FlightData.newBuilder().setDataHeader(ByteString.copyFrom(new byte[] {7}))
                .setDataBody(ByteString.copyFrom(body)).build().toByteArray();
        FlightDataMessage m = FlightDataMarshaller.INSTANCE.parse(new KnownLengthStream(wire));
        assertArrayEquals(body, m.body().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
        byte[] lying = {(byte) 0xC2, 0x3E, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x08, 1, 2};
        assertTrue(FlightDataMarshaller.INSTANCE.parse(new KnownLengthStream(lying)).isMalformed());
    }

    /** gRPC's Netty streams: the message as fragments (HTTP/2 DATA frames), each exposed as a ByteBuffer. */
    private static final class FragmentedStream extends KnownLengthStream implements io.grpc.HasByteBuffer {
        private final int fragment;

        FragmentedStream(byte[] bytes, int fragment) {
            super(bytes);
            this.fragment = fragment;
        }

        @Override
        public boolean byteBufferSupported() {
            return true;
        }

        @Override
        public ByteBuffer getByteBuffer() {
            if (pos == count) {
                return null;
            }
            int end = Math.min(count, (pos / fragment + 1) * fragment);
            return ByteBuffer.wrap(buf, pos, end - pos).slice().asReadOnlyBuffer();
        }
    }

    @Test
    void aBodyInFragmentsIsGatheredFragmentByFragment() {
        byte[] body = new byte[100_003];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) (i * 17 + 3);
        }
        byte[] wire = Flight.FlightData.newBuilder().setDataHeader(ByteString.copyFrom(new byte[] {7, 6}))
                .setAppMetadata(ByteString.copyFrom(new byte[] {5})).setDataBody(ByteString.copyFrom(body))
                .build().toByteArray();
        for (int fragment : new int[] {1, 7, 1000, 16_384, wire.length}) {
            FlightDataMessage m = FlightDataMarshaller.INSTANCE.parse(new FragmentedStream(wire, fragment));
            assertArrayEquals(body, m.body().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), "fragments of " + fragment);
            assertEquals(2, m.header().remaining());
            assertArrayEquals(new byte[] {5}, m.appMetadata());
        }
        byte[] lying = {(byte) 0xC2, 0x3E, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x08, 1, 2};
        assertTrue(FlightDataMarshaller.INSTANCE.parse(new FragmentedStream(lying, 4)).isMalformed());
    }
}
