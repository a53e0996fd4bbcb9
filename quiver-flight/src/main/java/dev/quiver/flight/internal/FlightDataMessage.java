// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.internal;

import dev.quiver.flight.internal.proto.Flight;
import dev.quiver.ipc.EncodedMessage;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * One FlightData message without protobuf's byte strings: the descriptor (or null), the IPC message
 * header (or null), the app_metadata (empty if none), and the body, either as an encoded message's
 * buffers (sending) or as the bytes received. A received message that is not well-formed protobuf is
 * {@link #malformed(String) malformed}: its error travels in order with the stream's messages, so that the
 * reader fails at that point of the stream (rather than the gRPC call failing beside the reader).
 */
public record FlightDataMessage(Flight.FlightDescriptor descriptor, ByteBuffer header, byte[] appMetadata,
        EncodedMessage outgoingBody, MemorySegment incomingBody, String error) {
    static final byte[] NONE = new byte[0];

    /** A well-formed message. */
    public FlightDataMessage(Flight.FlightDescriptor descriptor, ByteBuffer header, byte[] appMetadata,
            EncodedMessage outgoingBody, MemorySegment incomingBody) {
        this(descriptor, header, appMetadata, outgoingBody, incomingBody, null);
    }

    /** A received message that could not be parsed, for the reason given. */
    public static FlightDataMessage malformed(String reason) {
        return new FlightDataMessage(null, null, NONE, null, null, reason);
    }

    /** Whether the message could not be parsed ({@link #error()} says why). */
    public boolean isMalformed() {
        return error != null;
    }

    /** A message to send: an encoded IPC message, with a descriptor and app_metadata if given. */
    public static FlightDataMessage of(Flight.FlightDescriptor descriptor, EncodedMessage message, byte[] appMetadata) {
        return new FlightDataMessage(descriptor, message == null ? null : message.metadata(), appMetadata,
                message, null);
    }

    /** The header as a segment (empty if none). */
    public MemorySegment headerSegment() {
        return header == null ? MemorySegment.ofArray(NONE) : MemorySegment.ofBuffer(header);
    }

    /** The body received (empty if none). */
    public MemorySegment body() {
        return incomingBody == null ? MemorySegment.ofArray(NONE) : incomingBody;
    }
}
