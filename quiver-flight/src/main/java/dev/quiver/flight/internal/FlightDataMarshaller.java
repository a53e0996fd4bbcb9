// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import dev.quiver.flight.internal.proto.Flight;
import dev.quiver.ipc.EncodedMessage;
import io.grpc.Drainable;
import io.grpc.HasByteBuffer;
import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * FlightData on the wire, written and read by hand rather than through protobuf's generated class: the
 * body goes from the batch's buffers straight into gRPC's output stream (no ByteString, no gathered
 * array), and is read from gRPC's input stream into one array of its exact size: when the stream knows its
 * length, straight into that array (one copy; {@code readNBytes(int)} would gather chunks and copy twice),
 * one bulk copy per received fragment when gRPC exposes its buffers ({@link HasByteBuffer}). The
 * fragments are HTTP/2 DATA frames of at most 16 KiB, so the body cannot be used in place (docs/flight.md).
 */
public final class FlightDataMarshaller implements MethodDescriptor.Marshaller<FlightDataMessage> {
    /** The one instance. */
    public static final FlightDataMarshaller INSTANCE = new FlightDataMarshaller();

    private static final int DESCRIPTOR = 1;
    private static final int HEADER = 2;
    private static final int APP_METADATA = 3;
    private static final int BODY = 1000;
    private static final int LENGTH_DELIMITED = 2;
    private static final int COPY_CHUNK = 64 * 1024;

    private FlightDataMarshaller() {
    }

    @Override
    public InputStream stream(FlightDataMessage value) {
        return new Outgoing(value);
    }

    /**
     * The message, or a {@link FlightDataMessage#malformed malformed} one naming what is wrong: never
     * throws, so that gRPC delivers the failure in order with the stream's messages (an exception here
     * would fail the call beside its reader, and gRPC would log it with its stack trace).
     */
    @Override
    public FlightDataMessage parse(InputStream in) {
        try {
            return read(in);
        } catch (IOException | RuntimeException e) {
            return FlightDataMessage.malformed("malformed FlightData: " + e.getMessage());
        }
    }

    private static FlightDataMessage read(InputStream in) throws IOException {
        Flight.FlightDescriptor descriptor = null;
        ByteBuffer header = null;
        byte[] appMetadata = FlightDataMessage.NONE;
        MemorySegment body = null;
        while (true) {
            long tag = readVarint(in, true);
            if (tag < 0) {
                break;
            }
            int field = (int) (tag >>> 3);
            int wireType = (int) (tag & 7);
            if (wireType == LENGTH_DELIMITED) {
                byte[] bytes = readBytes(in, readVarint(in, false), field);
                switch (field) {
                    case DESCRIPTOR -> descriptor = Flight.FlightDescriptor.parseFrom(bytes);
                    case HEADER -> header = ByteBuffer.wrap(bytes);
                    case APP_METADATA -> appMetadata = bytes;
                    case BODY -> body = MemorySegment.ofArray(bytes);
                    default -> {
                        // an unknown field: skipped, as protobuf does
                    }
                }
            } else {
                skip(in, wireType, field);
            }
        }
        return new FlightDataMessage(descriptor, header, appMetadata, null, body);
    }

    private static byte[] readBytes(InputStream in, long length, int field) throws IOException {
        if (length > Integer.MAX_VALUE - 8 || (in instanceof KnownLength && length > in.available())) {
            throw new IOException("field " + field + " declares " + length + " bytes but the message has "
                    + in.available());
        }
        if (!(in instanceof KnownLength)) {
            return readGrowing(in, (int) length, field);
        }
        byte[] bytes = new byte[(int) length];
        int n = in instanceof HasByteBuffer h && h.byteBufferSupported()
                ? readFragments(in, h, bytes) : in.readNBytes(bytes, 0, bytes.length);
        if (n != length) {
            throw new IOException("field " + field + " is truncated: " + n + " of " + length + " bytes");
        }
        return bytes;
    }

    /**
     * Fills {@code bytes} from gRPC's buffers one received fragment at a time (Netty's slices, at most one
     * HTTP/2 DATA frame each): one bulk copy per fragment, without the composite buffer's per-read dispatch.
     */
    private static int readFragments(InputStream in, HasByteBuffer h, byte[] bytes) throws IOException {
        int at = 0;
        while (at < bytes.length) {
            ByteBuffer fragment = h.getByteBuffer();
            if (fragment == null || !fragment.hasRemaining()) {
                int n = in.read(bytes, at, bytes.length - at);
                if (n < 0) {
                    break;
                }
                at += n;
                continue;
            }
            int n = Math.min(fragment.remaining(), bytes.length - at);
            fragment.get(bytes, at, n);
            in.skipNBytes(n);
            at += n;
        }
        return at;
    }

    /** A field from a stream of unknown length: read in chunks, so a false length allocates nothing large. */
    private static byte[] readGrowing(InputStream in, int length, int field) throws IOException {
        byte[] bytes = in.readNBytes(length);
        if (bytes.length != length) {
            throw new IOException("field " + field + " is truncated: " + bytes.length + " of " + length + " bytes");
        }
        return bytes;
    }

