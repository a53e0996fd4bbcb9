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
        return decimalSeconds(nanos, 3) + " s";
    }

    /**
     * Nanoseconds as seconds with {@code decimals} (0 to 9) decimals, rounded half up, and no unit, e.g.
     * {@code 0.4125}: the timings the benchmark commands print. Integer arithmetic: the first use of
     * {@code String.format} costs a fresh JVM about 10 ms.
     */
    public static String decimalSeconds(long nanos, int decimals) {
        long unit = 1;
        for (int d = decimals; d < 9; d++) {
            unit *= 10;
        }
        long units = (Math.abs(nanos) + unit / 2) / unit;
        long perSecond = 1_000_000_000 / unit;
        String fraction = Long.toString(perSecond + units % perSecond).substring(1);
        return (nanos < 0 ? "-" : "") + units / perSecond + (decimals == 0 ? "" : "." + fraction);
    }

    /** {@code n} and the noun in the right number: {@code 1 batch}, {@code 3 batches}. */
    public static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
