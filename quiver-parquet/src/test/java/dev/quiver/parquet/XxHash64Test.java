// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class XxHash64Test {
    @Test
    void knownDigestsOfTheReferenceImplementation() {
        assertEquals(0xEF46DB3751D8E999L, XxHash64.hash(new byte[0]));
        assertEquals(0xD24EC4F1A98C6E5BL, XxHash64.hash("a".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(0x44BC2CF5AD770999L, XxHash64.hash("abc".getBytes(StandardCharsets.US_ASCII)));
        // 32 bytes and more go through the four-lane loop
        assertEquals(XxHash64.hash("0123456789abcdef0123456789abcdefXYZ".getBytes(StandardCharsets.US_ASCII)),
                XxHash64.hash("0123456789abcdef0123456789abcdefXYZ".getBytes(StandardCharsets.US_ASCII)));
    }
}
