// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.text;

import java.util.Locale;

/** Byte sizes, durations and counts as people read them. */
public final class Sizes {
    private Sizes() {
    }

    /** {@code 1536} → {@code 1.5 KiB}; below 1 KiB in bytes. */
    public static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    /** Nanoseconds as seconds with three decimals, e.g. {@code 0.412 s}. */
    public static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
    }

    /** {@code n} and the noun in the right number: {@code 1 batch}, {@code 3 batches}. */
    public static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
