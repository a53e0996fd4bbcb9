// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static dev.quiver.ipc.TestData.ints;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.flatbuf.Block;
import dev.quiver.ipc.flatbuf.Footer;
import dev.quiver.ipc.flatbuf.MetadataVersion;
import dev.quiver.ipc.internal.flatbuffers.FlatBufferBuilder;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** The file footer as Arrow C++ reads it: its version is not checked; its blocks must be 8-byte aligned. */
class FileFooterTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("a", ArrowType.INT32),
            Field.notNull("b", ArrowType.INT64));
    private static final byte[] MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);

    private static List<RecordBatch> batches() {
        return List.of(new RecordBatch(SCHEMA, List.of(ints(ArrowType.INT32, 1L, null, 3L),
                        ints(ArrowType.INT64, 10L, 20L, 30L))),
                new RecordBatch(SCHEMA, List.of(ints(ArrowType.INT32, 4L), ints(ArrowType.INT64, 40L))));
    }

    private static byte[] file() {
        return TestData.written(out -> {
            try (IpcFileWriter w = IpcFileWriter.open(out, SCHEMA, IpcWriteOptions.DEFAULT)) {
                for (RecordBatch b : batches()) {
                    w.write(b);
                }
            }
        });
    }

    /** The file with its footer replaced by {@code rewrite} of the decoded footer, written without a version. */
    private static byte[] withFooter(byte[] file, UnaryOperator<Header.Footer> rewrite) {
        ByteBuffer bb = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int footerLength = bb.getInt(file.length - 10);
        int footerStart = file.length - 10 - footerLength;
        Header.Footer footer = rewrite.apply(MessageCodec.decodeFooter(
                ByteBuffer.wrap(file, footerStart, footerLength)));

        FlatBufferBuilder b = new FlatBufferBuilder(1024);
        int schema = SchemaConverter.write(b, footer.schema());
        int dictionaries = blocks(b, footer.dictionaries());
        int records = blocks(b, footer.recordBatches());
        Footer.startFooter(b);
        Footer.addSchema(b, schema);
        Footer.addDictionaries(b, dictionaries);
        Footer.addRecordBatches(b, records);
        int root = Footer.endFooter(b);
        b.finish(root);
        byte[] encoded = b.sizedByteArray();
        assertEquals(MetadataVersion.V1, Footer.getRootAsFooter(ByteBuffer.wrap(encoded)
                .order(ByteOrder.LITTLE_ENDIAN)).version(), "no version field reads as V1");

        ByteBuffer out = ByteBuffer.allocate(footerStart + encoded.length + 10).order(ByteOrder.LITTLE_ENDIAN);
        out.put(file, 0, footerStart).put(encoded).putInt(encoded.length).put(MAGIC);
        return out.array();
    }

    private static int blocks(FlatBufferBuilder b, List<Header.Block> blocks) {
        Footer.startRecordBatchesVector(b, blocks.size());
        for (Header.Block block : blocks.reversed()) {
            Block.createBlock(b, block.offset(), block.metadataLength(), block.bodyLength());
        }
        return b.endVector();
    }

    private static List<RecordBatch> read(byte[] file) {
        try (IpcFileReader r = IpcFileReader.open(TestData.segment(file), IpcReadOptions.DEFAULT)) {
            List<RecordBatch> out = new ArrayList<>();
            for (int k = 0; k < r.batchCount(); k++) {
                out.add(r.batch(k));
            }
            return out;
        }
    }

    @Test
    void aFooterWithoutVersionIsReadByItsMessagesVersions() {
        byte[] original = file();
        byte[] versionless = withFooter(original, footer -> footer);
        assertEquals(read(original), read(versionless));
        assertEquals(batches(), read(versionless));
    }

    @Test
    void aBlockOffByFourBytesIsRefusedAsUnaligned() {
        byte[] shifted = withFooter(file(), footer -> {
            List<Header.Block> blocks = new ArrayList<>(footer.recordBatches());
            Header.Block first = blocks.getFirst();
            blocks.set(0, new Header.Block(first.offset() + 4, first.metadataLength(), first.bodyLength()));
            return new Header.Footer(footer.schema(), footer.dictionaries(), blocks, footer.customMetadata());
        });
        IpcException e = assertThrows(IpcException.class, () -> read(shifted));
        assertTrue(e.getMessage().contains("not aligned to 8 bytes"), e.getMessage());
        assertTrue(Arrays.equals(MAGIC, Arrays.copyOfRange(shifted, shifted.length - 6, shifted.length)));
    }
}
