package dev.quiver.core.array;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a generic value (as {@link Array#getObject} returns it) into a key with content equality and
 * hashing: integers of any boxed class become Long (BigInteger too when it fits), byte arrays become
 * buffers over a copy, lists, maps and map entries are converted recursively. Builders that deduplicate (dictionary) or merge (run-end encoding) compare these keys.
 */
final class ValueKey {
    private ValueKey() {
    }

    static Object of(Object value) {
        return switch (value) {
            case null -> null;
            case Integer i -> Long.valueOf(i);
            case Short sh -> Long.valueOf(sh);
            case Byte b -> Long.valueOf(b);
            case BigInteger b when b.bitLength() < 64 -> b.longValue();
            case byte[] b -> ByteBuffer.wrap(b.clone());
            case List<?> l -> {
                List<Object> out = new ArrayList<>(l.size());
                for (Object o : l) {
                    out.add(of(o));
                }
                yield out;
            }
            case Map.Entry<?, ?> e -> new AbstractMap.SimpleImmutableEntry<>(of(e.getKey()), of(e.getValue()));
            case Map<?, ?> m -> {
                Map<Object, Object> out = new LinkedHashMap<>();
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    out.put(e.getKey(), of(e.getValue()));
                }
                yield out;
            }
            default -> value;
        };
    }
}
