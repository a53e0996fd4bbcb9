// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/** Hand-built array data for tests (integers only need no typed builders). */
final class TestArrays {
    private TestArrays() {
    }

    /** Little-endian int32 values. */
    static ArrowBuffer int32s(int... values) {
        MemorySegment s = MemorySegment.ofArray(new byte[values.length * 4]);
        for (int i = 0; i < values.length; i++) {
            s.set(LittleEndian.INT, 4L * i, values[i]);
        }
        return ArrowBuffer.wrap(s);
    }

    /** A validity bitmap from 0/1 flags. */
    static ArrowBuffer bits(int... flags) {
        MemorySegment s = MemorySegment.ofArray(new byte[(int) Bitmaps.bytesFor(flags.length)]);
        for (int i = 0; i < flags.length; i++) {
            Bitmaps.set(s, i, flags[i] != 0);
        }
        return ArrowBuffer.wrap(s);
    }

    /** Int32 data; a null entry in {@code values} is a null slot. */
    static ArrayData int32(Integer... values) {
        int[] raw = new int[values.length];
        int[] valid = new int[values.length];
        boolean anyNull = false;
        for (int i = 0; i < values.length; i++) {
            raw[i] = values[i] == null ? 0 : values[i];
            valid[i] = values[i] == null ? 0 : 1;
            anyNull |= values[i] == null;
        }
        return ArrayData.of(ArrowType.INT32, values.length, Arrays.asList(anyNull ? bits(valid) : null, int32s(raw)),
                List.of());
    }

    /** A struct of the given fields and children, all valid. */
    static ArrayData struct(List<Field> fields, ArrayData... children) {
        return ArrayData.of(new ArrowType.Struct(fields), children[0].length(), Arrays.asList((ArrowBuffer) null),
                List.of(children));
    }

    /** A batch of one column per (field, data) pair. */
    static RecordBatch batch(List<Field> fields, ArrayData... columns) {
        return new RecordBatch(new Schema(fields), Arrays.stream(columns).map(Array::ofUnchecked).toList());
    }
}
