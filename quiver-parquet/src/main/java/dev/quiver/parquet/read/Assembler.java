// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.parquet.ParquetException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Builds the Arrow data of a node from the decoded chunks of its leaves: struct validity and list
 * offsets from the levels of the node's first leaf (Dremel's record shredding, reversed).
 */
final class Assembler {
    private final Map<Integer, LeafChunk> chunks;
    private final Map<Integer, Conversion> conversions;
    private final BufferAllocator allocator;
    private final String where;

    Assembler(Map<Integer, LeafChunk> chunks, Map<Integer, Conversion> conversions, BufferAllocator allocator,
            String where) {
        this.chunks = chunks;
        this.conversions = conversions;
        this.allocator = allocator;
        this.where = where;
    }

    ArrayData build(ArrowNode node) {
        LeafChunk first = chunks.get(node.firstLeaf());
        switch (node.kind()) {
            case LEAF -> {
                return LeafAssembler.assemble(node, conversions.get(node.leaf().index()), chunks.get(node.leaf().index()),
                        allocator, where + ", column " + node.leaf().dottedPath());
            }
            case STRUCT -> {
                Slots slots = Slots.of(node, first, allocator);
                List<ArrayData> children = new ArrayList<>();
                for (ArrowNode c : node.children()) {
                    ArrayData child = build(c);
                    if (child.length() != slots.count) {
                        throw new ParquetException(where + ": field " + c.field().name() + " of " + node.field().name()
                                + " has " + child.length() + " values where its struct has " + slots.count
                                + " (the columns' levels disagree)");
                    }
                    children.add(child);
                }
                slots.release();
                List<ArrowBuffer> buffers = new ArrayList<>();
                buffers.add(slots.validity);
                return new ArrayData(node.field().type(), slots.count, 0, slots.nullCount, buffers, children, null);
            }
            default -> {
                return list(node, first);
            }
        }
    }

    private ArrayData list(ArrowNode node, LeafChunk chunk) {
        byte[] def = chunk.definition;
        byte[] rep = chunk.repetition;
        int entries = chunk.levelCount;
        if (rep == null || def == null) {
            throw new ParquetException(where + ": list " + node.field().name() + " over a column without levels");
        }
        int slotDef = node.slotDef();
        int slotRep = node.slotRep();
        int nullDef = node.nullDef();
        int elementDef = node.elementDef();
        int elementRep = node.elementRep();
        boolean large = node.field().type() instanceof ArrowType.LargeList;
        // the slots first (entries that start one), so that the offsets are sized once; fewer than 2^31
        // entries hold fewer than 2^31 elements, whose offsets fit an int
        int count = 0;
        for (int i = 0; i < entries; i++) {
            count += rep[i] <= slotRep & def[i] >= slotDef ? 1 : 0;
        }
        int[] offsets = chunk.scratch.ints(count + 1);
        byte[] valid = chunk.scratch.bytes(count);
        int slot = 0;
        int validCount = 0;
        int elements = 0;
        boolean open = false;
        for (int i = 0; i < entries; i++) {
            int r = rep[i];
            int d = def[i];
            if (r <= slotRep) {
                open = d >= slotDef;
                if (open) {
                    offsets[slot] = elements;
                    int ok = d >= nullDef ? 1 : 0;
                    valid[slot++] = (byte) ok;
                    validCount += ok;
                    elements += d >= elementDef ? 1 : 0;
                }
            } else if (r == elementRep) {
                if (!open || d < elementDef) {
                    throw new ParquetException(where + ": list " + node.field().name() + " continued (repetition level "
                            + r + ") at entry " + i + " where no list is open");
                }
                elements++;
            }
        }
        offsets[count] = elements;
        ArrayData child = build(node.children().get(0));
        if (child.length() != elements) {
            throw new ParquetException(where + ": list " + node.field().name() + " has " + elements
                    + " elements but its values " + child.length() + " (the columns' levels disagree)");
        }
        ArrowBuffer offsetBuffer = allocator.allocateForOverwrite((long) (count + 1) * (large ? 8 : 4));
        MemorySegment out = offsetBuffer.segment();
        if (large) {
            for (int i = 0; i <= count; i++) {
                out.set(LittleEndian.LONG, 8L * i, offsets[i]);
            }
        } else {
            MemorySegment.copy(offsets, 0, out, LittleEndian.INT, 0, count + 1);
        }
        List<ArrowBuffer> buffers = new ArrayList<>();
        buffers.add(validCount < count ? Slots.bitmap(valid, count, allocator) : null);
        buffers.add(offsetBuffer);
        chunk.scratch.give(offsets);
        chunk.scratch.give(valid);
        return new ArrayData(node.field().type(), count, 0, count - validCount, buffers, List.of(child), null);
    }
}
