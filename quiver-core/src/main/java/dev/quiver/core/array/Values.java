// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import java.math.BigDecimal;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Printing of the generic values {@link Array#getObject} returns. */
public final class Values {
    private Values() {
    }

    /**
     * A value as text: strings quoted, byte arrays in hex, decimals without exponent (as decimal arrays print
     * them), lists and maps recursively.
     *
     * @param value a value as {@link Array#getObject} returns it, or null
     * @return the text; {@code null} for null
     */
    public static String format(Object value) {
        return switch (value) {
            case null -> "null";
            case String s -> '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
            case BigDecimal d -> plain(d);
            case byte[] b -> "0x" + HexFormat.of().withUpperCase().formatHex(b);
            case List<?> l -> l.stream().map(Values::format).collect(Collectors.joining(", ", "[", "]"));
            case Map.Entry<?, ?> e -> format(e.getKey()) + ": " + format(e.getValue());
            case Map<?, ?> m -> m.entrySet().stream().map(e -> e.getKey() + ": " + format(e.getValue()))
                    .collect(Collectors.joining(", ", "{", "}"));
            default -> String.valueOf(value);
        };
    }

    /** Longest plain form printed; beyond it (a scale far from the digits) scientific notation. */
    private static final int MAX_PLAIN_DIGITS = 100;

    /** A decimal without exponent, unless that would take more than {@link #MAX_PLAIN_DIGITS} digits. */
    static String plain(BigDecimal d) {
        long digits = Math.max(d.precision(), Math.abs((long) d.scale()) + 1);
        return digits <= MAX_PLAIN_DIGITS ? d.toPlainString() : d.toString();
    }
}
