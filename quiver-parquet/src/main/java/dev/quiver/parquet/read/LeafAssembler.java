// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import dev.quiver.parquet.ParquetException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/** Turns a leaf's decoded chunk into Arrow data: slots from levels, values converted and spread over them. */
final class LeafAssembler {
    private static final long JULIAN_UNIX_EPOCH = 2_440_588L;
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    private LeafAssembler() {}

    /**
     * The leaf's Arrow data.
     *
     * @param node the leaf node (its field's type is the type to read)
     * @param conversion how its values convert
     * @param chunk the decoded chunk (its buffers are handed over or released by the caller)
     * @param allocator the allocator of new buffers
     * @param where the column and row group, for messages
     * @return the data
     */
    static ArrayData assemble(ArrowNode node, Conversion conversion, LeafChunk chunk, BufferAllocator allocator,
            String where) {
        Slots slots = Slots.of(node, chunk, allocator);
        try {
            return assemble(node, conversion, chunk, allocator, where, slots);
        } finally {
            slots.release();
        }
    }

    private static ArrayData assemble(ArrowNode node, Conversion conversion, LeafChunk chunk, BufferAllocator allocator,
            String where, Slots slots) {
        int valueCount = chunk.valueCount();
        if (slots.validCount != valueCount) {
            throw new ParquetException(where + ": the levels hold " + slots.validCount + " values but the pages "
                    + valueCount);
        }
        ArrowType type = node.field().type();
        int n = slots.count;
        List<ArrowBuffer> buffers = new ArrayList<>(3);
        buffers.add(slots.validity);
        switch (conversion.kind()) {
            case NULL -> {
                if (valueCount != 0) {
                    throw new ParquetException(where + ": a column of the null type holds " + valueCount + " values");
                }
                return new ArrayData(type, n, 0, n, List.of(), List.of(), null);
            }
            case DICTIONARY -> {
                buffers.add(spread(indices(chunk, conversion.width(), allocator), conversion.width(), slots, allocator));
                ArrowType.Dictionary dictionaryType = (ArrowType.Dictionary) Types.storage(type);
                FixedValues dictionaryFixed = chunk.dictionaryFixed;
                BinaryValues dictionaryBinary = chunk.dictionaryBinary;
                if (dictionaryFixed == null && dictionaryBinary == null) {
                    if (chunk.fixed != null) {
                        dictionaryFixed = chunk.dictionaryFixed = new FixedValues(allocator, chunk.fixed.width);
                    } else {
                        dictionaryBinary = chunk.dictionaryBinary = new BinaryValues(allocator);
                    }
                }
                int size = dictionaryFixed != null ? dictionaryFixed.count : dictionaryBinary.count;
                long maxIndex = conversion.width() >= 4 ? Integer.MAX_VALUE : (1L << (8 * conversion.width() - 1)) - 1;
                if (size - 1 > maxIndex) {
                    throw new ParquetException(where + ": a dictionary of " + size + " values does not fit the indices of "
                            + type);
                }
                Slots all = Slots.allValid(size);
                List<ArrowBuffer> values = new ArrayList<>(3);
                values.add(null);
                values.addAll(valueBuffers(conversion.values(), dictionaryFixed, dictionaryBinary, all, allocator, where));
                ArrayData dictionary = new ArrayData(dictionaryType.valueType(), size, 0, 0, values, List.of(), null);
                return new ArrayData(type, n, 0, slots.nullCount, buffers, List.of(), dictionary);
            }
            default -> buffers.addAll(valueBuffers(conversion, chunk.fixed, chunk.binary, slots, allocator, where));
        }
        return new ArrayData(type, n, 0, slots.nullCount, buffers, List.of(), null);
    }

    private static List<ArrowBuffer> valueBuffers(Conversion conversion, FixedValues fixed, BinaryValues binary, Slots slots,
            BufferAllocator allocator, String where) {
        return switch (conversion.kind()) {
            case BOOL -> List.of(booleans(fixed, slots, allocator));
            case BINARY, LARGE_BINARY -> List.of(
                    offsets(binary, slots, allocator, conversion.kind() == Conversion.Kind.LARGE_BINARY, where),
                    binary.data.finish());
            case VIEW -> List.of(views(binary, slots, allocator, where), binary.data.finish());
            case BINARY_BIG_ENDIAN -> List.of(spread(binaryDecimals(binary, conversion.width(), allocator, where),
                    conversion.width(), slots, allocator));
            case BIG_ENDIAN -> List.of(fixed.width == 8 && conversion.width() >= 8
                    ? bigEndianWords(fixed, conversion.width(), slots, allocator)
                    : spread(fixed(fixed, conversion, allocator, where), conversion.width(), slots, allocator));
            default -> List.of(spread(fixed(fixed, conversion, allocator, where), conversion.width(), slots, allocator));
        };
    }

