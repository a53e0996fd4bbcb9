// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.cli.CliException;
import dev.quiver.ipc.compression.CompressionType;
import dev.quiver.ipc.flatbuf.Message;
import dev.quiver.ipc.flatbuf.MessageHeader;
import dev.quiver.ipc.flatbuf.RecordBatch;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.TreeMap;

/**
 * A walk over the encapsulated messages of an Arrow file or stream that reads only their metadata:
 * how many record and dictionary batches, their body bytes on disk, their compression, and whether the
 * messages end with the end-of-stream marker. The content is read and validated by the readers; this
 * only reports what the messages declare, and checks every length it follows against the file.
 */
public record IpcScan(int recordBatches, int dictionaryBatches, long bodyBytes, Map<String, Integer> codecs,
        boolean endedWithMarker) {
    private static final int MAX_METADATA = 64 << 20;
    /** The continuation marker that starts every message prefix since format version 0.15. */
    private static final int CONTINUATION = -1;
    /** The file format's trailer: the footer's length (int32) and {@code ARROW1}. */
    private static final int FILE_TRAILER = 10;

    /**
     * Scans the messages of {@code path}: a stream to its end-of-stream marker or its end, a file from
     * after its leading magic to its footer.
     *
     * @param path the file
     * @param format {@link DataFormat#ARROW_FILE} or {@link DataFormat#ARROW_STREAM}
     * @return what the messages declare
     * @throws IOException if the file cannot be read
     * @throws CliException naming the byte offset where a prefix, a length or some metadata is damaged
     */
    public static IpcScan of(Path path, DataFormat format) throws IOException {
        int records = 0;
        int dictionaries = 0;
        long body = 0;
        Map<String, Integer> codecs = new TreeMap<>();
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long end = format == DataFormat.ARROW_FILE ? footerStart(channel, path) : channel.size();
            long at = format == DataFormat.ARROW_FILE ? 8 : 0;
            while (at < end) {
                if (at + 4 > end) {
                    throw damaged(path, at, "a message prefix is cut off at byte " + end);
                }
                int first = read(channel, at, 4).getInt(0);
                long metadataAt = at + 4;
                int length = first;
                if (first == CONTINUATION) {
                    if (at + 8 > end) {
                        throw damaged(path, at, "a message prefix is cut off at byte " + end);
                    }
                    length = read(channel, at + 4, 4).getInt(0);
                    metadataAt = at + 8;
                }
                if (length == 0) {
                    return new IpcScan(records, dictionaries, body, codecs, true);
                }
                if (length < 0 || length > MAX_METADATA || length > end - metadataAt) {
                    throw damaged(path, at, "metadata length " + length + " does not fit in the "
                            + (end - metadataAt) + " bytes that follow");
                }
                Message message = message(read(channel, metadataAt, length), path, metadataAt);
                long bodyLength = message.bodyLength();
                long bodyAt = metadataAt + length;
                if (bodyLength < 0 || bodyLength > end - bodyAt) {
                    throw damaged(path, at, "body length " + bodyLength + " does not fit in the " + (end - bodyAt)
                            + " bytes that follow the metadata");
                }
                byte type = message.headerType();
                if (type == MessageHeader.RecordBatch) {
                    records++;
                    body += bodyLength;
                    codecs.merge(codecName(message, path, metadataAt), 1, Integer::sum);
                } else if (type == MessageHeader.DictionaryBatch) {
                    dictionaries++;
                    body += bodyLength;
                }
                at = bodyAt + bodyLength;
            }
        }
        return new IpcScan(records, dictionaries, body, codecs, false);
    }

    /** Where the footer of a file starts, from the trailer at its end. */
    private static long footerStart(FileChannel channel, Path path) throws IOException {
        long size = channel.size();
        if (size < 8 + FILE_TRAILER) {
            throw damaged(path, 0, "a file of " + size + " bytes is too short for the Arrow file format");
        }
        int footerLength = read(channel, size - FILE_TRAILER, 4).getInt(0);
        long start = size - FILE_TRAILER - footerLength;
        if (footerLength <= 0 || start < 8) {
            throw damaged(path, size - FILE_TRAILER, "footer length " + footerLength + " does not fit in the file");
        }
        return start;
    }

    /** The message flatbuffer; its accessors follow offsets inside it, which damaged metadata sends astray. */
    private static Message message(ByteBuffer metadata, Path path, long at) {
        try {
            Message message = Message.getRootAsMessage(metadata);
            message.bodyLength();
            message.headerType();
            return message;
        } catch (RuntimeException e) {
            throw damaged(path, at, "unreadable message metadata (" + e.getClass().getSimpleName() + ")");
        }
    }

    private static String codecName(Message message, Path path, long at) {
        RecordBatch batch;
        try {
            batch = (RecordBatch) message.header(new RecordBatch());
            if (batch == null || batch.compression() == null) {
                return "none";
            }
            CompressionType type = CompressionType.ofFlatbufferValue(batch.compression().codec());
            return type == null ? "unknown codec " + batch.compression().codec() : type.name();
        } catch (RuntimeException e) {
            throw damaged(path, at, "unreadable record batch metadata (" + e.getClass().getSimpleName() + ")");
        }
    }

    private static CliException damaged(Path path, long at, String problem) {
        return new CliException(path + ": damaged message at byte " + at + ": " + problem);
    }

    private static ByteBuffer read(FileChannel channel, long at, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, at + buffer.position()) < 0) {
                throw new CliException("unexpected end of file at byte " + (at + buffer.position()));
            }
        }
        return buffer.flip().order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The compression of the record batches: {@code ZSTD}, {@code none}, or per codec ({@code LZ4_FRAME: 2, none: 1}). */
    public String compression() {
        if (codecs.size() <= 1) {
            return codecs.isEmpty() ? "none" : codecs.keySet().iterator().next();
        }
        StringBuilder sb = new StringBuilder();
        codecs.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : ", ").append(k).append(": ").append(v));
        return sb.toString();
    }
}
