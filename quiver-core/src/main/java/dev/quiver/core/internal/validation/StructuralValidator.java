// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.validation;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.BufferSpec;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Layout;
import dev.quiver.core.type.Types;
import dev.quiver.core.type.UnionMode;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import java.util.List;
import java.util.Objects;

/**
 * The cheap checks every array passes before use: enough buffers, each large enough for offset +
 * length, the first and last offsets inside the data, children of the declared types and sufficient
 * lengths. Work proportional to the number of buffers and children, not to the data.
 */
public final class StructuralValidator {
    private StructuralValidator() {
    }

    public static void validate(ArrayData data) {
        ArrowType type = data.type();
        ArrowType storage = Types.storage(type);
        Layout layout = type.layout();
        int count = data.bufferCount();
        if (layout.variadicDataBuffers() ? count < layout.bufferCount() : count != layout.bufferCount()) {
            throw new ValidationException(Rules.BUFFER_COUNT, -1, type + " needs "
                    + (layout.variadicDataBuffers() ? "at least " : "") + layout.bufferCount() + " buffers, not "
                    + count);
        }
        long end = data.offset() + data.length();
        if (end < 0) {
            throw new ValidationException(Rules.LENGTH, -1, "offset + length overflows");
        }
        List<BufferSpec> specs = layout.buffers();
        for (int i = 0; i < specs.size(); i++) {
            checkBufferSize(data, storage, i, specs.get(i), end);
        }
        if (data.nullCount() > data.length()) {
            throw new ValidationException(Rules.NULL_COUNT, -1,
                    "null count " + data.nullCount() + " exceeds length " + data.length());
        }
        checkChildren(data, storage, end);
        checkOffsetEnds(data, storage, end);
        for (ArrayData child : data.children()) {
            validate(child);
        }
        if (storage instanceof ArrowType.RunEndEncoded) {
            checkRunEndsCoverage(data, end);
        }
        if (data.dictionary() != null) {
            validate(data.dictionary());
        }
    }

    private static long bufferSize(ArrowBuffer buffer) {
        return buffer == null ? 0 : buffer.byteSize();
    }

    private static void checkBufferSize(ArrayData data, ArrowType storage, int index, BufferSpec spec, long end) {
        ArrowBuffer buffer = data.buffer(index);
        long required = switch (spec.kind()) {
            case VALIDITY -> buffer == null ? 0 : Bitmaps.bytesFor(end);
            case VALUES -> spec.bitWidth() == 1 ? Bitmaps.bytesFor(end) : mul(end, spec.bitWidth() / 8);
            case OFFSETS -> {
                long w = spec.bitWidth() / 8;
                boolean plusOne = !(storage instanceof ArrowType.Union) && !isListView(storage);
                yield plusOne ? (data.length() == 0 ? 0 : mul(end + 1, w)) : mul(end, w);
            }
            case SIZES -> mul(end, spec.bitWidth() / 8);
            case VIEWS -> mul(end, 16);
            case TYPE_IDS -> end;
            case DATA -> 0;
        };
        if (bufferSize(buffer) < required) {
            throw new ValidationException(Rules.BUFFER_SIZE, -1, "buffer " + index + " (" + spec.kind()
                    .name().toLowerCase(java.util.Locale.ROOT) + ") of " + data.type() + " has "
                    + bufferSize(buffer) + " bytes; offset " + data.offset() + " + length " + data.length()
                    + " need " + required);
        }
    }

    private static boolean isListView(ArrowType t) {
        return t instanceof ArrowType.ListView || t instanceof ArrowType.LargeListView;
    }

    private static void checkChildren(ArrayData data, ArrowType storage, long end) {
        List<Field> fields = storage.children();
        List<ArrayData> children = data.children();
        if (storage instanceof ArrowType.Dictionary d) {
            if (!children.isEmpty()) {
                throw new ValidationException(Rules.CHILD_LENGTH, -1, "dictionary-encoded data has children");
            }
            if (data.dictionary() == null) {
                throw new ValidationException(Rules.CHILD_LENGTH, -1, "dictionary-encoded data has no dictionary");
            }
            if (!Objects.equals(data.dictionary().type(), d.valueType())) {
                throw new ValidationException(Rules.CHILD_LENGTH, -1, "dictionary of type "
                        + data.dictionary().type() + " where " + d.valueType() + " is declared");
            }
            return;
        }
        if (children.size() != fields.size()) {
            throw new ValidationException(Rules.CHILD_LENGTH, -1, data.type() + " needs " + fields.size()
                    + " children, not " + children.size());
        }
        for (int i = 0; i < fields.size(); i++) {
            if (!Objects.equals(children.get(i).type(), fields.get(i).type())) {
                throw new ValidationException(Rules.CHILD_LENGTH, -1, "child " + i + " has type "
                        + children.get(i).type() + " where " + fields.get(i) + " is declared");
            }
        }
        long need = switch (storage) {
            case ArrowType.Struct s -> end;
            case ArrowType.Union u when u.mode() == UnionMode.SPARSE -> end;
            case ArrowType.FixedSizeList f -> mul(end, f.listSize());
            default -> 0;
        };
        for (ArrayData child : children) {
            if (child.length() < need) {
                throw new ValidationException(Rules.CHILD_LENGTH, -1, "child of " + data.type() + " has length "
                        + child.length() + "; offset " + data.offset() + " + length " + data.length()
                        + " need " + need);
            }
        }
    }

