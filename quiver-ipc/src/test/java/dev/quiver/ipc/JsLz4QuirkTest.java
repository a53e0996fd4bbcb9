// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * apache-arrow (JS) 21 writes the compressed length where the uncompressed length belongs in LZ4
 * bodies (resources/js/gen.js made these files); they are read anyway, the LZ4 frame delimiting the data.
 */
class JsLz4QuirkTest {
    static Path resource(String name) throws Exception {
        return Path.of(JsLz4QuirkTest.class.getResource("/js/" + name).toURI());
    }

    /** All rows of the batches, column by column, as plain values. */
    static List<List<Object>> values(List<RecordBatch> batches) {
        List<List<Object>> out = List.of(new ArrayList<>(), new ArrayList<>());
        for (RecordBatch b : batches) {
            for (int c = 0; c < 2; c++) {
                Array column = b.column(c);
                for (long i = 0; i < column.length(); i++) {
                    out.get(c).add(column.getObject(i));
                }
            }
        }
        return out;
    }

    static void check(List<RecordBatch> batches) {
        List<List<Object>> v = values(batches);
        assertEquals(3000, v.get(0).size());
        for (int i = 0; i < 3000; i++) {
            assertEquals(i % 7 == 0 ? null : i * 3, v.get(0).get(i), "a[" + i + "]");
            assertEquals((long) (i / 100), v.get(1).get(i), "b[" + i + "]");
        }
    }

    @Test
    void theQuirkIsPresentInTheFile() throws Exception {
        byte[] stream = Files.readAllBytes(resource("js-lz4.arrows"));
        MessageReader reader = new MessageReader(new SegmentInput(TestData.segment(stream)));
        reader.next();
        MessageReader.IpcMessage m = reader.next();
        Header.Batch header = (Header.Batch) m.message().header();
        int valuesOfB = 3;
        long length = header.buffers()[2 * valuesOfB + 1];
        long prefix = m.body().getLong(header.buffers()[2 * valuesOfB]);
        assertEquals(length - 8, prefix, "the prefix holds the compressed length, not 3000 * 8");
    }

    @Test
    void streamAndFileAreRead() throws Exception {
        List<RecordBatch> batches = new ArrayList<>();
        try (InputStream in = Files.newInputStream(resource("js-lz4.arrows")); IpcStreamReader r = IpcStreamReader.open(in)) {
            assertEquals(ArrowType.INT32, r.schema().field(0).type());
            for (RecordBatch b : r) {
                batches.add(b);
            }
            assertNull(r.readNext().orElse(null));
        }
        check(batches);
        List<RecordBatch> fromFile = new ArrayList<>();
        try (IpcFileReader r = IpcFileReader.map(resource("js-lz4.arrow"))) {
            for (int k = 0; k < r.batchCount(); k++) {
                fromFile.add(r.batch(k));
            }
            check(fromFile);
            ArrayData b = fromFile.get(0).column(1).data();
            assertEquals(b.length() * 8, b.buffer(1).byteSize());
        }
    }
}
