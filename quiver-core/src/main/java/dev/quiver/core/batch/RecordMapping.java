// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import dev.quiver.core.QuiverException;
import dev.quiver.core.array.Array;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A record class's components as fields, and the conversion of component values to and from the values
 * of {@link Array#getObject} and {@code ArrayBuilder.appendObject}, through reflection.
 */
final class RecordMapping<R extends Record> {
    private final RecordComponent[] components;
    private final Constructor<R> constructor;
    private Schema schema;

    private RecordMapping(Class<R> type) {
        if (!type.isRecord()) {
            throw new QuiverException(type.getName() + " is not a record class");
        }
        this.components = type.getRecordComponents();
        Class<?>[] parameters = new Class<?>[components.length];
        for (int k = 0; k < components.length; k++) {
            parameters[k] = components[k].getType();
        }
        try {
            this.constructor = type.getDeclaredConstructor(parameters);
            for (RecordComponent c : components) {
                c.getAccessor().trySetAccessible();
            }
            constructor.trySetAccessible();
        } catch (NoSuchMethodException e) {
            throw new QuiverException(type.getName() + " has no canonical constructor", e);
        }
    }

    static <R extends Record> RecordMapping<R> of(Class<R> type) {
        return new RecordMapping<>(type);
    }

    /** The schema of the components, derived when first asked (reading records needs none). */
    Schema schema() {
        if (schema == null) {
            List<Field> fields = new ArrayList<>();
            for (RecordComponent c : components) {
                String where = c.getDeclaringRecord().getSimpleName() + "." + c.getName();
                fields.add(field(where, c.getName(), c.getGenericType()));
            }
            schema = new Schema(fields);
        }
        return schema;
    }

    // ---- Java type -> field

    private static Field field(String where, String name, Type type) {
        if (type instanceof ParameterizedType p && p.getRawType() == Optional.class) {
            return field(where, name, p.getActualTypeArguments()[0]).withNullable(true);
        }
        if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
            Field element = field(where + "[]", "item", p.getActualTypeArguments()[0]).withNullable(true);
            return Field.nullable(name, new ArrowType.List(element));
        }
        if (!(type instanceof Class<?> c)) {
            throw new QuiverException(where + ": type " + type.getTypeName() + " has no Arrow counterpart");
        }
        ArrowType arrow = primitive(c);
        if (arrow != null) {
            return Field.notNull(name, arrow);
        }
        arrow = boxed(c);
        if (arrow != null) {
            return Field.nullable(name, arrow);
        }
        if (c.isRecord()) {
            List<Field> fields = new ArrayList<>();
            for (RecordComponent rc : c.getRecordComponents()) {
                fields.add(field(where + "." + rc.getName(), rc.getName(), rc.getGenericType()));
            }
            return Field.nullable(name, new ArrowType.Struct(fields));
        }
        if (c == BigDecimal.class) {
            throw new QuiverException(where + ": BigDecimal has no fixed precision and scale; build the batch "
                    + "with RecordBatchBuilder.of and a schema with the decimal type you want");
        }
        throw new QuiverException(where + ": type " + c.getName() + " has no Arrow counterpart");
    }

    private static ArrowType primitive(Class<?> c) {
        if (c == long.class) {
            return ArrowType.INT64;
        } else if (c == int.class) {
            return ArrowType.INT32;
        } else if (c == short.class) {
            return ArrowType.INT16;
        } else if (c == byte.class) {
            return ArrowType.INT8;
        } else if (c == double.class) {
            return ArrowType.FLOAT64;
        } else if (c == float.class) {
            return ArrowType.FLOAT32;
        } else if (c == boolean.class) {
            return ArrowType.BOOL;
        }
        return null;
    }

    private static ArrowType boxed(Class<?> c) {
        if (c == Long.class) {
            return ArrowType.INT64;
        } else if (c == Integer.class) {
            return ArrowType.INT32;
        } else if (c == Short.class) {
            return ArrowType.INT16;
        } else if (c == Byte.class) {
            return ArrowType.INT8;
        } else if (c == Double.class) {
            return ArrowType.FLOAT64;
        } else if (c == Float.class) {
            return ArrowType.FLOAT32;
        } else if (c == Boolean.class) {
            return ArrowType.BOOL;
        } else if (c == String.class) {
            return ArrowType.UTF8;
        } else if (c == byte[].class) {
            return ArrowType.BINARY;
        } else if (c == LocalDate.class) {
            return new ArrowType.Date(dev.quiver.core.type.DateUnit.DAY);
        } else if (c == LocalTime.class) {
            return new ArrowType.Time(TimeUnit.MICROSECOND);
        } else if (c == Instant.class) {
            return new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
        } else if (c == LocalDateTime.class) {
            return new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
        } else if (c == Duration.class) {
            return new ArrowType.Duration(TimeUnit.MICROSECOND);
        }
        return null;
    }

    // ---- record -> row values

    /** The record's component values in the form the builders take. */
    Object[] values(R record) {
        Object[] out = new Object[components.length];
        for (int k = 0; k < components.length; k++) {
            out[k] = toArrow(read(components[k], record));
        }
        return out;
    }

    private static Object read(RecordComponent component, Record record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException e) {
            throw new QuiverException("cannot read " + component.getDeclaringRecord().getName() + "."
                    + component.getName() + ": the record class must be public or its package open", e);
        } catch (InvocationTargetException e) {
            throw new QuiverException("reading " + component.getName() + " failed", e.getCause());
        }
    }

    private static Object toArrow(Object value) {
        return switch (value) {
            case null -> null;
            case Optional<?> o -> toArrow(o.orElse(null));
            case Record r -> {
                Map<String, Object> struct = new LinkedHashMap<>();
                for (RecordComponent c : r.getClass().getRecordComponents()) {
                    c.getAccessor().trySetAccessible();
                    struct.put(c.getName(), toArrow(read(c, r)));
                }
                yield struct;
            }
            case List<?> list -> {
                List<Object> out = new ArrayList<>(list.size());
                for (Object element : list) {
                    out.add(toArrow(element));
                }
                yield out;
            }
            default -> value;
        };
    }

    // ---- batch -> records

    /** The batch's rows as records; components take the columns of their names. */
    List<R> read(RecordBatch batch) {
        int[] columns = new int[components.length];
        for (int k = 0; k < components.length; k++) {
            columns[k] = batch.schema().index(components[k].getName());
        }
        List<R> out = new ArrayList<>(Math.toIntExact(batch.rowCount()));
        Object[] args = new Object[components.length];
        for (long r = 0; r < batch.rowCount(); r++) {
            for (int k = 0; k < components.length; k++) {
                Object value = batch.column(columns[k]).getObject(r);
                String where = "row " + r + ", column " + components[k].getName();
                args[k] = fromArrow(where, value, components[k].getGenericType());
            }
            out.add(construct(constructor, args));
        }
        return out;
    }

    private static <T> T construct(Constructor<T> constructor, Object[] args) {
        try {
            return constructor.newInstance(args);
        } catch (IllegalAccessException | InstantiationException e) {
            throw new QuiverException("cannot construct " + constructor.getDeclaringClass().getName()
                    + ": the record class must be public or its package open", e);
        } catch (InvocationTargetException e) {
            throw new QuiverException(constructor.getDeclaringClass().getName() + "'s constructor refused "
                    + java.util.Arrays.toString(args), e.getCause());
        }
    }

    private static Object fromArrow(String where, Object value, Type type) {
        if (type instanceof ParameterizedType p && p.getRawType() == Optional.class) {
            return Optional.ofNullable(fromArrow(where, value, p.getActualTypeArguments()[0]));
        }
        if (value == null) {
            if (type instanceof Class<?> c && c.isPrimitive()) {
                throw new QuiverException(where + ": null for the primitive component of type " + c.getName());
            }
            return null;
        }
        if (type instanceof ParameterizedType p && p.getRawType() == List.class && value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            for (int k = 0; k < list.size(); k++) {
                out.add(fromArrow(where + "[" + k + "]", list.get(k), p.getActualTypeArguments()[0]));
            }
            return out;
        }
        if (type instanceof Class<?> c) {
            if (c.isRecord() && value instanceof Map<?, ?> struct) {
                RecordComponent[] parts = c.getRecordComponents();
                Object[] args = new Object[parts.length];
                Class<?>[] classes = new Class<?>[parts.length];
                for (int k = 0; k < parts.length; k++) {
                    args[k] = fromArrow(where + "." + parts[k].getName(), struct.get(parts[k].getName()),
                            parts[k].getGenericType());
                    classes[k] = parts[k].getType();
                }
                try {
                    Constructor<?> constructor = c.getDeclaredConstructor(classes);
                    constructor.trySetAccessible();
                    return construct(constructor, args);
                } catch (NoSuchMethodException e) {
                    throw new QuiverException(where + ": " + c.getName() + " has no canonical constructor", e);
                }
            }
            Object converted = number(c, value);
            if (converted != null) {
                return converted;
            }
            Class<?> boxed = box(c);
            if (boxed.isInstance(value)) {
                return value;
            }
        }
        throw new QuiverException(where + ": " + value.getClass().getSimpleName() + " "
                + dev.quiver.core.array.Values.format(value) + " does not fit a component of type " + type.getTypeName());
    }

    /** An integer value as the integer class asked for when it fits exactly, a float widened; else null. */
    private static Object number(Class<?> c, Object value) {
        if (!(value instanceof Number n) || value instanceof BigDecimal) {
            return null;
        }
        boolean integral = value instanceof Long || value instanceof Integer || value instanceof Short
                || value instanceof Byte || value instanceof BigInteger;
        if (integral) {
            BigInteger big = value instanceof BigInteger b ? b : BigInteger.valueOf(n.longValue());
            if ((c == long.class || c == Long.class) && big.bitLength() < 64) {
                return big.longValue();
            } else if ((c == int.class || c == Integer.class) && big.bitLength() < 32) {
                return big.intValue();
            } else if ((c == short.class || c == Short.class) && big.bitLength() < 16) {
                return big.shortValue();
            } else if ((c == byte.class || c == Byte.class) && big.bitLength() < 8) {
                return big.byteValue();
            }
            return null;
        }
        if ((c == double.class || c == Double.class) && (value instanceof Double || value instanceof Float)) {
            return n.doubleValue();
        }
        if ((c == float.class || c == Float.class) && value instanceof Float) {
            return value;
        }
        return null;
    }

    private static Class<?> box(Class<?> c) {
        if (!c.isPrimitive()) {
            return c;
        }
        return c == boolean.class ? Boolean.class : c == char.class ? Character.class : c;
    }
}
