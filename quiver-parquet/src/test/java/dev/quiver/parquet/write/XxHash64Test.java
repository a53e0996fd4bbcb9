// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class XxHash64Test {
    private static long hash(byte[] bytes) {
        return XxHash64.hash(java.lang.foreign.MemorySegment.ofArray(bytes), 0, bytes.length);
    }

    @Test
    void knownDigestsOfTheReferenceImplementation() {
        assertEquals(0xEF46DB3751D8E999L, hash(new byte[0]));
        assertEquals(0xD24EC4F1A98C6E5BL, hash("a".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(0x44BC2CF5AD770999L, hash("abc".getBytes(StandardCharsets.US_ASCII)));
        // 32 bytes and more go through the four-lane loop; a value inside a larger segment hashes alone
        byte[] value = "0123456789abcdef0123456789abcdefXYZ".getBytes(StandardCharsets.US_ASCII);
        byte[] padded = new byte[value.length + 5];
        System.arraycopy(value, 0, padded, 3, value.length);
        assertEquals(hash(value), XxHash64.hash(java.lang.foreign.MemorySegment.ofArray(padded), 3, value.length));
    }
}
