// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The input cut into blocks of whole lines, each the lines of one batch: a block ends after its
 * {@code maxLines}-th line feed, or after the first line feed at or past {@code maxBytes} bytes, or at the
 * end of the input. A line is never split; an object spread over several lines may be (the parser of the
 * block finds it unfinished). Memory: one block and the line that passes {@code maxBytes} (the input refuses
 * longer lines, see {@link LineLimit}).
 */
final class LineBlocks {
    /** A block: {@code bytes[0, length)}, starting at line {@code firstLine}; {@code last} ends the input. */
    record Block(byte[] bytes, int length, long firstLine, boolean last) {
    }

    private static final int READ = 1 << 20;

    private final InputStream in;
    private final int maxLines;
    private final int maxBytes;
    /** The bytes read past the last block's end, the next block's start: {@code rest[0, restLength)}. */
    private byte[] rest = new byte[0];
    private int restLength;
    private long line = 1;
    private boolean ended;
    private int lastLength = READ;
    /** The input's failure, after the lines read before it. */
    private IOException failure;

    LineBlocks(InputStream in, int maxLines, int maxBytes) {
        this.in = in;
        this.maxLines = maxLines;
        this.maxBytes = maxBytes;
    }

    /** The next block, or null at the end of the input. */
    Block next() throws IOException {
        if (failure != null) {
            throw failure;
        }
        if (ended && restLength == 0) {
            return null;
        }
        byte[] buffer = new byte[Math.max(restLength + READ, lastLength + lastLength / 8)];
        System.arraycopy(rest, 0, buffer, 0, restLength);
        int length = restLength;
        int scanned = 0;
        int lines = 0;
        int linesEnd = 0;
        while (true) {
            for (; scanned < length; scanned++) {
                if (buffer[scanned] == '\n') {
                    linesEnd = scanned + 1;
                    if (++lines == maxLines || linesEnd >= maxBytes) {
                        return cut(buffer, length, linesEnd, lines, false);
                    }
                }
            }
            if (ended) {
                return cut(buffer, length, length, lines, true);
            }
            if (length == buffer.length) {
                buffer = Arrays.copyOf(buffer, buffer.length + Math.max(READ, buffer.length / 2));
            }
            int n;
            try {
                n = in.read(buffer, length, buffer.length - length);
            } catch (IOException e) {
                if (lines == 0) {
                    throw e;
                }
                // The lines read before the failure first, as one thread would parse them.
                failure = e;
                return cut(buffer, linesEnd, linesEnd, lines, false);
            }
            if (n < 0) {
                ended = true;
            } else {
                length += n;
            }
        }
    }

    private Block cut(byte[] buffer, int length, int end, int lines, boolean last) {
        restLength = length - end;
        rest = Arrays.copyOfRange(buffer, end, length);
        Block block = new Block(buffer, end, line, last && restLength == 0);
        line += lines;
        lastLength = end;
        return block;
    }

    /** The bytes taken from the input but not yet in a block, to hand to a reader that takes over. */
    byte[] rest() {
        return Arrays.copyOf(rest, restLength);
    }
}
