// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Where the last record of a block ends, found without tokenizing: the last line feed after an even count
 * of quotes from the block's start (which is a record's start). Eight bytes at a time, the quotes' parity
 * carried through each word by a prefix XOR of its quote bytes, so a line break inside a quoted field never
 * ends a block. This is exact for CSV whose quotes only open and close fields (doubled quotes inside count
 * twice, so they do not change the parity); a quote inside an unquoted field (or an escape byte) can fool
 * it, which the tokenizer then notices ({@link CsvReader} falls back to tokenizing before it cuts).
 */
final class RecordEnds {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long LOW_BITS = 0x7F7F7F7F7F7F7F7FL;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long LFS = '\n' * ONES;

    private RecordEnds() {
    }

    /**
     * The last record end in {@code b[0, length)}, the block starting at a record's start: the index after
     * the last line feed outside quotes, and the line feeds before it (quoted ones too), packed as
     * {@code lines << 32 | end}; -1 when there is none.
     */
    static long lastRecordEnd(byte[] b, int length, byte quote) {
        long quotes = (quote & 0xFFL) * ONES;
        long parity = 0;
        long lines = 0;
        long found = -1;
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            long w = (long) LONGS.get(b, i);
            long q = w ^ quotes;
            long n = w ^ LFS;
            if ((((q - ONES) & ~q | (n - ONES) & ~n) & HIGH_BITS) == 0) {
                continue;
            }
            long quoteBytes = zeroBytes(q);
            long lineFeeds = zeroBytes(n);
            long inside = parity;
            if (quoteBytes != 0) {
                long m = quoteBytes >>> 7;
                m ^= m << 8;
                m ^= m << 16;
                m ^= m << 32;
                inside ^= m << 7;
                parity ^= (long) (Long.bitCount(quoteBytes) & 1) * HIGH_BITS;
            }
            long ends = lineFeeds & ~inside;
            if (ends != 0) {
                long top = Long.highestOneBit(ends);
                found = (lines + Long.bitCount(lineFeeds & (top | (top - 1)))) << 32
                        | (i + (Long.numberOfTrailingZeros(top) >>> 3) + 1);
            }
            lines += Long.bitCount(lineFeeds);
        }
        boolean odd = parity != 0;
        for (; i < length; i++) {
            byte x = b[i];
            if (x == quote) {
                odd = !odd;
            } else if (x == '\n') {
                lines++;
                if (!odd) {
                    found = lines << 32 | (i + 1);
                }
            }
        }
        return found;
    }

    /** The high bit of each byte of {@code v} that is zero, exactly (no borrow between bytes). */
    private static long zeroBytes(long v) {
        return ~(((v & LOW_BITS) + LOW_BITS) | v | LOW_BITS);
    }
}
