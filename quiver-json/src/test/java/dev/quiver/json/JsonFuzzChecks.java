// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;

/**
 * What the JSON fuzz test demands of a file the reader returns, and the one failure it accepts
 * (docs/fuzzing.md). Any other throwable escapes to Jazzer and is a finding.
 */
final class JsonFuzzChecks {
    /**
     * Bytes the reader may take from its allocator for one fuzz input of a few KB (gzip-compressed input
     * expands about a thousandfold at most): needing more is a memory blowup, a finding.
     */
    static final long MEMORY_LIMIT = 64L << 20;

    /** Slots read per column: the logical length of null and run-end encoded arrays is not backed by memory. */
    private static final long SLOTS_PER_COLUMN = 1 << 16;

    private JsonFuzzChecks() {
    }

    /** A read the fuzz test runs: it either ends or throws. */
    @FunctionalInterface
    interface Read {
        void run() throws Exception;
    }

    /** Runs {@code read}, accepting only a {@link JsonFormatException} that says what is wrong. */
    static void acceptingJsonFailures(Read read) throws Exception {
        try {
            read.run();
        } catch (JsonFormatException expected) {
            if (expected.getMessage() == null || expected.getMessage().isBlank()) {
                throw new AssertionError("a failure that does not say what is wrong", expected);
            }
        }
    }

    /** Fully validates every dictionary and batch, then reads every slot and prints the batches. */
    static void touch(JsonFile file) {
        file.schema().toString();
        for (ArrayData dictionary : file.dictionaries().values()) {
            touch(Array.of(dictionary));
        }
        for (RecordBatch batch : file.batches()) {
            batch.validateFull();
            batch.columns().forEach(JsonFuzzChecks::touch);
            batch.toString();
        }
    }

    private static void touch(Array column) {
        column.validateFull();
        long n = Math.min(column.length(), SLOTS_PER_COLUMN);
        for (long i = 0; i < n; i++) {
            column.isNull(i);
            column.getObject(i);
        }
        column.nullCount();
    }
}
