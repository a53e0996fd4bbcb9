// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc.compression;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import net.jpountz.xxhash.XXHashFactory;

/**
 * One-shot encoding of a buffer as one LZ4 frame of independent 64 KiB blocks without checksums (the
 * bytes lz4-java's {@code LZ4FrameOutputStream} writes for it), and one-shot decoding of a single LZ4 frame of independent blocks (what lz4-java and Arrow C++ write)
 * straight into its destination, each block by lz4-java's bounds-checked block decompressor. Anything
 * else (linked blocks, skippable or several frames, a dictionary) is left to {@link Lz4FrameDecoder}.
 */
final class Lz4FrameBlocks {
    private static final int MAGIC = 0x184D2204;
    private static final LZ4SafeDecompressor BLOCKS = LZ4Factory.fastestInstance().safeDecompressor();
    private static final LZ4Compressor COMPRESSOR = LZ4Factory.fastestInstance().fastCompressor();
    /** Version 01, independent blocks, no checksums, no content size. */
    private static final byte FLG = 0x60;
    /** Blocks of at most 64 KiB. */
    private static final byte BD = 0x40;
    private static final int BLOCK = 64 * 1024;
    private static final byte HEADER_CHECKSUM = (byte) (XXHashFactory.fastestInstance().hash32()
            .hash(new byte[] {FLG, BD}, 0, 2, 0) >>> 8);

    private Lz4FrameBlocks() {
    }

    /** The most bytes {@link #encode} writes for {@code size} input bytes. */
    static long maxEncodedSize(long size) {
        long blocks = (size + BLOCK - 1) / BLOCK;
        return 7 + blocks * (4L + COMPRESSOR.maxCompressedLength(BLOCK)) + 4;
    }

    /**
     * Encodes all of {@code src} as one frame into {@code dst}, which holds at least
     * {@link #maxEncodedSize} bytes; returns the bytes written. A block that does not shrink is stored as is.
     */
    static long encode(ByteBuffer src, ByteBuffer dst) {
        ByteBuffer out = dst.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int size = src.capacity();
        out.putInt(0, MAGIC).put(4, FLG).put(5, BD).put(6, HEADER_CHECKSUM);
        int dp = 7;
        for (int sp = 0; sp < size; sp += BLOCK) {
            int n = Math.min(BLOCK, size - sp);
            int packed = COMPRESSOR.compress(src, sp, n, out, dp + 4, COMPRESSOR.maxCompressedLength(n));
            if (packed >= n) {
                out.putInt(dp, n | 0x80000000);
                out.put(dp + 4, src, sp, n);
                packed = n;
            } else {
                out.putInt(dp, packed);
            }
            dp += 4 + packed;
        }
        out.putInt(dp, 0);
        return dp + 4;
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
