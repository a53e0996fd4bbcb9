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
     * A value as text: strings quoted, byte arrays in hex, decimals without exponent (as decimal arrays
     * print them), lists and maps recursively.
     */
    public static String format(Object value) {
        return switch (value) {
            case null -> "null";
            case String s -> '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
            case BigDecimal d -> d.toPlainString();
            case byte[] b -> "0x" + HexFormat.of().withUpperCase().formatHex(b);
            case List<?> l -> l.stream().map(Values::format).collect(Collectors.joining(", ", "[", "]"));
            case Map.Entry<?, ?> e -> format(e.getKey()) + ": " + format(e.getValue());
            case Map<?, ?> m -> m.entrySet().stream().map(e -> e.getKey() + ": " + format(e.getValue()))
                    .collect(Collectors.joining(", ", "{", "}"));
            default -> String.valueOf(value);
        };
    }
}
