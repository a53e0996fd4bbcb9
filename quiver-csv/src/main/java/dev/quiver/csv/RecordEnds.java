// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Where the last record of a block ends, found without tokenizing: the last line feed after an even count
 * of quotes from the block's start (which is a record's start), so a line break inside a quoted field never
 * ends a block. This is exact for CSV whose quotes only open and close fields (doubled quotes inside count
 * twice, so they do not change the parity); a quote inside an unquoted field (or an escape byte) can fool
 * it, which the tokenizer then notices ({@link CsvReader} falls back to tokenizing before it cuts).
 */
final class RecordEnds {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long LOW_BITS = 0x7F7F7F7F7F7F7F7FL;

    private RecordEnds() {
    }

    /**
     * The last record end in {@code b[0, length)}, the block starting at a record's start: the index after
     * the last line feed with an even count of quotes before it; -1 when there is none. The quotes of the
     * whole block are counted eight bytes at a time, then the line feeds are tried from the end back.
     */
    static int lastRecordEnd(byte[] b, int length, byte quote) {
        long quotes = (quote & 0xFFL) * ONES;
        int count = 0;
        int i = 0;
        for (; i + 16 <= length; i += 16) {
            count += Long.bitCount(zeroBytes((long) LONGS.get(b, i) ^ quotes))
                    + Long.bitCount(zeroBytes((long) LONGS.get(b, i + 8) ^ quotes));
        }
        for (; i < length; i++) {
            if (b[i] == quote) {
                count++;
            }
        }
        int after = 0;
        for (int k = length - 1; k >= 0; k--) {
            byte x = b[k];
            if (x == '\n') {
                if (((count - after) & 1) == 0) {
                    return k + 1;
                }
            } else if (x == quote) {
                after++;
            }
        }
        return -1;
    }

    /** The high bit of each byte of {@code v} that is zero, exactly (no borrow between bytes). */
    private static long zeroBytes(long v) {
        return ~(((v & LOW_BITS) + LOW_BITS) | v | LOW_BITS);
    }
}
