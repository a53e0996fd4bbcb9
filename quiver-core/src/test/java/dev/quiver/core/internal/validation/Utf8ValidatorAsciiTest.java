// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link Utf8Validator#isAscii} ORs whole words and reads the last word again, overlapping: a high byte at
 * any position of a range is seen, and one just outside the range is not.
 */
class Utf8ValidatorAsciiTest {

    @Test
    void aHighByteAnywhereInTheRangeAndNowhereElse() {
        for (int length = 0; length <= 40; length++) {
            for (int from = 0; from <= 3; from++) {
                byte[] bytes = new byte[from + length + 2];
                Arrays.fill(bytes, (byte) 'a');
                MemorySegment segment = MemorySegment.ofArray(bytes);
                int to = from + length;
                assertEquals(true, Utf8Validator.isAscii(segment, from, to));
                if (from > 0) {
                    bytes[from - 1] = (byte) 0x80;
                }
                bytes[to] = (byte) 0xC3;
                assertEquals(true, Utf8Validator.isAscii(segment, from, to), "high bytes just outside");
                for (int k = from; k < to; k++) {
                    bytes[k] = (byte) 0xFF;
                    assertEquals(false, Utf8Validator.isAscii(segment, from, to), "high byte at " + k);
                    bytes[k] = (byte) 'a';
                }
            }
        }
    }
}
