// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import java.io.ByteArrayInputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The IPC format's end-of-stream rule: a stream ends at its marker or where the input ends; both read. */
class StreamEndTest {
    private static final byte[] MARKER = {-1, -1, -1, -1, 0, 0, 0, 0};

    /** Reads every batch; returns whether the reader saw the marker, checking it says false until the end. */
    private static boolean readToEnd(byte[] bytes, int batches) {
        try (IpcStreamReader r = IpcStreamReader.open(new ByteArrayInputStream(bytes))) {
            for (int i = 0; i < batches; i++) {
                RecordBatch b = r.readNext().orElseThrow();
                assertTrue(b != null, "batch " + i);
                assertFalse(r.endedWithMarker(), "before the end");
            }
            assertNull(r.readNext().orElse(null));
            assertNull(r.readNext().orElse(null));
            return r.endedWithMarker();
        }
    }

    @Test
    void aStreamWithItsMarkerSaysSo() {
        byte[] full = HardeningTest.stream(IpcWriteOptions.DEFAULT);
        assertArrayEquals(MARKER, Arrays.copyOfRange(full, full.length - 8, full.length));
        assertTrue(readToEnd(full, 3));
    }

    @Test
    void aStreamEndingWithoutItsMarkerReadsButSaysSo() {
        byte[] full = HardeningTest.stream(IpcWriteOptions.DEFAULT);
        assertFalse(readToEnd(Arrays.copyOf(full, full.length - 8), 3));
    }

    @Test
    void theMarkerOfTheFramingBefore015Counts() {
        byte[] full = HardeningTest.stream(IpcWriteOptions.DEFAULT);
        byte[] legacy = Arrays.copyOf(full, full.length - 4);
        Arrays.fill(legacy, full.length - 8, legacy.length, (byte) 0);
        assertTrue(readToEnd(legacy, 3));
    }

    @Test
    void aStreamOfOnlyASchemaEndsEitherWay() {
        byte[] full = TestData.written(out -> IpcStreamWriter.open(out, HardeningTest.SCHEMA,
                IpcWriteOptions.DEFAULT).close());
        assertTrue(readToEnd(full, 0));
        assertFalse(readToEnd(Arrays.copyOf(full, full.length - 8), 0));
        assertEquals(0, HardeningTest.readStream(Arrays.copyOf(full, full.length - 8), IpcReadOptions.DEFAULT));
    }
}
