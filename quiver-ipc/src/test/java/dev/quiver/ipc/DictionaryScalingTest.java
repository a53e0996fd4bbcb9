// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.VarBinaryBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Dictionary work is linear in the input. The counts are chosen so that quadratic work would take
 * minutes (every batch re-validating a 4 MiB dictionary: 80 GB of UTF-8 checks; every delta copying
 * all entries before it: some 13 GB of copies), while linear work takes a moment; the values are
 * checked, the time is not.
 */
class DictionaryScalingTest {
    private static final ArrowType.Dictionary TYPE = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.UTF8,
            false);
    private static final Schema SCHEMA = Schema.of(new Field("d", TYPE, true, 0L, Map.of()));
    private static final BufferAllocator ALLOCATOR = BufferAllocator.managed();

    /** Entry {@code i} of the dictionaries: 64 bytes. */
    private static String entry(int i) {
        return String.format("entry %057d", i);
    }

    private static ArrayData strings(int from, int to) {
        VarBinaryBuilder b = new VarBinaryBuilder(ArrowType.UTF8, ALLOCATOR);
        for (int i = from; i < to; i++) {
            b.append(entry(i));
        }
        return b.build().data();
    }

    /** One row: index {@code index} into {@code dictionary}. */
    private static ArrayData indexInto(ArrayData dictionary, int index) {
        ArrayData indices = IntBuilder.int32(ALLOCATOR).append(index).build().data();
        return new ArrayData(TYPE, 1, 0, 0, indices.buffers(), List.of(), dictionary);
    }

    private static String decoded(RecordBatch batch) {
        DictionaryArray column = (DictionaryArray) batch.column(0);
        return (String) column.getObject(0);
    }

    @Test
    void aLargeDictionaryIsValidatedOnceNotWithEveryBatch() {
        int entries = 1 << 16;
        int batches = 20_000;
        ArrayData dictionary = strings(0, entries);
        byte[] stream = TestData.written(out -> {
            try (IpcStreamWriter w = IpcStreamWriter.open(out, SCHEMA)) {
                for (int k = 0; k < batches; k++) {
                    Array indices = Array.ofUnchecked(indexInto(dictionary, k * 7 % entries));
                    w.write(new RecordBatch(SCHEMA, List.of(indices)));
                }
            }
        });
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(stream))) {
            for (int k = 0; k < batches; k++) {
                assertEquals(entry(k * 7 % entries), decoded(r.readNext().orElseThrow()), "batch " + k);
            }
            assertNull(r.readNext().orElse(null));
        }
    }

    @Test
    void twentyThousandDeltasEachAppendOnlyThemselves() throws IOException {
        int deltas = 20_000;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MessageFramer framer = new MessageFramer(new ByteOutput(Channels.newChannel(out)), 8);
        RecordBatchSerializer serializer = new RecordBatchSerializer(IpcWriteOptions.DEFAULT);
        framer.write(MessageCodec.encodeSchema(SCHEMA, Map.of()), MessageBody.EMPTY);
        for (int i = 0; i <= deltas; i++) {
            ArrayData values = strings(i, i + 1);
            RecordBatchSerializer.Serialized entry = serializer.serialize(1, List.of(values));
            Header.Dictionary header = new Header.Dictionary(0, i > 0, entry.header());
            framer.write(MessageCodec.encodeDictionary(header, entry.body().length()), entry.body());
            // The record batch message holds only the index; the dictionary travels in the messages above.
            RecordBatchSerializer.Serialized row = serializer.serialize(1, List.of(indexInto(values, i)));
            framer.write(MessageCodec.encodeBatch(row.header(), row.body().length(), Map.of()), row.body());
        }
        framer.writeEndOfStream();
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(out.toByteArray()))) {
            for (int i = 0; i <= deltas; i++) {
                RecordBatch batch = r.readNext().orElseThrow();
                assertEquals(entry(i), decoded(batch), "batch " + i);
                assertEquals(i + 1, ((DictionaryArray) batch.column(0)).dictionary().length());
            }
            assertNull(r.readNext().orElse(null));
        }
    }
}
