// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc.compression;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * One-shot decoding of a single LZ4 frame of independent blocks (what lz4-java and Arrow C++ write)
 * straight into its destination, each block by lz4-java's bounds-checked block decompressor. Anything
 * else (linked blocks, skippable or several frames, a dictionary) is left to {@link Lz4FrameDecoder}.
 */
final class Lz4FrameBlocks {
    private static final int MAGIC = 0x184D2204;
    private static final LZ4SafeDecompressor BLOCKS = LZ4Factory.fastestInstance().safeDecompressor();

    private Lz4FrameBlocks() {
    }

    /**
     * Decodes the frame in {@code src} into {@code dst}; returns the bytes written, or -1 when the frame
     * needs the streaming decoder. Throws on malformed input or output that would not fit.
     */
    static long decode(ByteBuffer src, ByteBuffer dst) throws IOException {
        ByteBuffer in = src.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int end = in.capacity();
        if (end < 7 || in.getInt(0) != MAGIC) {
            return -1;
        }
        int flg = in.get(4) & 0xFF;
        int bd = in.get(5) & 0xFF;
        int sizeCode = (bd >>> 4) & 7;
        if ((flg >>> 6) != 1 || (flg & 0x23) != 0x20 || (bd & 0x8F) != 0 || sizeCode < 4) {
            return -1;
        }
        int blockMax = 1 << (8 + 2 * sizeCode);
        boolean blockChecksum = (flg & 0x10) != 0;
        int sp = 7 + ((flg & 0x08) != 0 ? 8 : 0);
        int dp = 0;
        int capacity = dst.capacity();
        try {
            while (true) {
                if (end - sp < 4) {
                    throw new IOException("truncated LZ4 frame");
                }
                int size = in.getInt(sp);
                sp += 4;
                if (size == 0) {
                    break;
                }
                boolean raw = size < 0;
                size &= 0x7FFFFFFF;
                if (size > blockMax || size > end - sp - (blockChecksum ? 4 : 0)) {
                    throw new IOException("LZ4 block of " + size + " bytes does not fit the frame");
                }
                if (raw) {
                    if (size > capacity - dp) {
                        throw new IOException("LZ4 output exceeds " + capacity + " bytes");
                    }
                    dst.put(dp, in, sp, size);
                    dp += size;
                } else {
                    dp += BLOCKS.decompress(in, sp, size, dst, dp, Math.min(blockMax, capacity - dp));
                }
                sp += size + (blockChecksum ? 4 : 0);
            }
        } catch (LZ4Exception | IndexOutOfBoundsException e) {
            throw new IOException("malformed LZ4 block (" + e.getMessage() + ")", e);
        }
        sp += (flg & 0x04) != 0 ? 4 : 0;
        return sp == end ? dp : -1;
    }
}
