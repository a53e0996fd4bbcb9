// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SizesTest {
    @Test
    void decimalSecondsRoundHalfUpToTheDecimalsAsked() {
        assertEquals("0.412", Sizes.decimalSeconds(412_345_678, 3));
        assertEquals("0.413", Sizes.decimalSeconds(412_500_000, 3));
        assertEquals("2.000", Sizes.decimalSeconds(1_999_600_000, 3));
        assertEquals("123.4568", Sizes.decimalSeconds(123_456_789_012L, 4));
        assertEquals("0.000000005", Sizes.decimalSeconds(5, 9));
        assertEquals("0.000", Sizes.decimalSeconds(0, 3));
        assertEquals("8", Sizes.decimalSeconds(7_500_000_000L, 0));
        assertEquals("-0.250", Sizes.decimalSeconds(-250_000_000, 3));
        assertEquals("0.412 s", Sizes.seconds(412_345_678));
    }
}
