// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import java.io.IOException;
import java.nio.channels.ReadableByteChannel;
import java.util.Arrays;

/**
 * Reads the input in blocks of about the block size. The tokenizer decides where a block's last complete
 * record ends (it follows the quotes, so a line break inside a quoted field never ends a block); the
 * bytes after it are {@link #keep kept} for the next block. A record longer than a block makes the block
 * {@link #more grow}. A UTF-8 byte order mark at the start is dropped. The input is read ahead on a thread
 * of its own ({@link Readahead}).
 */
final class BlockSource implements AutoCloseable {
    private final Readahead in;
    private final String source;
    private final int blockSize;
    /** The most bytes a record may have: a block grows for a longer record only up to one byte more. */
    private final int maxRecordBytes;
    private byte[] carry = new byte[0];
    private int carryLength;
    private long offset;
    private boolean endOfInput;
    private boolean first = true;
    /** Arrays of blocks parsed, to fill again (no new array of a block's size, zeroed, per block). */
    private final java.util.ArrayDeque<byte[]> free = new java.util.ArrayDeque<>();

    /**
     * A block: bytes {@code [0, length)} from {@code offset} of the input; {@code last} when the input
     * ends with it.
     */
    record Block(byte[] bytes, int length, long offset, boolean last) {
    }

    BlockSource(ReadableByteChannel in, String source, int blockSize, int maxRecordBytes) {
        this.in = new Readahead(in, blockSize);
        this.source = source;
        this.blockSize = blockSize;
        this.maxRecordBytes = maxRecordBytes;
    }

    /** The bytes of input passed on in blocks so far. */
    long offset() {
        return offset;
    }

    /** The next block, or null at the end of the input. */
    Block next() throws IOException {
        if (endOfInput && carryLength == 0) {
            return null;
        }
        int size = Math.max(blockSize, carryLength + blockSize / 2);
        byte[] buffer = free.isEmpty() || free.peek().length < size ? new byte[size] : free.poll();
        System.arraycopy(carry, 0, buffer, 0, carryLength);
        Block block = fill(buffer, carryLength);
        return block.length() == 0 ? null : block;
    }

    /**
     * The same block with more input after it (twice the room, up to one byte beyond the limit of a record),
     * for a record longer than the block: the block holds that one record, unfinished.
     *
     * @throws CsvException if the record is longer than the limit
     */
    Block more(Block block) throws IOException {
        if (block.length() > maxRecordBytes) {
            throw new CsvException(source + ": no record ends within " + maxRecordBytes + " bytes from byte offset "
                    + offset + ": a record is longer than the limit (CsvReadOptions.withMaxRecordBytes, the CLI's "
                    + "--max-record-bytes; is a quote never closed?)");
        }
        return fill(Arrays.copyOf(block.bytes(), (int) Math.min(maxRecordBytes + 1L, block.bytes().length * 2L)),
                block.length());
    }

    /** Takes back the array of a block no longer used, for a next block. */
    void recycle(byte[] bytes) {
        if (free.size() < 8 && bytes.length >= blockSize) {
            free.push(bytes);
        }
    }

    /** Passes on {@code [0, cut)} of {@code block}; the rest starts the next block. */
    void keep(Block block, int cut) {
        carryLength = block.length() - cut;
        if (carry.length < carryLength) {
            carry = new byte[Math.max(carryLength, blockSize / 4)];
        }
        System.arraycopy(block.bytes(), cut, carry, 0, carryLength);
        offset += cut;
    }

    /**
     * Puts {@code bytes[from, to)}, passed on before, back before the bytes kept: the next block starts
     * with them.
     */
    void unread(byte[] bytes, int from, int to) {
        int n = to - from;
        byte[] joined = new byte[Math.max(n + carryLength, blockSize / 4)];
        System.arraycopy(bytes, from, joined, 0, n);
        System.arraycopy(carry, 0, joined, n, carryLength);
        carry = joined;
        carryLength += n;
        offset -= n;
    }

    private Block fill(byte[] buffer, int length) throws IOException {
        int filled = length;
        while (filled < buffer.length && !endOfInput) {
            int n = in.read(buffer, filled, buffer.length - filled);
            if (n < 0) {
                endOfInput = true;
            } else {
                filled += n;
            }
        }
        if (first && filled >= 3 && (buffer[0] & 0xff) == 0xEF && (buffer[1] & 0xff) == 0xBB
                && (buffer[2] & 0xff) == 0xBF) {
            System.arraycopy(buffer, 3, buffer, 0, filled - 3);
            filled -= 3;
            offset += 3;
        }
        if (filled > 0 || endOfInput) {
            first = false;
        }
        return new Block(buffer, filled, offset, endOfInput);
    }

    /** Stops reading ahead (the channel is its owner's to close). */
    @Override
    public void close() {
        in.close();
    }
}
