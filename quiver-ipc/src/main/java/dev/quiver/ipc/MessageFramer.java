// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

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

    /**
     * Writes one message, its pieces in one gathering write where the output allows; returns where it
     * lies, for a file footer.
     */
    Header.Block write(ByteBuffer metadata, MessageBody body) throws IOException {
        long start = out.position();
        int flatbuffer = metadata.remaining();
        long padded = 8 + flatbuffer + ByteOutput.padding(start + 8 + flatbuffer, alignment);
        int metadataLength = Math.toIntExact(padded - 8);
        List<ByteBuffer> parts = new ArrayList<>(3 + 2 * body.buffers().size());
        parts.add(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(0, CONTINUATION)
                .putInt(4, metadataLength));
        parts.add(metadata);
        ByteOutput.addZeros(parts, metadataLength - flatbuffer);
        long at = 0;
        for (int i = 0; i < body.buffers().size(); i++) {
            ByteOutput.addZeros(parts, body.offsets()[i] - at);
            MemorySegment buffer = body.buffers().get(i);
            ByteOutput.addTo(parts, buffer);
            at = body.offsets()[i] + buffer.byteSize();
        }
        ByteOutput.addZeros(parts, body.length() - at);
        out.write(parts);
        return new Header.Block(start, (int) padded, body.length());
    }

    /** Writes the end-of-stream marker: continuation and a zero length. */
    void writeEndOfStream() throws IOException {
        out.writeIntLE(CONTINUATION);
        out.writeIntLE(0);
    }
}