    /** Reads the run ends, so only after the children's structure is known to be sound. */
    private static void checkRunEndsCoverage(ArrayData data, long end) {
        ArrayData runEnds = data.child(0);
        ArrayData values = data.child(1);
        if (values.length() < runEnds.length()) {
            throw new ValidationException(Rules.CHILD_LENGTH, -1, "run-end encoded data has " + runEnds.length()
                    + " run ends but only " + values.length() + " values");
        }
        if (runEnds.nullCount() != 0) {
            throw new ValidationException(Rules.RUN_ENDS, -1, "run ends contain nulls");
        }
        if (data.length() == 0) {
            return;
        }
        if (runEnds.length() == 0) {
            throw new ValidationException(Rules.RUN_ENDS, -1, "no runs for a length of " + data.length());
        }
        long last = readInteger(runEnds, runEnds.length() - 1);
        if (last < end) {
            throw new ValidationException(Rules.RUN_ENDS, runEnds.length() - 1, "last run end " + last
                    + " does not cover offset + length " + end);
        }
    }

    /** Reads slot {@code i} of signed integer data of any width. */
    static long readInteger(ArrayData ints, long i) {
        ArrowBuffer values = ints.buffer(1);
        long at = ints.offset() + i;
        int width = ((ArrowType.Int) Types.storage(ints.type())).bitWidth();
        return switch (width) {
            case 8 -> values.segment().get(LittleEndian.BYTE, at);
            case 16 -> values.segment().get(LittleEndian.SHORT, at * 2);
            case 32 -> values.segment().get(LittleEndian.INT, at * 4);
            default -> values.segment().get(LittleEndian.LONG, at * 8);
        };
    }

    /** For offset-based layouts: first offset not negative, last not before first, last inside data or child. */
    private static void checkOffsetEnds(ArrayData data, ArrowType storage, long end) {
        long limit;
        switch (storage) {
            case ArrowType.Binary b -> limit = bufferSize(data.buffer(2));
            case ArrowType.Utf8 u -> limit = bufferSize(data.buffer(2));
            case ArrowType.LargeBinary b -> limit = bufferSize(data.buffer(2));
            case ArrowType.LargeUtf8 u -> limit = bufferSize(data.buffer(2));
            case ArrowType.List l -> limit = data.child(0).length();
            case ArrowType.LargeList l -> limit = data.child(0).length();
            case ArrowType.Map m -> limit = data.child(0).length();
            default -> {
                return;
            }
        }
        if (data.length() == 0) {
            return;
        }
        boolean wide = storage.layout().buffers().get(1).bitWidth() == 64;
        ArrowBuffer offsets = data.buffer(1);
        long first = wide ? offsets.getLong(data.offset() * 8) : offsets.getInt(data.offset() * 4);
        long last = wide ? offsets.getLong(end * 8) : offsets.getInt(end * 4);
        if (first < 0) {
            throw new ValidationException(Rules.OFFSETS_MONOTONIC, 0, "first offset " + first + " is negative");
        }
        if (last < first) {
            long slot = firstDecrease(offsets, wide, data.offset(), data.length());
            throw new ValidationException(Rules.OFFSETS_MONOTONIC, slot, "offsets run from " + first + " to " + last
                    + "; the end of slot " + slot + " is before its start");
        }
        if (last > limit) {
            throw new ValidationException(Rules.OFFSETS_IN_BOUNDS, data.length(), "last offset " + last
                    + " is past the end (" + limit + ") of the " + (storage.children().isEmpty() ? "data" : "child"));
        }
    }

    /** The first slot whose end offset is below its start (only called once a decrease is known). */
    private static long firstDecrease(ArrowBuffer offsets, boolean wide, long offset, long length) {
        for (long i = 0; i < length; i++) {
            long start = wide ? offsets.getLong((offset + i) * 8) : offsets.getInt((offset + i) * 4);
            long end = wide ? offsets.getLong((offset + i + 1) * 8) : offsets.getInt((offset + i + 1) * 4);
            if (end < start) {
                return i;
            }
        }
        return length;
    }

    /** a * b, or Long.MAX_VALUE when that overflows (a size no buffer can have). */
    static long mul(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        return high != 0 || low < 0 ? Long.MAX_VALUE : low;
    }
}
