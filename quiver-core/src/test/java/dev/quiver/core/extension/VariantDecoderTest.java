// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import static dev.quiver.core.extension.ExtensionTestSupport.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The Parquet Variant binary encoding, byte by byte. */
class VariantDecoderTest {
    /** Version 1, sorted, dictionary ["a", "b"]. */
    static final byte[] AB = bytes(0x11, 2, 0, 1, 2, 'a', 'b');
    static final byte[] EMPTY = bytes(0x01, 0, 0);

    @Test
    void primitives() {
        assertNull(VariantDecoder.decode(EMPTY, bytes(0x00)));
        assertEquals(true, VariantDecoder.decode(EMPTY, bytes(1 << 2)));
        assertEquals(false, VariantDecoder.decode(EMPTY, bytes(2 << 2)));
        assertEquals((byte) -2, VariantDecoder.decode(EMPTY, bytes(3 << 2, 0xFE)));
        assertEquals((short) 0x0102, VariantDecoder.decode(EMPTY, bytes(4 << 2, 0x02, 0x01)));
        assertEquals(-1, VariantDecoder.decode(EMPTY, bytes(5 << 2, 0xFF, 0xFF, 0xFF, 0xFF)));
        assertEquals(1L << 56, VariantDecoder.decode(EMPTY, bytes(6 << 2, 0, 0, 0, 0, 0, 0, 0, 1)));
        assertEquals(1.0, VariantDecoder.decode(EMPTY, bytes(7 << 2, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F)));
        assertEquals(new BigDecimal("-1.23"), VariantDecoder.decode(EMPTY, bytes(8 << 2, 2, 0x85, 0xFF, 0xFF, 0xFF)));
        assertEquals(new BigDecimal("1.0"), VariantDecoder.decode(EMPTY, bytes(9 << 2, 1, 10, 0, 0, 0, 0, 0, 0, 0)));
        byte[] d16 = new byte[18];
        d16[0] = 10 << 2;
        d16[2] = 7;
        assertEquals(new BigDecimal("7"), VariantDecoder.decode(EMPTY, d16));
        assertEquals(LocalDate.of(1970, 1, 2), VariantDecoder.decode(EMPTY, bytes(11 << 2, 1, 0, 0, 0)));
        assertEquals(Instant.ofEpochSecond(0, 1000), VariantDecoder.decode(EMPTY, bytes(12 << 2, 1, 0, 0, 0, 0, 0, 0, 0)));
        assertEquals(LocalDateTime.of(1970, 1, 1, 0, 0, 0, 1000),
                VariantDecoder.decode(EMPTY, bytes(13 << 2, 1, 0, 0, 0, 0, 0, 0, 0)));
        assertEquals(1.0f, VariantDecoder.decode(EMPTY, bytes(14 << 2, 0, 0, 0x80, 0x3F)));
        assertArrayEquals(bytes(9, 8), (byte[]) VariantDecoder.decode(EMPTY, bytes(15 << 2, 2, 0, 0, 0, 9, 8)));
        assertEquals("hé", VariantDecoder.decode(EMPTY, bytes(16 << 2, 3, 0, 0, 0, 'h', 0xC3, 0xA9)));
        assertEquals(LocalTime.of(0, 0, 1), VariantDecoder.decode(EMPTY, bytes(17 << 2, 0x40, 0x42, 0x0F, 0, 0, 0, 0, 0)));
        assertEquals(Instant.ofEpochSecond(0, 1), VariantDecoder.decode(EMPTY, bytes(18 << 2, 1, 0, 0, 0, 0, 0, 0, 0)));
        assertEquals(LocalDateTime.of(1970, 1, 1, 0, 0, 0, 1),
                VariantDecoder.decode(EMPTY, bytes(19 << 2, 1, 0, 0, 0, 0, 0, 0, 0)));
        byte[] uuid = new byte[17];
        uuid[0] = 20 << 2;
        uuid[1] = 0x12;
        uuid[16] = 0x34;
        assertEquals(new UUID(0x1200000000000000L, 0x34L), VariantDecoder.decode(EMPTY, uuid));
        assertEquals("xy", VariantDecoder.decode(EMPTY, bytes((2 << 2) | 1, 'x', 'y')));
    }

