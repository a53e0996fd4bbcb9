// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.UnionValue;
import dev.quiver.core.memory.HalfFloat;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Types;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a generic value (as {@link ArrayBuilder#appendObject} takes it) into a key with content equality
 * and hashing that follows what the builder of its type stores, so that two keys are equal exactly when
 * the stored values would be: integers of any boxed class become the stored long, floats the bits of
 * the stored float (NaNs of different payloads and the two zeros differ, as arrays compare them),
 * {@code java.time} values the stored count of their unit (an {@code Instant} and the raw count of the
 * same moment are one key),
 * decimals are rescaled to the type's scale, byte arrays become buffers over a copy, union values
 * carry the type id of their child, and nested values are converted recursively along the type.
 * Builders that deduplicate (dictionary) or merge (run-end encoding) compare these keys.
 */
final class ValueKey {
    private ValueKey() {
    }

    /** A union value: the type id of the child and the key of the value in it. */
    private record UnionKey(int typeId, Object value) {
    }

    /** A float as its stored bits (half, single or double precision). */
    private record FloatBits(int precision, long bits) {
    }

    static Object of(ArrowType type, Object value) {
        if (value == null) {
            return null;
        }
        ArrowType storage = Types.storage(type);
        return switch (storage) {
            case ArrowType.Int t -> integer(value);
            case ArrowType.Date t -> integer(TemporalConversions.storedCount(t, value));
            case ArrowType.Time t -> integer(TemporalConversions.storedCount(t, value));
            case ArrowType.Timestamp t -> integer(TemporalConversions.storedCount(t, value));
            case ArrowType.Duration t -> integer(TemporalConversions.storedCount(t, value));
            case ArrowType.Interval t -> integer(TemporalConversions.storedCount(t, value));
            case ArrowType.FloatingPoint t when value instanceof Number n -> switch (t.precision()) {
                case HALF -> new FloatBits(16, HalfFloat.fromFloat((float) n.doubleValue()));
                case SINGLE -> new FloatBits(32, Float.floatToRawIntBits((float) n.doubleValue()));
                case DOUBLE -> new FloatBits(64, Double.doubleToRawLongBits(n.doubleValue()));
            };
            case ArrowType.Decimal t when value instanceof BigDecimal d -> rescaled(d, t.scale());
            case ArrowType.List t -> list(t.valueField(), value);
            case ArrowType.LargeList t -> list(t.valueField(), value);
            case ArrowType.ListView t -> list(t.valueField(), value);
            case ArrowType.LargeListView t -> list(t.valueField(), value);
            case ArrowType.FixedSizeList t -> list(t.valueField(), value);
            case ArrowType.Struct t when value instanceof Map<?, ?> m -> {
                Map<Object, Object> out = new LinkedHashMap<>();
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    Field field = t.fields().stream().filter(f -> f.name().equals(e.getKey())).findFirst()
                            .orElse(null);
                    out.put(e.getKey(), field == null ? plain(e.getValue()) : of(field.type(), e.getValue()));
                }
                yield out;
            }
            case ArrowType.Map t -> entries(t, value);
            case ArrowType.Union t -> {
                int typeId = value instanceof UnionValue u ? u.typeId()
                        : t.typeIds().get(UnionBuilder.childFor(t, value));
                Object inner = value instanceof UnionValue u ? u.value() : value;
                int k = t.childIndex(typeId);
                yield new UnionKey(typeId, k < 0 ? plain(inner) : of(t.fields().get(k).type(), inner));
            }
            case ArrowType.RunEndEncoded t -> of(t.values().type(), value);
            case ArrowType.Dictionary t -> of(t.valueType(), value);
            default -> plain(value);
        };
    }

    /** What an integer builder stores: {@code longValue()} of any number. */
    private static Object integer(Object value) {
        return value instanceof Number n ? (Object) n.longValue() : value;
    }

    private static Object rescaled(BigDecimal value, int scale) {
        try {
            return value.setScale(scale);
        } catch (ArithmeticException e) {
            return value;
        }
    }

    private static Object list(Field element, Object value) {
        if (!(value instanceof List<?> l)) {
            return plain(value);
        }
        List<Object> out = new ArrayList<>(l.size());
        for (Object o : l) {
            out.add(of(element.type(), o));
        }
        return out;
    }

    private static Object entries(ArrowType.Map type, Object value) {
        Iterable<?> pairs = value instanceof Map<?, ?> m ? m.entrySet() : value instanceof List<?> l ? l : null;
        if (pairs == null) {
            return plain(value);
        }
        List<Object> out = new ArrayList<>();
        for (Object o : pairs) {
            out.add(o instanceof Map.Entry<?, ?> e ? new AbstractMap.SimpleImmutableEntry<>(
                    of(type.keyField().type(), e.getKey()), of(type.valueField().type(), e.getValue())) : plain(o));
        }
        return out;
    }

    /** A value of no known type: byte arrays by content, anything else as it is. */
    private static Object plain(Object value) {
        return value instanceof byte[] b ? ByteBuffer.wrap(b.clone()) : value;
    }
}
