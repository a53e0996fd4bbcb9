// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc.compression;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.junit.jupiter.api.Test;

/** The LZ4 frame decoder: lz4-java's frames of every option, linked blocks, and malformed input. */
class Lz4FrameDecoderTest {
    static byte[] decode(byte[] frame) throws IOException {
        try (Lz4FrameDecoder d = new Lz4FrameDecoder(new ByteArrayInputStream(frame))) {
            return d.readAllBytes();
        }
    }

    static byte[] sample(int size) {
        byte[] data = new byte[size];
        Random random = new Random(size);
        for (int i = 0; i < size; i++) {
            data[i] = (byte) (i % 97 < 50 ? i / 1000 : random.nextInt(4));
        }
        return data;
    }

    @Test
    void readsLz4JavaFramesWithEveryOption() throws IOException {
        byte[] data = sample(1_000_000);
        for (LZ4FrameOutputStream.BLOCKSIZE size : LZ4FrameOutputStream.BLOCKSIZE.values()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (LZ4FrameOutputStream lz4 = new LZ4FrameOutputStream(out, size, data.length,
                    LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE, LZ4FrameOutputStream.FLG.Bits.BLOCK_CHECKSUM,
                    LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM, LZ4FrameOutputStream.FLG.Bits.CONTENT_SIZE)) {
                lz4.write(data);
            }
            assertArrayEquals(data, decode(out.toByteArray()), size.toString());
        }
    }

    @Test
    void readsConcatenatedAndSkippableFrames() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(new byte[] {0x50, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 9, 9, 9});
        byte[] a = sample(70_000);
        byte[] b = sample(5);
        for (byte[] part : new byte[][] {a, b}) {
            try (LZ4FrameOutputStream lz4 = new LZ4FrameOutputStream(out)) {
                lz4.write(part);
            }
        }
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        expected.write(a);
        expected.write(b);
        assertArrayEquals(expected.toByteArray(), decode(out.toByteArray()));
    }

    /** A frame header with linked blocks (FLG 0x40), 64 KiB blocks, then the given blocks and an end mark. */
    static byte[] linkedFrame(byte[]... blocks) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {0x04, 0x22, 0x4D, 0x18, 0x40, 0x40, 0});
        for (byte[] block : blocks) {
            out.writeBytes(block);
        }
        out.writeBytes(new byte[] {0, 0, 0, 0});
        return out.toByteArray();
    }

    @Test
    void linkedBlocksReferToEarlierBlocks() throws IOException {
        byte[] rawAbc = {8, 0, 0, (byte) 0x80, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'};
        // Block 2: a match of 8 bytes at offset 8 (block 1's output); the literal 'x' then an overlapping
        // match of 8 at offset 1; the literal 'z'.
        byte[] block2 = {9, 0, 0, 0, 0x04, 8, 0, 0x14, 'x', 1, 0, 0x10, 'z'};
        byte[] expected = "abcdefghabcdefghxxxxxxxxxz".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertArrayEquals(expected, decode(linkedFrame(rawAbc, block2)));
    }

    @Test
    void malformedInputIsAnIOException() {
        byte[][] bad = {
            {0x04, 0x22, 0x4D, 0x18, 0x40},
            {0x04, 0x22, 0x4D, 0x19, 0x40, 0x40, 0, 0, 0, 0, 0},
            {0x04, 0x22, 0x4D, 0x18, (byte) 0x80, 0x40, 0, 0, 0, 0, 0},
            {0x04, 0x22, 0x4D, 0x18, 0x41, 0x40, 0, 0, 0, 0, 0, 0, 0, 0, 0},
            linkedFrame(new byte[] {3, 0, 0, 0, 0x04, 9, 0}),
            linkedFrame(new byte[] {3, 0, 0, 0, 0x04, 0, 0}),
            linkedFrame(new byte[] {2, 0, 0, 0, (byte) 0xF0, (byte) 0xFF}),
            linkedFrame(new byte[] {1, 0, 1, 0, 0}),
            linkedFrame(new byte[] {5, 0, 0, 0, 0x1F, 'a', 1, 0, (byte) 0xFF}),
        };
        for (byte[] frame : bad) {
            assertThrows(IOException.class, () -> decode(frame), java.util.Arrays.toString(frame));
        }
    }

    @Test
    void aMatchCannotGrowPastTheBlockMaximum() {
        // 64 KiB block maximum; one literal then a match of 255 * 300 bytes.
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        block.writeBytes(new byte[] {0x1F, 'a', 1, 0});
        for (int i = 0; i < 300; i++) {
            block.write(255);
        }
        block.write(0);
        byte[] body = block.toByteArray();
        ByteArrayOutputStream framed = new ByteArrayOutputStream();
        framed.writeBytes(new byte[] {(byte) body.length, (byte) (body.length >> 8), 0, 0});
        framed.writeBytes(body);
        assertThrows(IOException.class, () -> decode(linkedFrame(framed.toByteArray())));
    }
}
