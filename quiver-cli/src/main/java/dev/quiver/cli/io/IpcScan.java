package dev.quiver.cli.io;

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
 * how many record and dictionary batches, their body bytes on disk and their compression. The content
 * is read and validated by the readers; this only reports what the messages declare.
 */
public record IpcScan(int recordBatches, int dictionaryBatches, long bodyBytes, Map<String, Integer> codecs) {
    private static final int MAX_METADATA = 64 << 20;

    /** Scans {@code path}; stops at the end-of-stream marker, the end of the file or an unreadable frame. */
    public static IpcScan of(Path path, DataFormat format) throws IOException {
        int records = 0;
        int dictionaries = 0;
        long body = 0;
        Map<String, Integer> codecs = new TreeMap<>();
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            long at = format == DataFormat.ARROW_FILE ? 8 : 0;
            while (at + 8 <= size) {
                ByteBuffer prefix = read(channel, at, 8);
                int first = prefix.getInt(0);
                int length = first == -1 ? prefix.getInt(4) : first;
                long metadataAt = at + (first == -1 ? 8 : 4);
                if (length <= 0 || length > MAX_METADATA || metadataAt + length > size) {
                    break;
                }
                Message message = Message.getRootAsMessage(read(channel, metadataAt, length));
                long bodyLength = message.bodyLength();
                byte type = message.headerType();
                if (type == MessageHeader.RecordBatch) {
                    records++;
                    body += bodyLength;
                    codecs.merge(codecName((RecordBatch) message.header(new RecordBatch())), 1, Integer::sum);
                } else if (type == MessageHeader.DictionaryBatch) {
                    dictionaries++;
                    body += bodyLength;
                }
                at = metadataAt + length + Math.max(0, bodyLength);
            }
        }
        return new IpcScan(records, dictionaries, body, codecs);
    }

    private static String codecName(RecordBatch batch) {
        if (batch == null || batch.compression() == null) {
            return "none";
        }
        CompressionType type = CompressionType.ofFlatbufferValue(batch.compression().codec());
        return type == null ? "unknown codec " + batch.compression().codec() : type.name();
    }

    private static ByteBuffer read(FileChannel channel, long at, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        int n = 0;
        while (buffer.hasRemaining() && n >= 0) {
            n = channel.read(buffer, at + buffer.position());
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
