// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import java.util.Random;

/** Random strings over ASCII, control characters, quotes, backslashes, and BMP and supplementary code points. */
final class RandomText {
    private static final String SPECIAL = "\"\\\n\r\t\u0000\u0001\u001f/\u007f";

    private RandomText() {
    }

    static String of(Random random, int maxLength) {
        int n = random.nextInt(maxLength + 1);
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < n; k++) {
            switch (random.nextInt(5)) {
                case 0 -> sb.append(SPECIAL.charAt(random.nextInt(SPECIAL.length())));
                case 1 -> sb.appendCodePoint(0x80 + random.nextInt(0xD800 - 0x80));
                case 2 -> sb.appendCodePoint(0x10000 + random.nextInt(0x10FFFF - 0x10000));
                default -> sb.append((char) (' ' + random.nextInt(95)));
            }
        }
        return sb.toString();
    }
}
