// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.util.Arrays;

/**
 * Cuts the input into blocks of about the block size that end at the end of a record: a sequential
 * scan that follows the quote state, so a line break inside a quoted field never ends a block. Each
 * block can then be tokenized on its own, in parallel. The bytes after the last record end of a block
 * move to the next one; a record longer than a block makes the block grow.
 */
final class BlockSource {
    /** The most bytes a block (so a record) may have. */
    static final int MAX_BLOCK = 1 << 30;

    private final ReadableByteChannel in;
    private final Dialect dialect;
    private final int blockSize;
    private byte[] carry = new byte[0];
    private int carryLength;
    private long offset;
    private boolean endOfInput;
    private boolean first = true;

    /** A block: its bytes {@code [0, length)}, all complete records, starting at {@code offset} in the input. */
    record Block(byte[] bytes, int length, long offset) {
    }

    BlockSource(ReadableByteChannel in, Dialect dialect, int blockSize) {
        this.in = in;
        this.dialect = dialect;
        this.blockSize = blockSize;
    }

    /** The bytes of input cut into blocks so far. */
    long offset() {
        return offset;
    }

    /** The next block, or null at the end of the input. */
    Block next() throws IOException {
        if (endOfInput && carryLength == 0) {
            return null;
        }
        int size = Math.max(blockSize, carryLength * 2);
        byte[] buffer = new byte[size];
        System.arraycopy(carry, 0, buffer, 0, carryLength);
        int length = carryLength;
        while (true) {
            length = fill(buffer, length);
            int skip = 0;
            if (first && length >= 3 && (buffer[0] & 0xff) == 0xEF && (buffer[1] & 0xff) == 0xBB
                    && (buffer[2] & 0xff) == 0xBF) {
                skip = 3;
            }
            if (skip > 0) {
                System.arraycopy(buffer, skip, buffer, 0, length - skip);
                length -= skip;
                offset += skip;
            }
            first = false;
            int cut = endOfInput ? length : lastRecordEnd(buffer, length);
            if (cut > 0 || endOfInput && length == 0) {
                carryLength = length - cut;
                if (carry.length < carryLength) {
                    carry = new byte[Math.max(carryLength, blockSize / 4)];
                }
                System.arraycopy(buffer, cut, carry, 0, carryLength);
                Block block = new Block(buffer, cut, offset);
                offset += cut;
                return length == 0 ? null : block;
            }
            if (buffer.length >= MAX_BLOCK) {
                throw new CsvException("a record of more than " + MAX_BLOCK + " bytes at byte " + offset
                        + " (is a quote never closed?)");
            }
            buffer = Arrays.copyOf(buffer, (int) Math.min(MAX_BLOCK, buffer.length * 2L));
        }
    }

    private int fill(byte[] buffer, int length) throws IOException {
        ByteBuffer target = ByteBuffer.wrap(buffer, length, buffer.length - length);
        while (target.hasRemaining()) {
            int n = in.read(target);
            if (n < 0) {
                endOfInput = true;
                break;
            }
        }
        return target.position();
    }

    /** The position after the last record end (a line break outside quotes) in {@code [0, length)}, or 0. */
    private int lastRecordEnd(byte[] b, int length) {
        final byte quote = dialect.quote();
        final byte escape = dialect.escape();
        final byte delim = dialect.delimiter();
        boolean quoted = false;
        boolean fieldStart = true;
        int last = 0;
        for (int i = 0; i < length; i++) {
            byte c = b[i];
            if (quoted) {
                if (c == quote) {
                    if (i + 1 < length && b[i + 1] == quote) {
                        i++;
                    } else {
                        quoted = false;
                    }
                } else if (c == escape && escape != 0) {
                    i++;
                }
            } else if (c == '\n' || c == '\r') {
                last = i + 1;
                fieldStart = true;
            } else if (c == delim) {
                fieldStart = true;
            } else {
                quoted = c == quote && fieldStart;
                fieldStart = false;
            }
        }
        return last;
    }
}
