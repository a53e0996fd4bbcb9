// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** The slots of a struct or leaf node found from a leaf's levels, and which of them are non-null. */
final class Slots {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    int count;
    int validCount;
    long nullCount;
    /** One byte per slot, 1 when non-null; null when every slot is non-null. */
    byte[] valid;
    /** The validity bitmap, or null when every slot is non-null. */
    ArrowBuffer validity;
    /** Where {@link #valid} came from, when it is to go back there. */
    private ScratchBuffers scratch;

    static Slots allValid(int count) {
        Slots s = new Slots();
        s.count = count;
        s.validCount = count;
        return s;
    }

    static Slots of(ArrowNode node, LeafChunk chunk, BufferAllocator allocator) {
        Slots s = new Slots();
        byte[] def = chunk.definition;
        byte[] rep = chunk.repetition;
        int entries = chunk.levelCount;
        int slotDef = node.slotDef();
        int slotRep = node.slotRep();
        int nullDef = node.nullDef();
        if (def == null) {
            // no definition levels: every entry a non-null slot (a required column without repetition)
            s.count = entries;
            s.validCount = entries;
            return s;
        }
        byte[] valid = chunk.scratch.bytes(entries);
        int count = 0;
        int validCount = 0;
        if (rep == null && slotDef == 0) {
            for (int i = 0; i < entries; i++) {
                int ok = def[i] >= nullDef ? 1 : 0;
                valid[i] = (byte) ok;
                validCount += ok;
            }
            count = entries;
        } else {
            for (int i = 0; i < entries; i++) {
                if ((rep == null || rep[i] <= slotRep) && def[i] >= slotDef) {
                    int ok = def[i] >= nullDef ? 1 : 0;
                    valid[count++] = (byte) ok;
                    validCount += ok;
                }
            }
        }
        s.count = count;
        s.validCount = validCount;
        s.nullCount = count - validCount;
        if (validCount < count) {
            s.valid = valid;
            s.validity = bitmap(valid, count, allocator);
            s.scratch = chunk.scratch;
        } else {
            chunk.scratch.give(valid);
        }
        return s;
    }

    /** Gives the slot flags back to the scratch they came from; the flags are not used afterwards. */
    void release() {
        if (scratch != null) {
            scratch.give(valid);
            scratch = null;
            valid = null;
        }
    }

    static ArrowBuffer bitmap(byte[] valid, int count, BufferAllocator allocator) {
        ArrowBuffer bits = allocator.allocate((count + 7) / 8);
        MemorySegment out = bits.segment();
        int full = count & ~7;
        for (int i = 0; i < full; i += 8) {
            // 8 flags of 0 or 1 to one byte of bits (bit k from byte k)
            long word = (long) LONGS.get(valid, i);
            out.set(LittleEndian.BYTE, i >>> 3, (byte) ((word * 0x0102040810204080L) >>> 56));
        }
        if (full < count) {
            int b = 0;
            for (int i = full; i < count; i++) {
                b |= valid[i] << (i - full);
            }
            out.set(LittleEndian.BYTE, full >>> 3, (byte) b);
        }
        return bits;
    }
}