    /** Big-endian 8-byte decimals straight to their slots, sign-extended to {@code tw} bytes (nulls zero). */
    private static ArrowBuffer bigEndianWords(FixedValues values, int tw, Slots slots, BufferAllocator allocator) {
        int n = slots.count;
        ArrowBuffer buffer = allocator.allocateForOverwrite((long) n * tw);
        MemorySegment out = buffer.segment();
        MemorySegment in = values.segment();
        byte[] valid = slots.valid;
        int v = 0;
        for (int i = 0; i < n; i++) {
            long word = 0;
            if (valid == null || valid[i] != 0) {
                word = Long.reverseBytes(in.get(LittleEndian.LONG, 8L * v++));
            }
            writeSignExtended(out, (long) i * tw, tw, word);
        }
        values.release();
        return buffer;
    }

    /** The dense dictionary indices in {@code width} bytes each. */
    private static ArrowBuffer indices(LeafChunk chunk, int width, BufferAllocator allocator) {
        int n = chunk.indexCount;
        int[] indices = chunk.indices;
        ArrowBuffer buffer = allocator.allocateForOverwrite((long) n * width);
        MemorySegment out = buffer.segment();
        switch (width) {
            case 1 -> {
                for (int i = 0; i < n; i++) {
                    out.set(LittleEndian.BYTE, i, (byte) indices[i]);
                }
            }
            case 2 -> {
                for (int i = 0; i < n; i++) {
                    out.set(LittleEndian.SHORT, 2L * i, (short) indices[i]);
                }
            }
            case 4 -> MemorySegment.copy(indices, 0, out, LittleEndian.INT, 0, n);
            default -> {
                for (int i = 0; i < n; i++) {
                    out.set(LittleEndian.LONG, 8L * i, indices[i]);
                }
            }
        }
        return buffer;
    }

    /** Booleans (one byte each, dense) to a bitmap over the slots. */
    private static ArrowBuffer booleans(FixedValues values, Slots slots, BufferAllocator allocator) {
        int n = slots.count;
        ArrowBuffer bits = allocator.allocate((n + 7) / 8);
        MemorySegment out = bits.segment();
        MemorySegment in = values.segment();
        byte[] valid = slots.valid;
        int i = 0;
        if (valid == null) {
            // 8 bytes of 0 or 1 to one byte of bits (bit k from byte k)
            for (; i + 8 <= n; i += 8) {
                long word = in.get(LittleEndian.LONG, i);
                out.set(LittleEndian.BYTE, i >>> 3, (byte) ((word * 0x0102040810204080L) >>> 56));
            }
        }
        int v = i;
        int current = 0;
        for (; i < n; i++) {
            if (valid == null || valid[i] != 0) {
                current |= (in.get(LittleEndian.BYTE, v++) & 1) << (i & 7);
            }
            if ((i & 7) == 7) {
                out.set(LittleEndian.BYTE, i >>> 3, (byte) current);
                current = 0;
            }
        }
        if ((n & 7) != 0) {
            out.set(LittleEndian.BYTE, n >>> 3, (byte) current);
        }
        return bits;
    }

    private static ArrowBuffer offsets(BinaryValues values, Slots slots, BufferAllocator allocator, boolean large,
            String where) {
        int n = slots.count;
        if (!large && values.dataSize() > Integer.MAX_VALUE) {
            throw new ParquetException(where + ": " + values.dataSize() + " bytes of values in one row group do not fit "
                    + "32-bit offsets (read the column as a large type)");
        }
        ArrowBuffer buffer = allocator.allocateForOverwrite((long) (n + 1) * (large ? 8 : 4));
        MemorySegment out = buffer.segment();
        MemorySegment ends = values.ends.segment();
        byte[] valid = slots.valid;
        long end = 0;
        int v = 0;
        if (large) {
            out.set(LittleEndian.LONG, 0, 0L);
            for (int i = 0; i < n; i++) {
                if (valid == null || valid[i] != 0) {
                    end = ends.get(LittleEndian.LONG, 8L * v++);
                }
                out.set(LittleEndian.LONG, 8L * (i + 1), end);
            }
        } else {
            out.set(LittleEndian.INT, 0, 0);
            for (int i = 0; i < n; i++) {
                if (valid == null || valid[i] != 0) {
                    end = ends.get(LittleEndian.LONG, 8L * v++);
                }
                out.set(LittleEndian.INT, 4L * (i + 1), (int) end);
            }
        }
        return buffer;
    }

