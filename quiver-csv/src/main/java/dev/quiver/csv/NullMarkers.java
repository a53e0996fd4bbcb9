// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import java.nio.charset.StandardCharsets;
import java.util.Set;

/** The null markers as bytes, tested against a field without making a String of it. */
final class NullMarkers {
    private final boolean empty;
    private final byte[][] markers;
    private final boolean[] firstBytes = new boolean[256];

    NullMarkers(Set<String> values) {
        this.empty = values.contains("");
        this.markers = values.stream().filter(v -> !v.isEmpty()).map(v -> v.getBytes(StandardCharsets.UTF_8))
                .toArray(byte[][]::new);
        for (byte[] marker : markers) {
            firstBytes[marker[0] & 0xff] = true;
        }
    }

    /** Whether the unquoted field {@code [s, e)} is null. */
    boolean isNull(byte[] b, int s, int e) {
        if (s == e) {
            return empty;
        }
        if (!firstBytes[b[s] & 0xff]) {
            return false;
        }
        int n = e - s;
        for (byte[] marker : markers) {
            if (marker.length == n && java.util.Arrays.equals(b, s, e, marker, 0, n)) {
                return true;
            }
        }
        return false;
    }

    /** Whether an empty unquoted field is null. */
    boolean emptyIsNull() {
        return empty;
    }
}
