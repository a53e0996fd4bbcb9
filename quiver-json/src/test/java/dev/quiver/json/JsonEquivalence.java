// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import dev.quiver.json.JsonValue.JArray;
import dev.quiver.json.JsonValue.JBool;
import dev.quiver.json.JsonValue.JNumber;
import dev.quiver.json.JsonValue.JObject;
import java.math.BigDecimal;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Compares two JSON documents of the integration format up to the representation choices the format
 * leaves open: numbers by value, booleans as 0/1, absent {@code children} and {@code metadata} as
 * empty, an absent interval member as 0 (written {@code {}} in null slots by some producers) and an
 * absent {@code bitWidth} as 128 (decimals of format 1.0 files).
 */
final class JsonEquivalence {
    private JsonEquivalence() {
    }

    /** Null when equivalent, else the path of the first mismatch and the two values. */
    static String difference(JsonValue a, JsonValue b, String path) {
        if (a instanceof JObject oa && b instanceof JObject ob) {
            Set<String> keys = new LinkedHashSet<>(oa.members().keySet());
            keys.addAll(ob.members().keySet());
            for (String key : keys) {
                String d = difference(member(oa, key), member(ob, key), path + "." + key);
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (a instanceof JArray xa && b instanceof JArray xb) {
            if (xa.size() != xb.size()) {
                return path + ": " + xa.size() + " vs " + xb.size() + " entries";
            }
            for (int i = 0; i < xa.size(); i++) {
                String d = difference(xa.get(i), xb.get(i), path + "[" + i + "]");
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        BigDecimal na = number(a);
        BigDecimal nb = number(b);
        if (na != null && nb != null) {
            return na.compareTo(nb) == 0 ? null : path + ": " + na + " vs " + nb;
        }
        return a.equals(b) ? null : path + ": " + JsonValue.kind(a) + " vs " + JsonValue.kind(b);
    }

    private static JsonValue member(JObject obj, String key) {
        JsonValue v = obj.get(key);
        if (v == null || v == JsonValue.JNull.INSTANCE) {
            return switch (key) {
                case "children", "metadata" -> new JArray(java.util.List.of());
                case JsonIntervals.DAYS, JsonIntervals.MILLISECONDS, JsonIntervals.MONTHS, JsonIntervals.NANOSECONDS ->
                        new JNumber("0", true);
                case "bitWidth" -> new JNumber("128", true);
                default -> JsonValue.JNull.INSTANCE;
            };
        }
        return v;
    }

    private static BigDecimal number(JsonValue v) {
        return switch (v) {
            case JNumber n -> new BigDecimal(n.text());
            case JBool b -> b.value() ? BigDecimal.ONE : BigDecimal.ZERO;
            default -> null;
        };
    }
}
