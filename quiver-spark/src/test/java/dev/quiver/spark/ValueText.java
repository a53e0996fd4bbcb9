// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;

/**
 * Spark rows as text, in the same form the tests' Python side prints pyarrow's values: null, true/false,
 * numbers, decimals in plain notation, quoted strings, hex bytes, dates as epoch days, timestamps and
 * durations as microseconds, [lists], {maps}, (structs).
 */
final class ValueText {
    private ValueText() {
    }

    static List<String> rows(List<Row> rows) {
        List<String> out = new ArrayList<>();
        for (Row row : rows) {
            out.add(of(row));
        }
        return out;
    }

    static String of(Object v) {
        return switch (v) {
            case null -> "null";
            case Boolean b -> b ? "true" : "false";
            case Float f -> Float.toString(f);
            case Double d -> Double.toString(d);
            case BigDecimal d -> d.toPlainString();
            case String s -> "\"" + s + "\"";
            case byte[] b -> HexFormat.of().formatHex(b);
            case LocalDate d -> Long.toString(d.toEpochDay());
            case Instant i -> Long.toString(ChronoUnit.MICROS.between(Instant.EPOCH, i));
            case LocalDateTime t -> Long.toString(ChronoUnit.MICROS.between(Instant.EPOCH, t.toInstant(ZoneOffset.UTC)));
            case Duration d -> Long.toString(d.toNanos() / 1000);
            case Row r -> {
                List<String> fields = new ArrayList<>();
                for (int k = 0; k < r.length(); k++) {
                    fields.add(of(r.get(k)));
                }
                yield "(" + String.join(",", fields) + ")";
            }
            case scala.collection.Map<?, ?> m -> {
                List<String> entries = new ArrayList<>();
                for (Map.Entry<?, ?> e : scala.jdk.javaapi.CollectionConverters.asJava(m).entrySet()) {
                    entries.add(of(e.getKey()) + ":" + of(e.getValue()));
                }
                yield "{" + String.join(",", entries) + "}";
            }
            case scala.collection.Seq<?> s -> {
                List<String> items = new ArrayList<>();
                for (Object item : scala.jdk.javaapi.CollectionConverters.asJava(s)) {
                    items.add(of(item));
                }
                yield "[" + String.join(",", items) + "]";
            }
            default -> v.toString();
        };
    }
}
