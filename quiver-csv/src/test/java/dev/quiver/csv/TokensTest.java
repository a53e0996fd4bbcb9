// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TokensTest {
    private static final Dialect CSV = new Dialect((byte) ',', (byte) '"', (byte) 0);
    private static final Dialect ESCAPES = new Dialect((byte) ',', (byte) '"', (byte) '\\');

    private static Tokens tokenize(String text, Dialect d) {
        return tokenize(text.getBytes(StandardCharsets.ISO_8859_1), d);
    }

    private static Tokens tokenize(byte[] b, Dialect d) {
        return Tokens.tokenize(b, 0, b.length, -1, d, Integer.MAX_VALUE, true);
    }

    @Test
    void asciiRecordsNeedNoUtf8Check() {
        Tokens t = tokenize("id,name,note\n1,\"alpha, beta\",a somewhat longer field\r\n2,x,\"q\"\"q\"\n", CSV);
        assertEquals(3, t.rows);
        assertTrue(t.ascii);
    }

    @Test
    void aByteAbove0x7fAnywhereInTheRecordsIsSeen() {
        String row = "1234567890,abcdefghijklmnopqrstuvwxyz,\"quoted, field\",last\n";
        for (int at = 0; at < row.length(); at++) {
            if (row.charAt(at) == ',' || row.charAt(at) == '\n' || row.charAt(at) == '"') {
                continue;
            }
            byte[] b = (row + row).getBytes(StandardCharsets.ISO_8859_1);
            for (int copy = 0; copy < 2; copy++) {
                byte[] changed = b.clone();
                changed[copy * row.length() + at] = (byte) 0xC3;
                Tokens t = tokenize(changed, CSV);
                assertEquals(2, t.rows);
                assertFalse(t.ascii, "byte " + at + " of record " + copy);
            }
        }
    }

    @Test
    void theByteAfterAnEscapeIsSeen() {
        byte[] b = "a,\"x\\\u00e9y\"\n".getBytes(StandardCharsets.ISO_8859_1);
        Tokens t = tokenize(b, ESCAPES);
        assertEquals(1, t.rows);
        assertEquals(Tokens.QUOTED | Tokens.ESCAPED, t.flags[1]);
        assertFalse(t.ascii);
    }
}
