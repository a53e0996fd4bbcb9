// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;

/**
 * What the IPC fuzz tests demand of every batch a reader returns, and which failures they accept
 * (docs/fuzzing.md). Any other throwable escapes to Jazzer and is a finding.
 */
final class FuzzChecks {
    /** Bytes a reader may take from its allocator for one fuzz input. */
    static final long MEMORY_LIMIT = 64L << 20;

    /**
     * Slots read per column: the logical length of null and run-end encoded arrays is not backed by
     * memory, so reading every slot of a claimed length of 2^31 would only measure the harness.
     */
    private static final long SLOTS_PER_COLUMN = 1 << 16;

    private FuzzChecks() {
    }

    /** A read the fuzz tests run: it either ends or throws. */
    @FunctionalInterface
    interface Read {
        void run() throws Exception;
    }

    /**
     * Runs {@code read}, accepting only the IPC readers' one failure, an {@link IpcException} that says
     * what is wrong: when the limited allocator refuses memory, the reader reports that too as an
     * {@link IpcException} naming what it was reading.
     */
    static void acceptingIpcFailures(Read read) throws Exception {
        try {
            read.run();
        } catch (IpcException expected) {
            if (expected.getMessage() == null || expected.getMessage().isBlank()) {
                throw new AssertionError("a failure that does not say what is wrong", expected);
            }
        }
    }

    /** Fully validates the batch, then reads every slot (see {@link #SLOTS_PER_COLUMN}) and prints it. */
    static void touch(RecordBatch batch) {
        batch.validateFull();
        for (Array column : batch.columns()) {
            long n = Math.min(column.length(), SLOTS_PER_COLUMN);
            for (long i = 0; i < n; i++) {
                column.isNull(i);
                column.getObject(i);
            }
            column.nullCount();
        }
        batch.toString();
    }
}