    private static ArrowBuffer views(BinaryValues values, Slots slots, BufferAllocator allocator, String where) {
        int n = slots.count;
        if (values.dataSize() > Integer.MAX_VALUE) {
            throw new ParquetException(where + ": " + values.dataSize() + " bytes of values in one row group do not fit "
                    + "a view's 32-bit offsets");
        }
        ArrowBuffer buffer = allocator.allocate(16L * n);
        MemorySegment out = buffer.segment();
        MemorySegment data = values.data.segment();
        byte[] valid = slots.valid;
        int v = 0;
        for (int i = 0; i < n; i++) {
            if (valid != null && valid[i] == 0) {
                continue;
            }
            long start = values.start(v);
            int length = (int) (values.end(v) - start);
            v++;
            long at = 16L * i;
            out.set(LittleEndian.INT, at, length);
            if (length <= 12) {
                MemorySegment.copy(data, start, out, at + 4, length);
            } else {
                MemorySegment.copy(data, start, out, at + 4, 4);
                out.set(LittleEndian.INT, at + 8, 0);
                out.set(LittleEndian.INT, at + 12, (int) start);
            }
        }
        return buffer;
    }

    /** Dense stored values converted to dense Arrow values of {@code conversion.width()} bytes. */
    private static ArrowBuffer fixed(FixedValues values, Conversion conversion, BufferAllocator allocator, String where) {
        int n = values.count;
        int sw = values.width;
        int tw = conversion.width();
        if (conversion.kind() == Conversion.Kind.COPY) {
            return values.bytes.finish();
        }
        ArrowBuffer buffer = allocator.allocateForOverwrite((long) n * tw);
        MemorySegment out = buffer.segment();
        MemorySegment in = values.segment();
        switch (conversion.kind()) {
            case NARROW -> {
                for (int i = 0; i < n; i++) {
                    MemorySegment.copy(in, (long) i * sw, out, (long) i * tw, tw);
                }
            }
            case SIGN_EXTEND -> {
                for (int i = 0; i < n; i++) {
                    long v = sw == 4 ? in.get(LittleEndian.INT, 4L * i) : in.get(LittleEndian.LONG, 8L * i);
                    writeSignExtended(out, (long) i * tw, tw, v);
                }
            }
            case BIG_ENDIAN -> {
                for (int i = 0; i < n; i++) {
                    bigEndian(in, (long) i * sw, sw, out, (long) i * tw, tw);
                }
            }
            case INT96 -> {
                long divisor = conversion.factor();
                for (int i = 0; i < n; i++) {
                    long nanosOfDay = in.get(LittleEndian.LONG, 12L * i);
                    long julianDay = in.get(LittleEndian.INT, 12L * i + 8) & 0xFFFFFFFFL;
                    long nanos = (julianDay - JULIAN_UNIX_EPOCH) * NANOS_PER_DAY + nanosOfDay;
                    out.set(LittleEndian.LONG, 8L * i, Math.floorDiv(nanos, divisor));
                }
            }
            case MULTIPLY -> {
                long factor = conversion.factor();
                for (int i = 0; i < n; i++) {
                    long v = sw == 4 ? in.get(LittleEndian.INT, 4L * i) : in.get(LittleEndian.LONG, 8L * i);
                    long r;
                    try {
                        r = Math.multiplyExact(v, factor);
                        if (tw == 4) {
                            r = Math.toIntExact(r);
                        }
                    } catch (ArithmeticException e) {
                        throw new ParquetException(where + ": value " + v + " overflows when converted to the stored Arrow unit");
                    }
                    if (tw == 4) {
                        out.set(LittleEndian.INT, 4L * i, (int) r);
                    } else {
                        out.set(LittleEndian.LONG, 8L * i, r);
                    }
                }
            }
            case DIVIDE -> {
                long factor = conversion.factor();
                for (int i = 0; i < n; i++) {
                    long v = sw == 4 ? in.get(LittleEndian.INT, 4L * i) : in.get(LittleEndian.LONG, 8L * i);
                    if (v % factor != 0) {
                        throw new ParquetException(where + ": value " + v + " is not a whole number of the stored Arrow unit"
                                + " (would lose precision)");
                    }
                    if (tw == 4) {
                        out.set(LittleEndian.INT, 4L * i, (int) (v / factor));
                    } else {
                        out.set(LittleEndian.LONG, 8L * i, v / factor);
                    }
                }
            }
            default -> throw new IllegalStateException("conversion " + conversion.kind());
        }
        values.release();
        return buffer;
    }

