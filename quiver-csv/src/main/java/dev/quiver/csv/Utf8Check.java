// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Strict UTF-8 validation of a byte range: ASCII eight bytes at a time, the rest by the RFC 3629 table. */
final class Utf8Check {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;

    private Utf8Check() {
    }

    /** The position of the first byte of {@code [s, e)} that starts no valid UTF-8 sequence, or -1. */
    static int firstInvalid(byte[] b, int s, int e) {
        int i = s;
        while (i < e) {
            while (i + 16 <= e && (((long) LONGS.get(b, i) | (long) LONGS.get(b, i + 8)) & HIGH_BITS) == 0) {
                i += 16;
            }
            if (i == e) {
                break;
            }
            if (i + 8 <= e && ((long) LONGS.get(b, i) & HIGH_BITS) == 0) {
                i += 8;
                continue;
            }
            int c = b[i] & 0xff;
            if (c < 0x80) {
                i++;
                continue;
            }
            int n;
            int min;
            int max = 0xBF;
            if (c >= 0xC2 && c <= 0xDF) {
                n = 1;
                min = 0x80;
            } else if (c >= 0xE0 && c <= 0xEF) {
                n = 2;
                min = c == 0xE0 ? 0xA0 : 0x80;
                max = c == 0xED ? 0x9F : 0xBF;
            } else if (c >= 0xF0 && c <= 0xF4) {
                n = 3;
                min = c == 0xF0 ? 0x90 : 0x80;
                max = c == 0xF4 ? 0x8F : 0xBF;
            } else {
                return i;
            }
            if (i + n >= e) {
                return i;
            }
            int second = b[i + 1] & 0xff;
            if (second < min || second > max) {
                return i;
            }
            for (int k = 2; k <= n; k++) {
                int next = b[i + k] & 0xff;
                if (next < 0x80 || next > 0xBF) {
                    return i;
                }
            }
            i += n + 1;
        }
        return -1;
    }
}
