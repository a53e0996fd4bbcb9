// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc.compression;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * A stream of the bytes of LZ4 frames, linked blocks included (which lz4-java's frame reader refuses,
 * and which writers such as lz4js produce). Memory is bounded by the frame's block size (at most
 * 4 MiB plus a 64 KiB history), whatever the input claims; every length and back-reference is checked.
 * Skippable frames are skipped; checksums are not verified (the IPC reader validates the data).
 */
final class Lz4FrameDecoder extends InputStream {
    private static final int MAGIC = 0x184D2204;
    private static final int SKIPPABLE_MASK = 0xFFFFFFF0;
    private static final int SKIPPABLE = 0x184D2A50;
    private static final int HISTORY = 64 * 1024;

    private final InputStream in;
    private byte[] window = new byte[0];
    private byte[] block = new byte[0];
    private int blockMax;
    private boolean blockChecksum;
    private boolean contentChecksum;
    private boolean inFrame;
    private int start;
    private int end;

    Lz4FrameDecoder(InputStream in) {
        this.in = in;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (start == end) {
            if (!nextBlock()) {
                return -1;
            }
        }
        int n = Math.min(len, end - start);
        System.arraycopy(window, start, b, off, n);
        start += n;
        return n;
    }

    /** Decodes the next block into the window; false at the end of the input. */
    private boolean nextBlock() throws IOException {
        if (!inFrame && !readFrameHeader()) {
            return false;
        }
        int size = readIntLE();
        if (size == 0) {
            if (contentChecksum) {
                readFully(new byte[4], 4);
            }
            inFrame = false;
            return true;
        }
        boolean raw = size < 0;
        size &= 0x7FFFFFFF;
        if (size > blockMax) {
            throw new IOException("LZ4 block of " + size + " bytes exceeds the frame's maximum of " + blockMax);
        }
        readFully(block, size);
        if (blockChecksum) {
            readFully(new byte[4], 4);
        }
        keepHistory();
        int at = end;
        if (raw) {
            System.arraycopy(block, 0, window, at, size);
            end = at + size;
        } else {
            end = decodeBlock(block, size, window, at, at + blockMax);
        }
        start = at;
        return true;
    }

    /** Moves the last 64 KiB of output to the front of the window, making room for a block. */
    private void keepHistory() {
        int keep = Math.min(end, HISTORY);
        System.arraycopy(window, end - keep, window, 0, keep);
        end = keep;
        start = keep;
    }

    private boolean readFrameHeader() throws IOException {
        while (true) {
            byte[] first = new byte[4];
            int got = in.readNBytes(first, 0, 4);
            if (got == 0) {
                return false;
            }
            if (got < 4) {
                throw new EOFException("truncated LZ4 frame magic");
            }
            int magic = (first[0] & 0xFF) | (first[1] & 0xFF) << 8 | (first[2] & 0xFF) << 16 | (first[3] & 0xFF) << 24;
            if ((magic & SKIPPABLE_MASK) == SKIPPABLE) {
                in.skipNBytes(readIntLE() & 0xFFFFFFFFL);
                continue;
            }
            if (magic != MAGIC) {
                throw new IOException("not an LZ4 frame (magic " + Integer.toHexString(magic) + ")");
            }
            int flg = readByte();
            int bd = readByte();
            if ((flg >>> 6) != 1 || (flg & 0x02) != 0 || (bd & 0x8F) != 0) {
                throw new IOException("unsupported LZ4 frame descriptor " + Integer.toHexString(flg) + " "
                        + Integer.toHexString(bd));
            }
            if ((flg & 0x01) != 0) {
                throw new IOException("LZ4 frames with a dictionary are not supported");
            }
            int sizeCode = (bd >>> 4) & 7;
            if (sizeCode < 4) {
                throw new IOException("invalid LZ4 block maximum size code " + sizeCode);
            }
            blockMax = 1 << (8 + 2 * sizeCode);
            blockChecksum = (flg & 0x10) != 0;
            contentChecksum = (flg & 0x04) != 0;
            if ((flg & 0x08) != 0) {
                readFully(new byte[8], 8);
            }
            readByte();
            if (block.length < blockMax) {
                block = new byte[blockMax];
                byte[] grown = new byte[HISTORY + blockMax];
                System.arraycopy(window, 0, grown, 0, end);
                window = grown;
            }
            inFrame = true;
            // Blocks of a new frame never refer to an earlier frame's output.
            start = 0;
            end = 0;
            return true;
        }
    }

    /**
     * Decodes one LZ4 block of {@code srcLen} bytes into {@code dst} from {@code dp}, refusing output past
     * {@code limit} and references before the start of {@code dst}; returns the end of the output.
     */
    static int decodeBlock(byte[] src, int srcLen, byte[] dst, int dp, int limit) throws IOException {
        int sp = 0;
        while (sp < srcLen) {
            int token = src[sp++] & 0xFF;
            int literals = token >>> 4;
            if (literals == 15) {
                int b;
                do {
                    if (sp >= srcLen) {
                        throw new IOException("truncated LZ4 literal length");
                    }
                    b = src[sp++] & 0xFF;
                    literals += b;
                } while (b == 255 && literals < limit);
            }
            if (literals > srcLen - sp || literals > limit - dp) {
                throw new IOException("LZ4 literals run past the block");
            }
            System.arraycopy(src, sp, dst, dp, literals);
            sp += literals;
            dp += literals;
            if (sp == srcLen) {
                break;
            }
            if (srcLen - sp < 2) {
                throw new IOException("truncated LZ4 match offset");
            }
            int offset = (src[sp] & 0xFF) | (src[sp + 1] & 0xFF) << 8;
            sp += 2;
            if (offset == 0 || offset > dp) {
                throw new IOException("LZ4 match offset " + offset + " points outside the output");
            }
            int match = (token & 15) + 4;
            if ((token & 15) == 15) {
                int b;
                do {
                    if (sp >= srcLen) {
                        throw new IOException("truncated LZ4 match length");
                    }
                    b = src[sp++] & 0xFF;
                    match += b;
                } while (b == 255 && match < limit);
            }
            if (match > limit - dp) {
                throw new IOException("LZ4 match runs past the block");
            }
            int from = dp - offset;
            if (offset >= match) {
                System.arraycopy(dst, from, dst, dp, match);
                dp += match;
            } else {
                for (int i = 0; i < match; i++) {
                    dst[dp++] = dst[from + i];
                }
            }
        }
        return dp;
    }

    private int readByte() throws IOException {
        int b = in.read();
        if (b < 0) {
            throw new EOFException("truncated LZ4 frame");
        }
        return b;
    }

    private int readIntLE() throws IOException {
        byte[] b = new byte[4];
        readFully(b, 4);
        return (b[0] & 0xFF) | (b[1] & 0xFF) << 8 | (b[2] & 0xFF) << 16 | (b[3] & 0xFF) << 24;
    }

    private void readFully(byte[] b, int n) throws IOException {
        if (in.readNBytes(b, 0, n) < n) {
            throw new EOFException("truncated LZ4 frame");
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
