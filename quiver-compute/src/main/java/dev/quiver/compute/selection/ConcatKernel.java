// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.selection;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Chunks;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.BooleanArray;
import dev.quiver.core.array.FixedWidthArray;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** concat: arrays of one type end to end in one new array; bulk copies for fixed-width, boolean and binary. */
final class ConcatKernel {
    private ConcatKernel() {
    }

    static Array concat(ArrowType type, List<? extends Array> arrays) {
        long length = 0;
        long nulls = 0;
        boolean fixed = true;
        boolean bool = true;
        boolean binary = true;
        for (int k = 0; k < arrays.size(); k++) {
            Array a = arrays.get(k);
            if (!Types.equalIgnoringDictionaryIds(a.type(), type)) {
                throw new ComputeException("concat: array " + k + " is " + a.type() + ", not " + type);
            }
            length += a.length();
            nulls += a.nullCount();
            fixed &= a instanceof FixedWidthArray;
            bool &= a instanceof BooleanArray;
            binary &= a instanceof VarBinaryArray;
        }
        if (arrays.size() == 1) {
            return arrays.get(0);
        }
        ArrowBuffer validity = nulls == 0 ? null : Outputs.allocateBits(length);
        if (validity != null) {
            long at = 0;
            for (Array a : arrays) {
                MemorySegment v = Validity.segment(a);
                if (v == null) {
                    Bitmaps.fill(validity.segment(), at, a.length(), true);
                } else {
                    Bitmaps.copy(v, a.offset(), validity.segment(), at, a.length());
                }
                at += a.length();
            }
        }
        if (fixed && !arrays.isEmpty()) {
            int w = ((FixedWidthArray) arrays.get(0)).byteWidth();
            ArrowBuffer out = Outputs.allocateForOverwrite(length * w);
            long at = 0;
            for (Array a : arrays) {
                MemorySegment.copy(Chunks.values(a), a.offset() * w, out.segment(), at * w, a.length() * w);
                at += a.length();
            }
            return Outputs.fixedWidth(type, length, validity, out);
        }
        if (bool && !arrays.isEmpty()) {
            ArrowBuffer out = Outputs.allocateBits(length);
            long at = 0;
            for (Array a : arrays) {
                Bitmaps.copy(Chunks.values(a), a.offset(), out.segment(), at, a.length());
                at += a.length();
            }
            return Outputs.bool(length, validity, out);
        }
        if (binary && !arrays.isEmpty()) {
            return binary(type, arrays, length, validity);
        }
        ArrayBuilder builder = ArrayBuilder.of(type, Outputs.allocator());
        for (Array a : arrays) {
            for (long i = 0; i < a.length(); i++) {
                builder.appendObject(a.getObject(i));
            }
        }
        return builder.build();
    }

    private static Array binary(ArrowType type, List<? extends Array> arrays, long length, ArrowBuffer validity) {
        boolean large = ((VarBinaryArray) arrays.get(0)).isLarge();
        long total = 0;
        for (Array a : arrays) {
            VarBinaryArray b = (VarBinaryArray) a;
            total += b.valueOffset(b.length()) - b.valueOffset(0);
        }
        if (!large && total > Integer.MAX_VALUE) {
            throw new ComputeException("concat: the result holds " + total + " bytes, more than a " + type
                    + " array can address");
        }
        int ow = large ? 8 : 4;
        ArrowBuffer offsets = Outputs.allocateForOverwrite((length + 1) * ow);
        ArrowBuffer data = Outputs.allocateForOverwrite(total);
        MemorySegment off = offsets.segment();
        long row = 0;
        long at = 0;
        for (Array a : arrays) {
            VarBinaryArray b = (VarBinaryArray) a;
            long first = b.valueOffset(0);
            long bytes = b.valueOffset(b.length()) - first;
            if (bytes > 0) {
                MemorySegment.copy(b.dataBuffer().segment(), first, data.segment(), at, bytes);
            }
            for (long i = 0; i < b.length(); i++) {
                long v = at + b.valueOffset(i) - first;
                if (large) {
                    off.set(LittleEndian.LONG, (row + i) * 8, v);
                } else {
                    off.set(LittleEndian.INT, (row + i) * 4, (int) v);
                }
            }
            row += b.length();
            at += bytes;
        }
        if (large) {
            off.set(LittleEndian.LONG, length * 8, at);
        } else {
            off.set(LittleEndian.INT, length * 4, (int) at);
        }
        return Outputs.varBinary(type, length, validity, offsets, data);
    }
}
