// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * One IPC message encoded but not framed: its {@code Message} flatbuffer and its body as the buffers it
 * is made of, each at its offset in the body (the gaps between them are zero padding). A transport that
 * frames messages its own way (Arrow Flight's {@code FlightData}: {@code data_header} and
 * {@code data_body}) writes these parts without gathering the body into one array first.
 *
 * <p>The body buffers are the batch's own memory (or compressed copies of it): they stay valid as long
 * as the batch written does.
 */
public final class EncodedMessage {
    private final ByteBuffer metadata;
    private final MessageBody body;

    EncodedMessage(ByteBuffer metadata, MessageBody body) {
        this.metadata = metadata;
        this.body = body;
    }

    /**
     * The {@code Message} flatbuffer, without the continuation marker, length prefix or padding of the
     * encapsulated format.
     *
     * @return a read-only view of the flatbuffer's bytes, positioned at its start
     */
    public ByteBuffer metadata() {
        return metadata.asReadOnlyBuffer();
    }

    /**
     * The length of the body, padding included, as the message's {@code bodyLength} gives it.
     *
     * @return the body length in bytes
     */
    public long bodyLength() {
        return body.length();
    }

    /**
     * The buffers of the body, in order (empty segments for absent buffers).
     *
     * @return the buffers
     */
    public List<MemorySegment> bodyBuffers() {
        return body.buffers();
    }

    /**
     * Where one body buffer starts in the body.
     *
     * @param index the buffer's index in {@link #bodyBuffers()}
     * @return its offset in bytes from the start of the body
     * @throws IndexOutOfBoundsException if there is no such buffer
     */
    public long bodyOffset(int index) {
        return body.offsets()[index];
    }
}
