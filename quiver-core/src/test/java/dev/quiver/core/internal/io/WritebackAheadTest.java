// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WritebackAheadTest {
    private static final long STEP = WritebackAhead.STEP;

    @Test
    void startsEachStepOfAppendedBytesOnceInOrderWithoutGaps() {
        List<long[]> ranges = new ArrayList<>();
        AtomicInteger releases = new AtomicInteger();
        try (WritebackAhead ahead = new WritebackAhead((offset, length) -> ranges.add(new long[] {offset, length}),
                releases::incrementAndGet)) {
            ahead.appended(STEP - 1);
            assertTrue(ranges.isEmpty(), "less than a step is left to the kernel");
            ahead.appended(2);
            ahead.appended(3 * STEP);
            ahead.appended(7);
            assertTrue(ahead.active());
        }
        assertEquals(2, ranges.size());
        assertEquals(0, ranges.get(0)[0]);
        assertEquals(STEP + 1, ranges.get(0)[1]);
        assertEquals(STEP + 1, ranges.get(1)[0]);
        assertEquals(3 * STEP, ranges.get(1)[1]);
        assertEquals(1, releases.get());
    }

    @Test
    void aFailedStartEndsTheAdviceButTheReleaseStillRunsOnce() {
        AtomicInteger starts = new AtomicInteger();
        AtomicInteger releases = new AtomicInteger();
        WritebackAhead ahead = new WritebackAhead((offset, length) -> {
            starts.incrementAndGet();
            return false;
        }, releases::incrementAndGet);
        ahead.appended(STEP);
        ahead.appended(STEP);
        assertFalse(ahead.active());
        assertEquals(1, starts.get());
        ahead.close();
        ahead.close();
        assertEquals(1, releases.get());
    }
}
