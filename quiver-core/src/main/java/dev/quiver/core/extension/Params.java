// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.type.InvalidTypeException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reading and checking the parameters of the tensor extension types from their parsed metadata. */
final class Params {
    private Params() {
    }

    static void refuseUnknownKeys(Map<String, Object> json, Set<String> known, String what) {
        for (String key : json.keySet()) {
            if (!known.contains(key)) {
                throw new InvalidTypeException(what + ": unknown parameter \"" + key + "\" (known: " + known + ")");
            }
        }
    }

    /** A JSON array of non-negative int32 values (nulls allowed when {@code nullable}). */
    static List<Integer> intList(Object value, String key, boolean nullable, String what) {
        if (!(value instanceof List<?> list)) {
            throw new InvalidTypeException(what + ": \"" + key + "\" must be a JSON array, not " + value);
        }
        List<Integer> out = new ArrayList<>(list.size());
        for (Object o : list) {
            if (o == null && nullable) {
                out.add(null);
                continue;
            }
            if (!(o instanceof BigDecimal d)) {
                throw new InvalidTypeException(what + ": \"" + key + "\" holds " + o + ", not an integer");
            }
            int v;
            try {
                v = d.intValueExact();
            } catch (ArithmeticException e) {
                throw new InvalidTypeException(what + ": \"" + key + "\" holds " + d + ", not an int32");
            }
            if (v < 0) {
                throw new InvalidTypeException(what + ": \"" + key + "\" holds the negative value " + v);
            }
            out.add(v);
        }
        return Collections.unmodifiableList(out);
    }

    /** A JSON array of strings. */
    static List<String> stringList(Object value, String key, String what) {
        if (!(value instanceof List<?> list)) {
            throw new InvalidTypeException(what + ": \"" + key + "\" must be a JSON array, not " + value);
        }
        List<String> out = new ArrayList<>(list.size());
        for (Object o : list) {
            if (!(o instanceof String s)) {
                throw new InvalidTypeException(what + ": \"" + key + "\" holds " + o + ", not a string");
            }
            out.add(s);
        }
        return List.copyOf(out);
    }

    /** Checks dim_names and permutation against the number of dimensions (empty lists mean absent). */
    static void checkLayout(List<String> dimNames, List<Integer> permutation, int ndim, String what) {
        if (!dimNames.isEmpty() && dimNames.size() != ndim) {
            throw new InvalidTypeException(what + ": dim_names has " + dimNames.size()
                    + " names for " + ndim + " dimensions");
        }
        if (permutation.isEmpty()) {
            return;
        }
        if (permutation.size() != ndim) {
            throw new InvalidTypeException(what + ": permutation has " + permutation.size()
                    + " entries for " + ndim + " dimensions");
        }
        boolean[] seen = new boolean[ndim];
        for (int p : permutation) {
            if (p >= ndim || seen[p]) {
                throw new InvalidTypeException(what + ": permutation " + permutation
                        + " is not a permutation of [0, " + ndim + ")");
            }
            seen[p] = true;
        }
    }

    static void appendInts(StringBuilder out, String key, List<Integer> values) {
        out.append(out.length() > 1 ? "," : "").append(MetadataJson.quote(key)).append(":[");
        for (int k = 0; k < values.size(); k++) {
            out.append(k > 0 ? "," : "").append(values.get(k) == null ? "null" : values.get(k).toString());
        }
        out.append(']');
    }

    static void appendStrings(StringBuilder out, String key, List<String> values) {
        out.append(out.length() > 1 ? "," : "").append(MetadataJson.quote(key)).append(":[");
        for (int k = 0; k < values.size(); k++) {
            out.append(k > 0 ? "," : "").append(MetadataJson.quote(values.get(k)));
        }
        out.append(']');
    }

    /** The logical order of {@code physical} under {@code permutation} (empty: identity). */
    static <T> List<T> permute(List<T> physical, List<Integer> permutation) {
        if (permutation.isEmpty()) {
            return physical;
        }
        List<T> out = new ArrayList<>(physical.size());
        for (int p : permutation) {
            out.add(physical.get(p));
        }
        return Collections.unmodifiableList(out);
    }
}
