// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.internal.validation.ValidityFlags;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An array of structs: one child array per field, read at the struct's {@code offset + i}, and a validity
 * bitmap of its own. A field's value is valid only where both the struct and the child say so; a null
 * struct may hide valid child values.
 */
public final class StructArray extends Array {
    /** The children, unsliced: slot i of the struct is slot {@code offset + i} of each. */
    private final Array[] children;

    private StructArray(ArrayData data) {
        super(data);
        List<ArrayData> childData = data.children();
        this.children = new Array[childData.size()];
        for (int k = 0; k < children.length; k++) {
            children[k] = Array.ofUnchecked(childData.get(k));
        }
    }

    /**
     * Checks the data's structure and that its type is struct, and wraps it: the form for data that does not
     * come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not struct (rule {@link Rules#ARRAY_TYPE})
     */
    public static StructArray of(ArrayData data) {
        return checkedAs(data, StructArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type struct, such as what
     * a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type struct
     * @return the array over {@code data}
     */
    public static StructArray ofUnchecked(ArrayData data) {
        return new StructArray(data);
    }

    /**
     * A struct array of the given children (all read from their slot 0); {@code validity} (null: all valid)
     * gives the struct's own validity and its length, which is otherwise that of the first child (0 with no
     * fields). The result is structurally validated.
     *
     * @param type the struct type, one field per child
     * @param validity per slot whether the struct is valid, or null when all are
     * @param children the field arrays, at least as long as the struct
     * @return the struct array
     * @throws ValidationException if the children do not fit the type or the length, as structural validation
     *     finds it
     */
    public static StructArray of(ArrowType.Struct type, boolean[] validity, List<? extends Array> children) {
        long length = validity != null ? validity.length : children.isEmpty() ? 0 : children.getFirst().length();
        ValidityFlags.Bits bits = ValidityFlags.of(validity);
        List<ArrayData> childData = new ArrayList<>(children.size());
        for (Array child : children) {
            childData.add(child.data());
        }
        ArrayData data = new ArrayData(type, length, 0, bits.nullCount(), Arrays.asList(bits.buffer()), childData,
                null);
        return of(data);
    }

    /**
     * The struct's fields.
     *
     * @return the fields of the (storage) type
     */
    public List<Field> fields() {
        return storageType().children();
    }

    /**
     * The number of fields.
     *
     * @return the field count
     */
    public int fieldCount() {
        return children.length;
    }

    /**
     * Field {@code k} viewed at this array's slots (the child sliced at this array's offset and length). Its own
     * validity only: a slot where this struct is null may hold a valid child value.
     *
     * @param k the field's index
     * @return the field's values
     * @throws ArrayIndexOutOfBoundsException if there is no field {@code k}
     */
    public Array field(int k) {
        return children[k].slice(data.offset(), data.length());
    }

    /**
     * The first field named {@code name}, as {@link #field(int)}.
     *
     * @param name the field's name
     * @return the field's values
     * @throws IllegalArgumentException if no field has that name
     */
    public Array field(String name) {
        List<Field> fields = fields();
        for (int k = 0; k < fields.size(); k++) {
            if (fields.get(k).name().equals(name)) {
                return field(k);
            }
        }
        throw new IllegalArgumentException("no field " + name + " in " + type());
    }

    /**
     * A {@link LinkedHashMap} of field name to the child's generic value (null where the child is null),
     * or null for a null struct. Of fields with the same name, the last one wins.
     */
    @Override
    public Object getObject(long i) {
        if (isNull(i)) {
            return null;
        }
        List<Field> fields = fields();
        long at = data.offset() + i;
        Map<String, Object> out = LinkedHashMap.newLinkedHashMap(children.length);
        for (int k = 0; k < children.length; k++) {
            out.put(fields.get(k).name(), children[k].getObject(at));
        }
        return out;
    }

    @Override
    protected boolean valueEquals(long i, Array other, long j) {
        StructArray o = (StructArray) other;
        long a = data.offset() + i;
        long b = o.data.offset() + j;
        for (int k = 0; k < children.length; k++) {
            if (!children[k].rangeEquals(a, o.children[k], b, 1)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public StructArray slice(long offset, long length) {
        return new StructArray(data.slice(offset, length));
    }

    /** Each child is checked in full. */
    @Override
    protected void validateContent() {
        for (Array child : children) {
            child.validateContent();
        }
    }
}
