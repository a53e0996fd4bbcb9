// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.validation;

import dev.quiver.core.memory.LE;
import java.lang.foreign.MemorySegment;

/**
 * Checks that bytes are well-formed UTF-8 (the Unicode standard's table 3-7: no overlong forms, no
 * surrogates, nothing past U+10FFFF), skipping runs of ASCII eight bytes at a time.
 */
public final class Utf8Validator {
    private static final long HIGH_BITS = 0x8080808080808080L;

    private Utf8Validator() {
    }

    /** Whether bytes {@code [from, to)} of {@code segment} are well-formed UTF-8. */
    public static boolean isValid(MemorySegment segment, long from, long to) {
        long i = from;
        while (i < to) {
            while (to - i >= 8 && (segment.get(LE.LONG, i) & HIGH_BITS) == 0) {
                i += 8;
            }
            if (i >= to) {
                return true;
            }
            int b = segment.get(LE.BYTE, i) & 0xFF;
            if (b < 0x80) {
                i++;
            } else if (b < 0xC2) {
                return false;
            } else if (b < 0xE0) {
                if (to - i < 2 || !isContinuation(segment.get(LE.BYTE, i + 1))) {
                    return false;
                }
                i += 2;
            } else if (b < 0xF0) {
                if (to - i < 3) {
                    return false;
                }
                int b1 = segment.get(LE.BYTE, i + 1) & 0xFF;
                int low = b == 0xE0 ? 0xA0 : 0x80;
                int high = b == 0xED ? 0x9F : 0xBF;
                if (b1 < low || b1 > high || !isContinuation(segment.get(LE.BYTE, i + 2))) {
                    return false;
                }
                i += 3;
            } else if (b < 0xF5) {
                if (to - i < 4) {
                    return false;
                }
                int b1 = segment.get(LE.BYTE, i + 1) & 0xFF;
                int low = b == 0xF0 ? 0x90 : 0x80;
                int high = b == 0xF4 ? 0x8F : 0xBF;
                if (b1 < low || b1 > high || !isContinuation(segment.get(LE.BYTE, i + 2))
                        || !isContinuation(segment.get(LE.BYTE, i + 3))) {
                    return false;
                }
                i += 4;
            } else {
                return false;
            }
        }
        return true;
    }

    private static boolean isContinuation(byte b) {
        return (b & 0xC0) == 0x80;
    }
}
