// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.lang.foreign.MemorySegment;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An array of maps: a list (32-bit offsets) of {@code struct<key, value>} entries. Map {@code i} is the
 * entries {@code [offsets[offset + i], offsets[offset + i + 1])}; keys are never null.
 */
public final class MapArray extends BaseListArray {
    private final MemorySegment offsets;
    private Array keys;
    private Array items;

    private MapArray(ArrayData data) {
        super(data);
        this.offsets = segmentOf(data, 1);
    }

    /**
     * Checks the data's structure and that its type is map, and wraps it: the form for data that does not come
     * from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not map (rule {@link Rules#ARRAY_TYPE})
     */
    public static MapArray of(ArrayData data) {
        return checkedAs(data, MapArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of type map, such as what a
     * builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of type map
     * @return the array over {@code data}
     */
    public static MapArray ofUnchecked(ArrayData data) {
        return new MapArray(data);
    }

    /**
     * The entries, unsliced: a {@link StructArray} of key and value.
     *
     * @return the entries
     */
    @Override
    public StructArray values() {
        return (StructArray) values;
    }

    /**
     * The keys of all entries, indexed as {@link #values()} (map {@code i} starts at {@link #valueOffset}).
     *
     * @return the keys, unsliced
     */
    public Array keys() {
        Array k = keys;
        if (k == null) {
            k = values().field(0);
            keys = k;
        }
        return k;
    }

    /**
     * The values of all entries, indexed as {@link #values()}.
     *
     * @return the items, unsliced
     */
    public Array items() {
        Array v = items;
        if (v == null) {
            v = values().field(1);
            items = v;
        }
        return v;
    }

    @Override
    public long valueOffset(long i) {
        return readOffset(offsets, false, data.offset() + i);
    }

    @Override
    public long valueLength(long i) {
        long at = data.offset() + i;
        return readOffset(offsets, false, at + 1) - readOffset(offsets, false, at);
    }

    /** A {@link List} of {@link Map.Entry} (key, value) in stored order, or null. */
    @Override
    public Object getObject(long i) {
        if (isNull(i)) {
            return null;
        }
        Array k = keys();
        Array v = items();
        long start = valueOffset(i);
        int n = Math.toIntExact(valueLength(i));
        List<Map.Entry<Object, Object>> out = new ArrayList<>(n);
        for (int e = 0; e < n; e++) {
            out.add(new AbstractMap.SimpleImmutableEntry<>(k.getObject(start + e), v.getObject(start + e)));
        }
        return out;
    }

    @Override
    public MapArray slice(long offset, long length) {
        return new MapArray(data.slice(offset, length));
    }

    /**
     * As for lists (offsets monotonic and inside the entries, then the entries in full), and no valid map
     * has an entry whose key is null (or whose entry struct is null). Sorted keys ({@code keysSorted})
     * are not checked: the reference implementations do not enforce that flag either, so data they
     * accept must validate here too.
     */
    @Override
    protected void validateContent() {
        checkOffsets(offsets, false, data.offset(), data.length(), values.length());
        values.validateContent();
        ArrayData entries = values.data();
        ArrayData keyData = entries.child(0);
        if (entries.nullCount() == 0 && keyData.nullCount() == 0 && !logicalNulls(keyData.type())) {
            return;
        }
        Array keyChild = Array.ofUnchecked(keyData);
        boolean decode = logicalNulls(keyData.type());
        long base = entries.offset();
        for (long i = 0; i < data.length(); i++) {
            if (isNull(i)) {
                continue;
            }
            long start = valueOffset(i);
            long end = start + valueLength(i);
            for (long e = start; e < end; e++) {
                boolean nullKey = keyChild.isNull(base + e) || decode && keyChild.getObject(base + e) == null;
                if (!entries.isValid(e) || nullKey) {
                    throw new ValidationException(Rules.MAP_KEY_NULL, i, "entry " + e + " has a null key");
                }
            }
        }
    }

    /**
     * Whether arrays of this type have nulls that their own validity bitmap does not show (a dictionary
     * index may point at a null value), so that keys must be decoded to be found null.
     */
    private static boolean logicalNulls(ArrowType type) {
        ArrowType storage = Types.storage(type);
        return storage instanceof ArrowType.Union || storage instanceof ArrowType.RunEndEncoded
                || storage instanceof ArrowType.Dictionary;
    }
}
