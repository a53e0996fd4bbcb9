// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.QuiverException;
import dev.quiver.core.memory.ArrowBuffer;
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
        return next(true);
    }

    /**
     * The next message with its body skipped, not read (the input must know its size), or null at the
     * end: its metadata is decoded and checked all the same.
     */
    IpcMessage nextWithoutBody() throws IOException {
        return next(false);
    }

    private IpcMessage next(boolean withBody) throws IOException {
        long start = in.position();
        long index = count++;
        ArrowBuffer prefix = read(4, index, start, "message length");
        if (prefix == null) {
            return null;
        }
        int length = prefix.getInt(0);
        if (length == MessageFramer.CONTINUATION) {
            ArrowBuffer len = read(4, index, start, "message length");
            if (len == null) {
                return null;
            }
            length = len.getInt(0);
        }
        if (length == 0) {
            endMarker = true;
            return null;
        }
        if (length < 0) {
            throw new IpcException("message " + index + " at byte " + start + ": negative metadata length "
                    + length);
        }
        ArrowBuffer metadata = readExactly(length, index, start, "metadata");
        Header.Message message;
        try {
            message = MessageCodec.decodeMessage(MappedFile.decodable(metadata));
        } catch (IpcException e) {
            throw new IpcException("message " + index + " at byte " + start + ": " + e.getMessage(), e);
        }
        if (withBody) {
            return new IpcMessage(message, readExactly(message.bodyLength(), index, start, "body"), start, index);
        }
        long left = in.size() - in.position();
        if (message.bodyLength() > left) {
            throw truncated(index, start, "body", message.bodyLength(), left);
        }
        in.seek(in.position() + message.bodyLength());
        return new IpcMessage(message, ArrowBuffer.EMPTY, start, index);
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

    /** Up to n bytes: null if the input ended right here, an exception if it ended part way. */
    private ArrowBuffer read(int n, long index, long start, String what) throws IOException {
        ArrowBuffer b = readAny(n, index, start);
        if (b.byteSize() == 0) {
            return null;
        }
        if (b.byteSize() < n) {
            throw truncated(index, start, what, n, b.byteSize());
        }
        return b;
    }

    private ArrowBuffer readExactly(long n, long index, long start, String what) throws IOException {
        ArrowBuffer b = readAny(n, index, start);
        if (b.byteSize() < n) {
            throw truncated(index, start, what, n, b.byteSize());
        }
        return b;
    }

    private ArrowBuffer readAny(long n, long index, long start) throws IOException {
        try {
            return in.read(n);
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