    private static void writeSignExtended(MemorySegment out, long at, int width, long v) {
        if (width == 8) {
            out.set(LittleEndian.LONG, at, v);
            return;
        }
        if (width == 4) {
            out.set(LittleEndian.INT, at, (int) v);
            return;
        }
        out.set(LittleEndian.LONG, at, v);
        long fill = v < 0 ? -1L : 0L;
        for (long k = 8; k < width; k += 8) {
            out.set(LittleEndian.LONG, at + k, fill);
        }
    }

    /** Big-endian two's complement of {@code sw} bytes to little-endian of {@code tw} bytes. */
    private static void bigEndian(MemorySegment in, long from, int sw, MemorySegment out, long at, int tw) {
        if (sw > 0 && sw <= 8 && tw >= 8) {
            long v = 0;
            for (int k = 0; k < sw; k++) {
                v = (v << 8) | (in.get(LittleEndian.BYTE, from + k) & 0xFFL);
            }
            int unused = 64 - 8 * sw;
            writeSignExtended(out, at, tw, (v << unused) >> unused);
            return;
        }
        if (sw == 0) {
            out.asSlice(at, tw).fill((byte) 0);
            return;
        }
        byte sign = (byte) (in.get(LittleEndian.BYTE, from) < 0 ? -1 : 0);
        for (int k = 0; k < tw; k++) {
            byte b = k < sw ? in.get(LittleEndian.BYTE, from + sw - 1 - k) : sign;
            out.set(LittleEndian.BYTE, at + k, b);
        }
    }

    private static ArrowBuffer binaryDecimals(BinaryValues values, int tw, BufferAllocator allocator, String where) {
        int n = values.count;
        ArrowBuffer buffer = allocator.allocateForOverwrite((long) n * tw);
        MemorySegment data = values.data.segment();
        for (int i = 0; i < n; i++) {
            long start = values.start(i);
            int length = (int) (values.end(i) - start);
            if (length > tw) {
                throw new ParquetException(where + ": decimal of " + length + " bytes does not fit " + tw + " bytes");
            }
            bigEndian(data, start, length, buffer.segment(), (long) i * tw, tw);
        }
        values.release();
        return buffer;
    }

    /** Spreads dense values of {@code width} bytes over the slots (nulls zero-filled), in place when there are nulls. */
    private static ArrowBuffer spread(ArrowBuffer dense, int width, Slots slots, BufferAllocator allocator) {
        if (slots.valid == null) {
            return dense;
        }
        int n = slots.count;
        // not zero-filled: every slot is written, a null one with zeros
        ArrowBuffer buffer = allocator.allocateForOverwrite((long) n * width);
        MemorySegment out = buffer.segment();
        MemorySegment in = dense.segment();
        byte[] valid = slots.valid;
        int v = 0;
        switch (width) {
            case 4 -> {
                for (int i = 0; i < n; i++) {
                    int value = valid[i] != 0 ? in.get(LittleEndian.INT, 4L * v++) : 0;
                    out.set(LittleEndian.INT, 4L * i, value);
                }
            }
            case 8 -> {
                for (int i = 0; i < n; i++) {
                    long value = valid[i] != 0 ? in.get(LittleEndian.LONG, 8L * v++) : 0L;
                    out.set(LittleEndian.LONG, 8L * i, value);
                }
            }
            case 16 -> {
                for (int i = 0; i < n; i++) {
                    long low = 0;
                    long high = 0;
                    if (valid[i] != 0) {
                        low = in.get(LittleEndian.LONG, 16L * v);
                        high = in.get(LittleEndian.LONG, 16L * v + 8);
                        v++;
                    }
                    out.set(LittleEndian.LONG, 16L * i, low);
                    out.set(LittleEndian.LONG, 16L * i + 8, high);
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    if (valid[i] != 0) {
                        MemorySegment.copy(in, (long) width * v++, out, (long) width * i, width);
                    } else {
                        out.asSlice((long) width * i, width).fill((byte) 0);
                    }
                }
            }
        }
        allocator.release(dense);
        return buffer;
    }
}
