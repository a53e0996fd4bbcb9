// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.BaseListArray;
import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.array.StructArray;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.InvalidTypeException;
import dev.quiver.core.validation.ValidationException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * A typed view of an {@code arrow.parquet.variant} array: value {@code i} decoded to the Java tree that
 * {@link VariantDecoder} describes. Shredded values are put back together: a non-null
 * {@code typed_value} gives the value (primitives by the type mapping, lists element by element, structs
 * as objects whose shredded fields join the fields of an object in {@code value}); otherwise the binary
 * {@code value} is decoded.
 */
public final class VariantArray {
    private static final Object MISSING = new Object();

    private final ExtensionArray array;
    private final Array metadata;
    private final Group top;

    private record Group(Array value, Array typed) {
        static Group of(StructArray s) {
            List<String> names = s.fields().stream().map(f -> f.name()).toList();
            return new Group(names.contains("value") ? s.field("value") : null,
                    names.contains("typed_value") ? s.field("typed_value") : null);
        }
    }

    /**
     * A view of {@code array}.
     *
     * @param array an array of extension type {@code arrow.parquet.variant}
     * @throws InvalidTypeException if it is not one, or its storage type breaks a rule of the type
     */
    public VariantArray(Array array) {
        this.array = Extensions.extensionArray(array, VariantType.NAME);
        VariantType.check(this.array.type());
        StructArray storage = (StructArray) this.array.storage();
        this.metadata = storage.field("metadata");
        this.top = Group.of(storage);
    }

    /**
     * The array viewed.
     *
     * @return the extension array
     */
    public ExtensionArray array() {
        return array;
    }

    /**
     * The number of values.
     *
     * @return the length
     */
    public long length() {
        return array.length();
    }

    /**
     * Whether value {@code i} is null (the struct slot, not a variant null).
     *
     * @param i the value's index
     * @return true if it is null
     */
    public boolean isNull(long i) {
        return array.isNull(i);
    }

    /**
     * The metadata bytes of value {@code i}.
     *
     * @param i the value's index
     * @return the bytes
     * @throws ValidationException if the non-nullable metadata is null there
     */
    public byte[] metadata(long i) {
        Object bytes = metadata.getObject(i);
        if (bytes == null) {
            throw new ValidationException(VariantType.NAME, i, "metadata is null");
        }
        return (byte[]) bytes;
    }

    /**
     * The binary value of value {@code i}, or null where it is null (shredded into {@code typed_value} or
     * absent).
     *
     * @param i the value's index
     * @return the bytes, or null
     */
    public byte[] value(long i) {
        return top.value == null || top.value.isNull(i) ? null : (byte[]) top.value.getObject(i);
    }

    /**
     * Value {@code i} decoded, shredded parts included.
     *
     * @param i the value's index
     * @return the Java tree, null for a null slot or the variant null
     * @throws ValidationException if the encoding or the shredding breaks a rule, naming the slot
     */
    public Object get(long i) {
        if (isNull(i)) {
            return null;
        }
        try {
            byte[][] names = VariantDecoder.dictionary(metadata(i));
            Object out = reconstruct(top, i, names, "");
            return out == MISSING ? null : out;
        } catch (InvalidVariantException e) {
            throw new ValidationException(VariantType.NAME, i, e.getMessage());
        }
    }

    /**
     * Decodes every valid value, which checks the encoding and the shredding of the whole array.
     *
     * @throws ValidationException naming the first slot that breaks a rule
     */
    public void validate() {
        for (long i = 0; i < length(); i++) {
            get(i);
        }
    }

    private Object reconstruct(Group g, long i, byte[][] names, String path) {
        boolean hasTyped = g.typed != null && !g.typed.isNull(i);
        boolean hasValue = g.value != null && !g.value.isNull(i);
        Object decoded = hasValue ? VariantDecoder.decode(names, (byte[]) g.value.getObject(i)) : MISSING;
        if (!hasTyped) {
            return decoded;
        }
        if (g.typed instanceof StructArray struct) {
            return object(struct, i, names, path, decoded);
        }
        if (hasValue) {
            throw new InvalidVariantException(where(path) + ": both value and a non-object typed_value are set");
        }
        if (g.typed instanceof BaseListArray list) {
            return list(list, i, names, path);
        }
        return primitive(g.typed, i);
    }

    private Object object(StructArray struct, long i, byte[][] names, String path, Object decoded) {
        Map<String, Object> fields = new TreeMap<>(VariantArray::utf8Order);
        if (decoded != MISSING) {
            if (!(decoded instanceof Map<?, ?> map)) {
                throw new InvalidVariantException(where(path) + ": typed_value is an object but value is not");
            }
            for (Map.Entry<?, ?> e : map.entrySet()) {
                fields.put((String) e.getKey(), e.getValue());
            }
        }
        for (int k = 0; k < struct.fieldCount(); k++) {
            String name = struct.fields().get(k).name();
            StructArray field = (StructArray) struct.field(k);
            Object v = reconstruct(Group.of(field), i, names, path + "." + name);
            if (v == MISSING) {
                continue;
            }
            if (fields.containsKey(name)) {
                throw new InvalidVariantException(where(path) + ": field " + name
                        + " is both shredded and in value");
            }
            fields.put(name, v);
        }
        return Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    private List<Object> list(BaseListArray list, long i, byte[][] names, String path) {
        StructArray elements = (StructArray) list.values();
        Group g = Group.of(elements);
        long start = list.valueOffset(i);
        long n = list.valueLength(i);
        List<Object> out = new ArrayList<>();
        for (long k = 0; k < n; k++) {
            Object v = reconstruct(g, start + k, names, path + "[" + k + "]");
            if (v == MISSING) {
                throw new InvalidVariantException(where(path) + ": array element " + k
                        + " has neither value nor typed_value");
            }
            out.add(v);
        }
        return Collections.unmodifiableList(out);
    }

    private static Object primitive(Array a, long i) {
        Object o = a.getObject(i);
        return switch (a.type()) {
            case ArrowType.Int t -> switch (t.bitWidth() + (t.signed() ? 0 : 1)) {
                case 8 -> ((Number) o).byteValue();
                case 9, 16 -> ((Number) o).shortValue();
                case 17, 32 -> ((Number) o).intValue();
                default -> ((Number) o).longValue();
            };
            case ArrowType.Date _, ArrowType.Time _, ArrowType.Timestamp _ -> {
                // Temporal arrays give java.time values, or their raw count when java.time cannot hold it.
                if (o instanceof Number raw) {
                    throw new InvalidVariantException("typed_value " + a.type() + " " + raw
                            + " is outside what the variant's type can hold");
                }
                yield o;
            }
            case ArrowType.Extension t -> {
                ByteBuffer b = ByteBuffer.wrap((byte[]) o);
                yield new UUID(b.getLong(), b.getLong());
            }
            default -> o;
        };
    }

    private static int utf8Order(String a, String b) {
        return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    private static String where(String path) {
        return path.isEmpty() ? "variant" : "variant" + path;
    }
}
