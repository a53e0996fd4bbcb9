// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static dev.quiver.ipc.TestData.ints;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.UnionMode;
import dev.quiver.ipc.flatbuf.MetadataVersion;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** V5 is written; V4 is read too (with the validity buffer V4 unions had); older versions are refused. */
class MetadataVersionTest {
    static final ArrowType.Union UNION = new ArrowType.Union(UnionMode.SPARSE, List.of(Field.nullable("i",
            ArrowType.INT32)));
    static final Schema SCHEMA = Schema.of(Field.nullable("u", UNION));

    /** Sets the version field of an encoded Message flatbuffer (field 0 of the root table). */
    static ByteBuffer withVersion(ByteBuffer message, short version) {
        ByteBuffer bb = message.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int base = bb.position();
        int table = base + bb.getInt(base);
        int vtable = table - bb.getInt(table);
        int field = bb.getShort(vtable + 4);
        bb.putShort(table + field, version);
        return message;
    }

    static byte[] v4Stream() throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        MessageFramer framer = new MessageFramer(new ByteOutput(Channels.newChannel(sink)), 8);
        framer.write(withVersion(MessageCodec.encodeSchema(SCHEMA, Map.of()), MetadataVersion.V4),
                MessageBody.EMPTY);
        ArrayData child = ints(ArrowType.INT32, 5L, null).data();
        ArrayData union = ArrayData.of(UNION, 2, List.of(TestData.bytes(0, 0)), List.of(child));
        RecordBatchSerializer.Serialized s = new RecordBatchSerializer(IpcWriteOptions.DEFAULT).serialize(2,
                List.of(union));
        Header.Batch h = s.header();
        long[] buffers = new long[h.buffers().length + 2];
        System.arraycopy(h.buffers(), 0, buffers, 2, h.buffers().length);
        Header.Batch v4 = new Header.Batch(h.length(), h.nodes(), buffers, h.variadicCounts(), null);
        framer.write(withVersion(MessageCodec.encodeBatch(v4, s.body().length(), Map.of()), MetadataVersion.V4),
                s.body());
        framer.writeEndOfStream();
        return sink.toByteArray();
    }

    @Test
    void v4UnionsSkipTheirValidityBuffer() throws IOException {
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(v4Stream()))) {
            RecordBatch batch = r.readNext().orElseThrow();
            ArrayData u = batch.column(0).data();
            assertEquals(1, u.bufferCount());
            assertArrayEquals(new byte[] {0, 0}, u.buffer(0).toByteArray());
            assertEquals(ints(ArrowType.INT32, 5L, null), Array.ofUnchecked(u.child(0)));
        }
    }

    @Test
    void versionsBeforeV4AreRefused() {
        for (short version : new short[] {MetadataVersion.V1, MetadataVersion.V3, 99}) {
            ByteBuffer schema = withVersion(MessageCodec.encodeSchema(SCHEMA, Map.of()), version);
            IpcException e = assertThrows(IpcException.class, () -> MessageCodec.decodeMessage(schema));
            assertTrue(e.getMessage().contains("not supported"), e.getMessage());
        }
    }

    @Test
    void v5IsWritten() throws IOException {
        byte[] stream = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, SCHEMA)) {
                w.write(new RecordBatch(SCHEMA, List.of(Array.ofUnchecked(ArrayData.of(UNION, 1,
                        Arrays.asList(TestData.bytes(0)), List.of(ints(ArrowType.INT32, 1L).data()))))));
            }
        });
        MessageReader reader = new MessageReader(new SegmentInput(TestData.segment(stream)));
        for (MessageReader.IpcMessage m = reader.next(); m != null; m = reader.next()) {
            assertEquals(MetadataVersion.V5, m.message().version());
        }
    }
}
