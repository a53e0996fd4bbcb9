// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.UnionValue;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.UnionMode;
import dev.quiver.core.validation.ValidationLevel;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Fuzzes the import of an {@code ArrowArray}: a valid exported array of one of several types, whose
 * structures (the array's, its children's, its dictionary's) get lengths, offsets, null counts, buffer
 * and child counts from the input, and whose buffers get bytes from it within their exported sizes (the
 * offsets, the views, the variadic sizes). Pointers stay those of the export, as the C Data interface
 * requires of a producer; what the importer must survive is any count or content behind them: every
 * input ends in an array that passes full validation and whose slots all read, or in a
 * {@link CDataException}, and the structure is released either way. Fuzzing on demand: docs/fuzzing.md.
 */
class ArrayImportFuzzTest {
    private static final Field INT = Field.nullable("i", ArrowType.INT32);
    private static final Field TEXT = Field.nullable("s", ArrowType.UTF8);
    /** The fields fuzzed, chosen by the input's first byte, and the values of each. */
    private static final List<Field> FIELDS = List.of(
            INT,
            Field.nullable("b", ArrowType.BOOL),
            TEXT,
            Field.nullable("v", ArrowType.UTF8_VIEW),
            Field.nullable("l", ArrowType.List.of(ArrowType.INT64)),
            Field.nullable("t", ArrowType.Struct.of(INT, TEXT)),
            Field.nullable("f", new ArrowType.FixedSizeList(INT, 2)),
            Field.nullable("w", new ArrowType.FixedSizeBinary(3)),
            Field.dictionary("d", ArrowType.INT8, ArrowType.UTF8, false, 0, true),
            Field.nullable("r", ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.UTF8)),
            Field.nullable("u", new ArrowType.Union(UnionMode.DENSE, List.of(INT, TEXT), List.of(0, 1))),
            Field.nullable("p", new ArrowType.Union(UnionMode.SPARSE, List.of(INT, TEXT), List.of(0, 1))),
            Field.nullable("lv", new ArrowType.ListView(Field.nullable("item", ArrowType.INT32))));
    private static final List<List<?>> VALUES = List.of(
            Arrays.asList(1, null, 3),
            Arrays.asList(true, null, false),
            Arrays.asList("a", null, "bcd"),
            Arrays.asList("short", "a string longer than twelve bytes", null),
            Arrays.asList(List.of(1L, 2L), null, List.of(3L)),
            Arrays.asList(Map.of("i", 1, "s", "x"), null, Map.of("i", 2, "s", "yz")),
            Arrays.asList(List.of(1, 2), null, List.of(3, 4)),
            Arrays.asList(new byte[] {1, 2, 3}, null, new byte[] {4, 5, 6}),
            Arrays.asList("x", "y", null, "x"),
            Arrays.asList("a", "a", "b", null),
            Arrays.asList(new UnionValue(0, 1), new UnionValue(1, "s"), new UnionValue(1, null)),
            Arrays.asList(new UnionValue(0, 1), new UnionValue(1, "s"), new UnionValue(0, null)),
            Arrays.asList(List.of(1, 2), null, List.of(3)));
    /** Slots read per array at most: null and run-end-encoded arrays may claim many backed by no memory. */
    private static final long MAX_READ = 65_536;

    /** One structure of the export, the sizes its buffers were exported with, and its original pointers. */
    private record Node(MemorySegment struct, long[] sizes, MemorySegment buffers) {
    }

    @FuzzTest(maxDuration = "5m")
    void importArray(byte[] input) {
        ByteBuffer in = ByteBuffer.wrap(input);
        int which = unsigned(in) % FIELDS.size();
        Field field = FIELDS.get(which);
        ArrayBuilder builder = ArrayBuilder.of(field.type());
        for (Object v : VALUES.get(which)) {
            builder.appendObject(v);
        }
        Array array = builder.build();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = arena.allocate(CData.ARROW_ARRAY);
            CData.exportArray(array, c);
            List<Node> nodes = new ArrayList<>();
            collect(c, array.data(), nodes);
            while (in.hasRemaining()) {
                mutate(nodes.get(unsigned(in) % nodes.size()), in);
            }
            try (Imported<Array> imported = CData.importArray(c, field, ValidationLevel.FULL)) {
                Array a = imported.value();
                for (long i = 0; i < Math.min(a.length(), MAX_READ); i++) {
                    a.isNull(i);
                    a.getObject(i);
                }
                a.toString();
            } catch (CDataException refused) {
                if (refused.getMessage() == null || refused.getMessage().isBlank()) {
                    throw new AssertionError("a refusal that does not say what is wrong", refused);
                }
            }
            if (CStructs.pointer(c, CStructs.A_RELEASE) != 0) {
                throw new AssertionError("the imported struct was not released");
            }
        }
    }

    /** {@code c} and the structures under it, with the sizes of their buffers as exported from {@code data}. */
    private static void collect(MemorySegment c, ArrayData data, List<Node> nodes) {
        int n = (int) c.get(JAVA_LONG, CStructs.A_N_BUFFERS);
        MemorySegment buffers = MemorySegment.ofAddress(CStructs.pointer(c, CStructs.A_BUFFERS)).reinterpret(8L * n);
        long[] sizes = new long[n];
        for (int i = 0; i < n; i++) {
            // A view array's last buffer holds the int64 size of each variadic buffer.
            sizes[i] = i >= data.bufferCount() ? 8L * (data.bufferCount() - 2)
                    : data.buffer(i) == null ? 0 : data.buffer(i).segment().byteSize();
        }
        nodes.add(new Node(c, sizes, buffers));
        int children = (int) c.get(JAVA_LONG, CStructs.A_N_CHILDREN);
        MemorySegment pointers = MemorySegment.ofAddress(CStructs.pointer(c, CStructs.A_CHILDREN))
                .reinterpret(8L * children);
        for (int i = 0; i < children; i++) {
            collect(CStructs.at(pointers.getAtIndex(ADDRESS, i), CStructs.ARRAY), data.child(i), nodes);
        }
        long dictionary = CStructs.pointer(c, CStructs.A_DICTIONARY);
        if (dictionary != 0) {
            collect(CStructs.at(dictionary, CStructs.ARRAY), data.dictionary(), nodes);
        }
    }

    private static void mutate(Node node, ByteBuffer in) {
        switch (unsigned(in) % 6) {
            case 0 -> node.struct().set(JAVA_LONG, CStructs.A_LENGTH, count(in));
            case 1 -> node.struct().set(JAVA_LONG, CStructs.A_OFFSET, count(in));
            case 2 -> node.struct().set(JAVA_LONG, CStructs.A_NULL_COUNT, count(in));
            case 3 -> node.struct().set(JAVA_LONG, CStructs.A_N_BUFFERS, (long) (unsigned(in) % 8));
            case 4 -> node.struct().set(JAVA_LONG, CStructs.A_N_CHILDREN, (long) (unsigned(in) % 4));
            default -> {
                int pick = unsigned(in);
                int n = node.sizes().length;
                long size = n == 0 ? 0 : node.sizes()[pick % n];
                int at = (unsigned(in) << 8) | unsigned(in);
                byte value = (byte) unsigned(in);
                long address = n == 0 ? 0 : node.buffers().getAtIndex(ADDRESS, pick % n).address();
                if (size > 0 && address != 0) {
                    MemorySegment.ofAddress(address).reinterpret(size).set(JAVA_BYTE, at % size, value);
                }
            }
        }
    }

    /** A count for a structure: small, a power of two, negative, or any 64 bits. */
    private static long count(ByteBuffer in) {
        return switch (unsigned(in) % 4) {
            case 0 -> unsigned(in);
            case 1 -> 1L << (unsigned(in) % 63);
            case 2 -> -unsigned(in);
            default -> in.remaining() >= 8 ? in.getLong() : unsigned(in);
        };
    }

    private static int unsigned(ByteBuffer in) {
        return in.hasRemaining() ? in.get() & 0xff : 0;
    }
}
