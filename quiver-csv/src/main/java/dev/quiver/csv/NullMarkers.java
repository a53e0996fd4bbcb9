// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import java.nio.charset.StandardCharsets;
import java.util.Set;

/** The null markers as bytes, tested against a field without making a String of it. */
final class NullMarkers {
    private final boolean empty;
    private final byte[][] markers;
    /** By length, then first byte: whether some marker has them. */
    private final boolean[][] starts;
    private final int maxLength;

    NullMarkers(Set<String> values) {
        this.empty = values.contains("");
        this.markers = values.stream().filter(v -> !v.isEmpty()).map(v -> v.getBytes(StandardCharsets.UTF_8))
                .toArray(byte[][]::new);
        int longest = 0;
        for (byte[] marker : markers) {
            longest = Math.max(longest, marker.length);
        }
        this.maxLength = longest;
        this.starts = new boolean[longest + 1][256];
        for (byte[] marker : markers) {
            starts[marker.length][marker[0] & 0xff] = true;
        }
    }

    /** Whether the unquoted field {@code [s, e)} is null. */
    boolean isNull(byte[] b, int s, int e) {
        if (s == e) {
            return empty;
        }
        int n = e - s;
        if (n > maxLength || !starts[n][b[s] & 0xff]) {
            return false;
        }
        for (byte[] marker : markers) {
            if (marker.length == n && same(b, s, marker)) {
                return true;
            }
        }
        return false;
    }

    private static boolean same(byte[] b, int s, byte[] marker) {
        for (int k = 0; k < marker.length; k++) {
            if (b[s + k] != marker[k]) {
                return false;
            }
        }
        return true;
    }

    /** Whether an empty unquoted field is null. */
    boolean emptyIsNull() {
        return empty;
    }
}