    @Test
    void objectsAndArrays() {
        byte[] object = bytes(0x02, 2, 0, 1, 0, 2, 4, 3 << 2, 1, (1 << 2) | 1, 'x');
        assertEquals(Map.of("a", (byte) 1, "b", "x"), VariantDecoder.decode(AB, object));
        assertEquals(List.of("a", "b"), List.copyOf(((Map<?, ?>) VariantDecoder.decode(AB, object)).keySet()));
        byte[] array = bytes(0x03, 2, 0, 1, 2, 1 << 2, 0);
        assertEquals(Arrays.asList(true, null), VariantDecoder.decode(EMPTY, array));
        byte[] nested = bytes(0x03, 1, 0, 11, 0x02, 2, 0, 1, 0, 2, 4, 3 << 2, 1, (1 << 2) | 1, 'x');
        assertEquals(List.of(Map.of("a", (byte) 1, "b", "x")), VariantDecoder.decode(AB, nested));
        // Values of an object may be stored in any order: here b's bytes come first.
        byte[] reordered = bytes(0x02, 2, 0, 1, 2, 0, 4, (1 << 2) | 1, 'x', 3 << 2, 1);
        assertEquals(Map.of("a", (byte) 1, "b", "x"), VariantDecoder.decode(AB, reordered));
        // The empty dictionary as the Arrow spec's examples write it: header and size, no offset.
        assertNull(VariantDecoder.decode(bytes(0x01, 0), bytes(0)));
    }

    @Test
    void everyEncodingRuleIsChecked() {
        Object[][] cases = {
            {bytes(0x02, 0, 0), bytes(0), "version 2"},
            {bytes(), bytes(0), "metadata: empty"},
            {bytes(0x01, 1, 0, 5, 'a'), bytes(0), "beyond"},
            {bytes(0x01, 1, 1, 1, 'a'), bytes(0), "first offset is 1"},
            {bytes(0x11, 2, 0, 1, 2, 'b', 'a'), bytes(0), "marked sorted"},
            {bytes(0x01, 1, 0, 1, 0xFF), bytes(0), "not valid UTF-8"},
            {bytes(0x01, 1, 0, 1, 'a', 'z'), bytes(0), "bytes after the last string"},
            {EMPTY, bytes(0, 0), "1 bytes after the value"},
            {EMPTY, bytes(), "no header byte"},
            {EMPTY, bytes(21 << 2), "unknown primitive type id 21"},
            {EMPTY, bytes(6 << 2, 1, 2), "runs past"},
            {EMPTY, bytes(16 << 2, 9, 0, 0, 0, 'a'), "runs past"},
            {EMPTY, bytes((1 << 2) | 1, 0xC3), "not valid UTF-8"},
            {EMPTY, bytes(8 << 2, 10, 0, 0, 0, 0), "scale 10"},
            {EMPTY, bytes(8 << 2, 0, 0x00, 0xCA, 0x9A, 0x3B), "more than 9 digits"},
            {EMPTY, bytes(17 << 2, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF), "outside a day"},
            {AB, bytes(0x02, 2, 1, 0, 0, 1, 2, 0, 0), "lexicographic order"},
            {AB, bytes(0x02, 2, 0, 0, 0, 1, 2, 0, 0), "lexicographic order"},
            {AB, bytes(0x02, 1, 2, 0, 1, 0), "field id 2"},
            {AB, bytes(0x02, 1, 0, 1, 1, 0), "offset 1 is not inside"},
            {EMPTY, bytes(0x03, 2, 0, 2, 1, 0, 0), "out of order"},
            {EMPTY, bytes(0x03, 1, 0, 2, 0, 0), "does not fill"},
            {EMPTY, bytes(0x03, 0xFF), "runs past"},
        };
        for (Object[] c : cases) {
            InvalidVariantException e = assertThrows(InvalidVariantException.class,
                    () -> VariantDecoder.decode((byte[]) c[0], (byte[]) c[1]), (String) c[2]);
            assertTrue(e.getMessage().contains((String) c[2]), c[2] + " / " + e.getMessage());
        }
    }

    @Test
    void deepNestingIsRefusedNotAStackOverflow() {
        int depth = 1_000;
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(depth * 10 + 1).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < depth; k++) {
            // an array of one element, 4-byte offsets: 0 and the size of the rest
            b.put((byte) 0x0F).put((byte) 1).putInt(0).putInt((depth - k - 1) * 10 + 1);
        }
        b.put((byte) 0);
        InvalidVariantException e = assertThrows(InvalidVariantException.class,
                () -> VariantDecoder.decode(EMPTY, b.array()));
        assertTrue(e.getMessage().contains("nested deeper than 128"), e.getMessage());
    }
}
