// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.QuiverException;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import java.io.IOException;

/**
 * Reads encapsulated messages: with the continuation marker, or in the framing before 0.15 (a bare
 * int32 length). Every length is checked against the bytes the input really delivers.
 */
final class MessageReader {
    /** One message read: its decoded metadata, body, and where it started. */
    record IpcMessage(Header.Message message, ArrowBuffer body, long offset, long index) {
        String describe() {
            return "message " + index + " (" + message.header().kind() + " at byte " + offset + ")";
        }
    }

    /** What {@link #readInt} returns where the input ends: no int32 has this value. */
    private static final long END = Long.MIN_VALUE;

    private final ByteInput in;
    private long count;
    private boolean endMarker;

    MessageReader(ByteInput in) {
        this.in = in;
    }

    ByteInput input() {
        return in;
    }

    /** Whether the last {@link #next()} that returned null read an end-of-stream marker. */
    boolean endedWithMarker() {
        return endMarker;
    }

    /** The next message, or null at the end-of-stream marker or at the end of the input between messages. */
    IpcMessage next() throws IOException {
        IpcMessage head = nextHead();
        return head == null ? null : withBody(head, null);
    }

    /**
     * The next message with its body skipped, not read (the input must know its size), or null at the
     * end: its metadata is decoded and checked all the same.
     */
    IpcMessage nextWithoutBody() throws IOException {
        IpcMessage head = nextHead();
        if (head == null) {
            return null;
        }
        long length = head.message().bodyLength();
        long left = in.size() - in.position();
        if (length > left) {
            throw truncated(head.index(), head.offset(), "body", length, left);
        }
        in.seek(in.position() + length);
        return head;
    }

    /**
     * The metadata of the next message, decoded and checked, with an empty body: the input is left at
     * the body, which {@link #withBody} reads next. Null at the end, as {@link #next()}.
     */
    IpcMessage nextHead() throws IOException {
        long start = in.position();
        long index = count++;
        long length = readInt(index, start);
        if (length == MessageFramer.CONTINUATION) {
            length = readInt(index, start);
        }
        if (length == 0) {
            endMarker = true;
            return null;
        }
        if (length == END) {
            return null;
        }
        if (length < 0) {
            throw new IpcException("message " + index + " at byte " + start + ": negative metadata length "
                    + length);
        }
        ArrowBuffer metadata = readTransient(length, index, start);
        if (metadata.byteSize() < length) {
            throw truncated(index, start, "metadata", length, metadata.byteSize());
        }
        Header.Message message;
        try {
            message = MessageCodec.decodeMessage(MappedFile.decodable(metadata));
        } catch (IpcException e) {
            throw new IpcException("message " + index + " at byte " + start + ": " + e.getMessage(), e);
        }
        return new IpcMessage(message, ArrowBuffer.EMPTY, start, index);
    }

    /**
     * The message of {@code head} (just read by {@link #nextHead()}) with its body, read from the input
     * into memory of {@code memory} (of the input's own allocator when null).
     */
    IpcMessage withBody(IpcMessage head, BufferAllocator memory) throws IOException {
        long length = head.message().bodyLength();
        ArrowBuffer body;
        try {
            body = memory == null ? in.read(length) : in.read(length, memory);
        } catch (IpcException e) {
            throw e;
        } catch (QuiverException e) {
            throw new IpcException(head.describe() + ": reading its body of " + length + " bytes failed: "
                    + e.getMessage(), e);
        }
        if (body.byteSize() < length) {
            throw truncated(head.index(), head.offset(), "body", length, body.byteSize());
        }
        return new IpcMessage(head.message(), body, head.offset(), head.index());
    }

    /** Reads the message at a file block, checking that it matches the block. */
    IpcMessage readAt(Header.Block block, long index, String what) throws IOException {
        long size = in.size();
        if (block.offset() < 0 || block.metadataLength() < 8 || block.bodyLength() < 0 || block.offset() > size
                || block.metadataLength() > size - block.offset()
                || block.bodyLength() > size - block.offset() - block.metadataLength()) {
            throw new IpcException(what + ": block " + block + " lies outside the file of " + size + " bytes");
        }
        // Blocks start and end on 8-byte boundaries: the file format pads every message (Arrow C++ refuses
        // an unaligned block too).
        if ((block.offset() | block.metadataLength() | block.bodyLength()) % 8 != 0) {
            throw new IpcException(what + ": block " + block + " is not aligned to 8 bytes");
        }
        in.seek(block.offset());
        count = index;
        IpcMessage message = next();
        if (message == null) {
            throw new IpcException(what + ": no message at byte " + block.offset());
        }
        if (message.message().bodyLength() != block.bodyLength()) {
            throw new IpcException(what + ": the footer gives a body of " + block.bodyLength()
                    + " bytes but the message has " + message.message().bodyLength());
        }
        return message;
    }

    /**
     * A little-endian int32 of the framing, or {@link #END} if the input ended right here; an exception if
     * it ended part way.
     */
    private long readInt(long index, long start) throws IOException {
        ArrowBuffer b = readTransient(4, index, start);
        if (b.byteSize() == 0) {
            return END;
        }
        if (b.byteSize() < 4) {
            throw truncated(index, start, "message length", 4, b.byteSize());
        }
        return b.getInt(0);
    }

    private ArrowBuffer readTransient(long n, long index, long start) throws IOException {
        try {
            return in.readTransient(n);
        } catch (IpcException e) {
            throw e;
        } catch (QuiverException e) {
            throw new IpcException("message " + index + " at byte " + start + ": " + e.getMessage(), e);
        }
    }

    private static IpcException truncated(long index, long start, String what, long wanted, long got) {
        return new IpcException("message " + index + " at byte " + start + " is truncated: its " + what + " needs "
                + wanted + " bytes but the input has " + got);
    }
}
