// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.ipc.compression.CompressionType;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The encapsulated messages of an IPC file or stream, read for their metadata only: what each declares
 * (kind, body length, compression), without reading a body. Every message's metadata is decoded and
 * checked as the readers check it, so damaged metadata ends in an {@link IpcException}.
 */
public final class IpcMessages {
    /** What an encapsulated message is. */
    public enum Kind {
        /** A schema message. */
        SCHEMA,
        /** A record batch. */
        RECORD_BATCH,
        /** A dictionary batch. */
        DICTIONARY_BATCH
    }

    /**
     * What one message declares.
     *
     * @param offset where the message starts in the file or stream
     * @param kind what the message is
     * @param bodyLength the length of its body in bytes
     * @param compression the body compression of a record or dictionary batch, or null for none
     */
    public record Summary(long offset, Kind kind, long bodyLength, CompressionType compression) {
    }

    private IpcMessages() {
    }

    /**
     * The messages of the file or stream at {@code path}, in order. A file (it starts with
     * {@code ARROW1}) is scanned from its first message up to its footer; a stream up to its end-of-stream
     * marker or its end.
     *
     * @param path the file or stream
     * @return what each message declares
     * @throws IpcException if the input cannot be read or a message is damaged or truncated
     */
    public static List<Summary> scan(Path path) {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            ChannelInput in = new ChannelInput(channel, BufferAllocator.managed());
            long end = channel.size();
            if (end >= IpcFileReader.MAGIC.length
                    && Arrays.equals(in.read(IpcFileReader.MAGIC.length).toByteArray(), IpcFileReader.MAGIC)) {
                end = IpcFileReader.footerStart(in);
                in.seek(8);
            } else {
                in.seek(0);
            }
            MessageReader reader = new MessageReader(in);
            List<Summary> out = new ArrayList<>();
            while (in.position() < end) {
                MessageReader.IpcMessage m = reader.nextWithoutBody();
                if (m == null) {
                    break;
                }
                if (in.position() > end) {
                    throw new IpcException(m.describe() + " runs into the footer");
                }
                out.add(summary(m));
            }
            return out;
        } catch (IOException e) {
            throw new IpcException("cannot scan " + path + ": " + e.getMessage(), e);
        }
    }

    private static Summary summary(MessageReader.IpcMessage m) {
        long length = m.message().bodyLength();
        return switch (m.message().header()) {
            case Header.SchemaHeader s -> new Summary(m.offset(), Kind.SCHEMA, length, null);
            case Header.Batch b -> new Summary(m.offset(), Kind.RECORD_BATCH, length, b.compression());
            case Header.Dictionary d -> new Summary(m.offset(), Kind.DICTIONARY_BATCH, length,
                    d.data().compression());
        };
    }
}
