// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The unframed message encoder and decoder: the stream writer's messages, carried apart from framing. */
class IpcMessageCodecTest {
    /** The body as one array: the buffers at their offsets, zero padding between. */
    static MemorySegment body(EncodedMessage m) {
        MemorySegment out = MemorySegment.ofArray(new byte[(int) m.bodyLength()]);
        for (int i = 0; i < m.bodyBuffers().size(); i++) {
            MemorySegment.copy(m.bodyBuffers().get(i), 0, out, m.bodyOffset(i), m.bodyBuffers().get(i).byteSize());
        }
        return out;
    }

    static IpcMessageDecoder.Decoded decode(IpcMessageDecoder decoder, EncodedMessage m) {
        return decoder.decode(MemorySegment.ofBuffer(m.metadata()), body(m));
    }

    @Test
    void dictionariesDeltasAndBatchesRoundTrip() {
        IpcMessageEncoder encoder = new IpcMessageEncoder(DictionaryTest.SCHEMA, IpcWriteOptions.DEFAULT);
        IpcMessageDecoder decoder = new IpcMessageDecoder(IpcReadOptions.DEFAULT);
        assertInstanceOf(IpcMessageDecoder.SchemaMessage.class, decode(decoder, encoder.encodeSchema()));
        List<EncodedMessage> first = encoder.encodeBatch(
                DictionaryTest.batch(DictionaryTest.encoded(new long[] {10, 20}, 0L, 1L)), Map.of("k", "v"));
        assertEquals(2, first.size(), "the dictionary, then the batch");
        assertEquals(new IpcMessageDecoder.DictionaryMessage(0, false), decode(decoder, first.get(0)));
        IpcMessageDecoder.BatchMessage b1 = (IpcMessageDecoder.BatchMessage) decode(decoder, first.get(1));
        assertEquals(List.of(10L, 20L), DictionaryTest.decode(b1.batch().column(0)));
        assertEquals(Map.of("k", "v"), b1.metadata());
        // Only values appended: a delta dictionary batch (Columnar.rst, "Delta dictionaries").
        List<EncodedMessage> second = encoder.encodeBatch(
                DictionaryTest.batch(DictionaryTest.encoded(new long[] {10, 20, 30}, 2L, 0L)), Map.of());
        assertEquals(new IpcMessageDecoder.DictionaryMessage(0, true), decode(decoder, second.get(0)));
        IpcMessageDecoder.BatchMessage b2 = (IpcMessageDecoder.BatchMessage) decode(decoder, second.get(1));
        assertEquals(List.of(30L, 10L), DictionaryTest.decode(b2.batch().column(0)));
    }

    @Test
    void anEncapsulationPrefixIsSkipped() {
        EncodedMessage schema = new IpcMessageEncoder(DictionaryTest.SCHEMA, IpcWriteOptions.DEFAULT).encodeSchema();
        int length = schema.metadata().remaining();
        MemorySegment framed = MemorySegment.ofArray(new byte[8 + length]);
        framed.set(ValueLayout.JAVA_INT_UNALIGNED, 0, -1);
        framed.set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN), 4, length);
        MemorySegment.copy(MemorySegment.ofBuffer(schema.metadata()), 0, framed, 8, length);
        IpcMessageDecoder decoder = new IpcMessageDecoder(IpcReadOptions.DEFAULT);
        assertInstanceOf(IpcMessageDecoder.SchemaMessage.class,
                decoder.decode(framed, MemorySegment.ofArray(new byte[0])));
    }

    @Test
    void badSequencesAndShortBodiesAreRefused() {
        IpcMessageEncoder encoder = new IpcMessageEncoder(DictionaryTest.SCHEMA, IpcWriteOptions.DEFAULT);
        List<EncodedMessage> batch = encoder.encodeBatch(
                DictionaryTest.batch(DictionaryTest.encoded(new long[] {10}, 0L)), Map.of());
        IpcException noSchema = assertThrows(IpcException.class,
                () -> decode(new IpcMessageDecoder(IpcReadOptions.DEFAULT), batch.get(0)));
        assertTrue(noSchema.getMessage().contains("must begin with a schema"), noSchema.getMessage());

        IpcMessageDecoder decoder = new IpcMessageDecoder(IpcReadOptions.DEFAULT);
        decode(decoder, encoder.encodeSchema());
        IpcException second = assertThrows(IpcException.class, () -> decode(decoder, encoder.encodeSchema()));
        assertTrue(second.getMessage().contains("a second schema"), second.getMessage());
        EncodedMessage dictionary = batch.get(0);
        IpcException shortBody = assertThrows(IpcException.class, () -> decoder.decode(
                MemorySegment.ofBuffer(dictionary.metadata()), body(dictionary).asSlice(0, 1)));
        assertTrue(shortBody.getMessage().contains("truncated"), shortBody.getMessage());
        IpcException garbage = assertThrows(IpcException.class, () -> decoder.decode(
                MemorySegment.ofArray(new byte[] {1, 2, 3}), MemorySegment.ofArray(new byte[0])));
        assertTrue(garbage.getMessage().startsWith("message "), garbage.getMessage());
    }
}
