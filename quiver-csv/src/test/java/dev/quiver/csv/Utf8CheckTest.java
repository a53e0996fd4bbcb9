// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The ASCII runs checked sixteen and eight bytes at a time find the first bad byte wherever it is. */
class Utf8CheckTest {
    @Test
    void firstBadByteAnywhereInAnyLength() {
        SplittableRandom random = new SplittableRandom(8);
        for (int length = 0; length < 80; length++) {
            byte[] ascii = new byte[length];
            Arrays.fill(ascii, (byte) 'a');
            assertEquals(-1, Utf8Check.firstInvalid(ascii, 0, length), "length " + length);
            for (int bad = 0; bad < length; bad++) {
                byte[] b = ascii.clone();
                b[bad] = (byte) 0xFF;
                int from = random.nextInt(bad + 1);
                assertEquals(bad, Utf8Check.firstInvalid(b, from, length), length + " " + bad);
                b[bad] = (byte) 0xC3;
                if (bad + 1 < length) {
                    b[bad + 1] = (byte) 0xA9;
                    assertEquals(-1, Utf8Check.firstInvalid(b, from, length), "é at " + bad);
                } else {
                    assertEquals(bad, Utf8Check.firstInvalid(b, from, length), "cut é at " + bad);
                }
            }
        }
    }
}
