// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Writes encapsulated messages: the continuation marker 0xFFFFFFFF, the little-endian int32 metadata
 * length (metadata plus padding), the Message flatbuffer, zero padding so that the body starts on an
 * aligned position, then the body.
 */
final class MessageFramer {
    static final int CONTINUATION = 0xFFFFFFFF;

    private final ByteOutput out;
    private final int alignment;

    MessageFramer(ByteOutput out, int alignment) {
        this.out = out;
        this.alignment = alignment;
    }

    ByteOutput output() {
        return out;
    }

    /** Writes one message; returns where it lies, for a file footer. */
    Header.Block write(ByteBuffer metadata, MessageBody body) throws IOException {
        long start = out.position();
        int flatbuffer = metadata.remaining();
        long padded = 8 + flatbuffer + ByteOutput.padding(start + 8 + flatbuffer, alignment);
        int metadataLength = Math.toIntExact(padded - 8);
        out.writeIntLE(CONTINUATION);
        out.writeIntLE(metadataLength);
        out.write(metadata);
        out.writeZeros(metadataLength - flatbuffer);
        long bodyStart = out.position();
        for (int i = 0; i < body.buffers().size(); i++) {
            out.writeZeros(bodyStart + body.offsets()[i] - out.position());
            out.write(body.buffers().get(i));
        }
        out.writeZeros(bodyStart + body.length() - out.position());
        return new Header.Block(start, (int) padded, body.length());
    }

    /** Writes the end-of-stream marker: continuation and a zero length. */
    void writeEndOfStream() throws IOException {
        out.writeIntLE(CONTINUATION);
        out.writeIntLE(0);
    }
}