    private static void skip(InputStream in, int wireType, int field) throws IOException {
        long n = switch (wireType) {
            case 0 -> {
                readVarint(in, false);
                yield 0;
            }
            case 1 -> 8;
            case 5 -> 4;
            default -> throw new IOException("field " + field + " has unsupported wire type " + wireType);
        };
        in.skipNBytes(n);
    }

    /** A varint, or -1 at the end of the input if {@code endAllowed}. */
    private static long readVarint(InputStream in, boolean endAllowed) throws IOException {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.read();
            if (b < 0) {
                if (endAllowed && shift == 0) {
                    return -1;
                }
                throw new IOException("truncated varint");
            }
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IOException("malformed varint");
    }

    static int varintSize(long v) {
        int n = 1;
        while ((v & ~0x7FL) != 0) {
            v >>>= 7;
            n++;
        }
        return n;
    }

    static void writeVarint(OutputStream out, long v) throws IOException {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    /** The message as gRPC takes it: drained straight into the transport's output stream. */
    static final class Outgoing extends InputStream implements Drainable, KnownLength {
        private final FlightDataMessage message;
        private final byte[] descriptor;
        private final int length;
        private InputStream materialized;
        private boolean drained;

        Outgoing(FlightDataMessage message) {
            this.message = message;
            this.descriptor = message.descriptor() == null ? null : message.descriptor().toByteArray();
            long n = 0;
            if (descriptor != null) {
                n += fieldSize(DESCRIPTOR, descriptor.length);
            }
            if (message.header() != null && message.header().remaining() > 0) {
                n += fieldSize(HEADER, message.header().remaining());
            }
            if (message.appMetadata().length > 0) {
                n += fieldSize(APP_METADATA, message.appMetadata().length);
            }
            if (bodyLength() > 0) {
                n += fieldSize(BODY, bodyLength());
            }
            if (n > Integer.MAX_VALUE) {
                throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "a FlightData message of " + n
                        + " bytes exceeds the 2 GiB gRPC allows; write smaller batches");
            }
            this.length = (int) n;
        }

        private long bodyLength() {
            EncodedMessage m = message.outgoingBody();
            return m != null ? m.bodyLength() : message.body().byteSize();
        }

        private static long fieldSize(int field, long size) {
            return varintSize((long) field << 3 | LENGTH_DELIMITED) + varintSize(size) + size;
        }

        @Override
        public int drainTo(OutputStream target) throws IOException {
            drained = true;
            if (descriptor != null) {
                writeField(target, DESCRIPTOR, descriptor.length);
                target.write(descriptor);
            }
            ByteBuffer header = message.header();
            if (header != null && header.remaining() > 0) {
                writeField(target, HEADER, header.remaining());
                writeBuffer(target, header.duplicate());
            }
            if (message.appMetadata().length > 0) {
                writeField(target, APP_METADATA, message.appMetadata().length);
                target.write(message.appMetadata());
            }
            long bodyLength = bodyLength();
            if (bodyLength > 0) {
                writeField(target, BODY, bodyLength);
                writeBody(target, bodyLength);
            }
            return length;
        }

        private void writeBody(OutputStream target, long bodyLength) throws IOException {
            EncodedMessage m = message.outgoingBody();
            byte[] chunk = new byte[(int) Math.min(COPY_CHUNK, bodyLength)];
            if (m == null) {
                writeSegment(target, message.body(), chunk);
                return;
            }
            List<MemorySegment> buffers = m.bodyBuffers();
            long written = 0;
            for (int i = 0; i < buffers.size(); i++) {
                written += writeZeros(target, m.bodyOffset(i) - written);
                written += writeSegment(target, buffers.get(i), chunk);
            }
            writeZeros(target, bodyLength - written);
        }

        private static long writeSegment(OutputStream target, MemorySegment segment, byte[] chunk) throws IOException {
            long size = segment.byteSize();
            for (long at = 0; at < size; ) {
                int n = (int) Math.min(chunk.length, size - at);
                MemorySegment.copy(segment, ValueLayout.JAVA_BYTE, at, chunk, 0, n);
                target.write(chunk, 0, n);
                at += n;
            }
            return size;
        }

        private static long writeZeros(OutputStream target, long n) throws IOException {
            for (long i = 0; i < n; i++) {
                target.write(0);
            }
            return n;
        }

        private static void writeBuffer(OutputStream target, ByteBuffer buffer) throws IOException {
            if (buffer.hasArray()) {
                target.write(buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
            } else {
                byte[] bytes = new byte[buffer.remaining()];
                buffer.get(bytes);
                target.write(bytes);
            }
        }

        private static void writeField(OutputStream target, int field, long size) throws IOException {
            writeVarint(target, (long) field << 3 | LENGTH_DELIMITED);
            writeVarint(target, size);
        }

        @Override
        public int available() {
            return drained ? 0 : materialized != null ? availableOf(materialized) : length;
        }

        private static int availableOf(InputStream in) {
            try {
                return in.available();
            } catch (IOException e) {
                return 0;
            }
        }

        /** Plain reads (the in-process transport's path): the message gathered once into an array. */
        @Override
        public int read() throws IOException {
            return materialize().read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return materialize().read(b, off, len);
        }

        private InputStream materialize() throws IOException {
            if (materialized == null) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream(length);
                drainTo(bytes);
                drained = false;
                materialized = new java.io.ByteArrayInputStream(bytes.toByteArray());
            }
            return materialized;
        }
    }
}
