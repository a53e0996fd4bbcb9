// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ScanTest {
    @Test
    void oneFileOfFewRowsIsDecodedOnOneThread() {
        assertEquals(1, Scan.decodeThreadsFor(2, 625_000));
        assertEquals(1, Scan.decodeThreadsFor(8, Scan.ROWS_PER_DECODE_THREAD * 2 - 1));
        assertEquals(1, Scan.decodeThreadsFor(4, 0));
    }

    @Test
    void largerFilesGetAThreadPerMillionRowsUpToTheScansThreads() {
        assertEquals(2, Scan.decodeThreadsFor(2, Scan.ROWS_PER_DECODE_THREAD * 2));
        assertEquals(2, Scan.decodeThreadsFor(2, 10_000_000));
        assertEquals(9, Scan.decodeThreadsFor(16, 10_000_000));
        assertEquals(1, Scan.decodeThreadsFor(1, 10_000_000));
    }
}
