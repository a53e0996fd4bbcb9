// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ArrayTestSupport.assertInvalid;
import static dev.quiver.core.array.ArrayTestSupport.assertPrefix;
import static dev.quiver.core.array.ArrayTestSupport.bytes;
import static dev.quiver.core.array.ArrayTestSupport.concat;
import static dev.quiver.core.array.ArrayTestSupport.int32s;
import static dev.quiver.core.array.ArrayTestSupport.int64s;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.VarBinaryBuilder;
import dev.quiver.core.internal.validation.Utf8Validator;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.ScopedAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.Rules;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VarBinaryArrayTest {
    private static final long GIB = 1L << 30;

    /** Columnar.rst, "Example Layout: VarBinary": ['joe', null, null, 'mark']. */
    @Test
    void specExampleVarBinary() {
        VarBinaryArray array = new VarBinaryBuilder(ArrowType.BINARY, BufferAllocator.managed())
                .append("joe".getBytes(StandardCharsets.US_ASCII)).appendNull().appendNull()
                .append("mark".getBytes(StandardCharsets.US_ASCII)).build();
        assertEquals(4, array.length());
        assertEquals(2, array.nullCount());
        assertPrefix(bytes(0b00001001), array.data().validity());
        assertEquals(20, array.offsetsBuffer().byteSize());
        assertPrefix(int32s(0, 3, 3, 3, 7), array.offsetsBuffer());
        assertEquals(7, array.dataBuffer().byteSize());
        assertPrefix("joemark".getBytes(StandardCharsets.US_ASCII), array.dataBuffer());
        array.validateFull();
        assertArrayEquals("joe".getBytes(StandardCharsets.US_ASCII), array.getBytes(0));
        assertArrayEquals("mark".getBytes(StandardCharsets.US_ASCII), (byte[]) array.getObject(3));
        assertNull(array.getObject(1));
        assertEquals(3, array.valueOffset(3));
        assertEquals(4, array.valueLength(3));
        assertEquals(0, array.valueLength(1));
        assertEquals("[0x6A6F65, null, null, 0x6D61726B]", array.toString());
    }

    /** The same example as utf8 and as large_utf8 (64-bit offsets). */
    @Test
    void specExampleAsUtf8AndLargeUtf8() {
        VarBinaryArray utf8 = new VarBinaryBuilder(ArrowType.UTF8, BufferAllocator.managed())
                .append("joe").appendNull().appendNull().append("mark").build();
        assertPrefix(bytes(0b00001001), utf8.data().validity());
        assertPrefix(int32s(0, 3, 3, 3, 7), utf8.offsetsBuffer());
        assertPrefix("joemark".getBytes(StandardCharsets.US_ASCII), utf8.dataBuffer());
        assertEquals("[\"joe\", null, null, \"mark\"]", utf8.toString());
        assertEquals("mark", utf8.getString(3));

        VarBinaryArray large = new VarBinaryBuilder(ArrowType.LARGE_UTF8, BufferAllocator.managed())
                .append("joe").appendNull().appendNull().append("mark").build();
        assertTrue(large.isLarge());
        assertEquals(40, large.offsetsBuffer().byteSize());
        assertPrefix(int64s(0, 3, 3, 3, 7), large.offsetsBuffer());
        assertPrefix("joemark".getBytes(StandardCharsets.US_ASCII), large.dataBuffer());
        large.validateFull();
        assertEquals("[\"joe\", null, null, \"mark\"]", large.toString());
        assertNotEquals(utf8, large);
    }

    @Test
    void getSegmentIsZeroCopy() {
        try (ScopedAllocator allocator = BufferAllocator.scoped()) {
            VarBinaryArray array = new VarBinaryBuilder(ArrowType.UTF8, allocator).append("héllo").append("wörld")
                    .build();
            MemorySegment second = array.getSegment(1);
            assertEquals(array.dataBuffer().segment().address() + array.valueOffset(1), second.address());
            assertEquals(6, second.byteSize());
            assertEquals("wörld", new String(second.toArray(ValueLayout.JAVA_BYTE),
                    StandardCharsets.UTF_8));
        }
    }

    @Test
    void slicesAtOffsetsNotMultipleOfEight() {
        List<String> source = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            source.add(i % 4 == 1 ? null : "v" + "é".repeat(i % 5) + i);
        }
        for (ArrowType type : List.of(ArrowType.UTF8, ArrowType.LARGE_UTF8)) {
            VarBinaryArray array = (VarBinaryArray) ArrayTestSupport.build(type, source);
            VarBinaryArray slice = array.slice(5, 37);
            slice.validateFull();
            ArrayTestSupport.assertValues(source.subList(5, 42), slice);
            assertEquals(array.valueOffset(5), slice.valueOffset(0));
            VarBinaryArray inner = slice.slice(3, 13);
            assertEquals(8, inner.offset());
            inner.validateFull();
            ArrayTestSupport.assertValues(source.subList(8, 21), inner);
            assertEquals(ArrayTestSupport.build(type, source.subList(8, 21)), inner);
            assertNotEquals(ArrayTestSupport.build(type, source.subList(9, 22)), inner);
            assertEquals(inner.nullCount(), source.subList(8, 21).stream().filter(s -> s == null).count());
        }
    }

    @Test
    void equalityIgnoresOffsetsAndBytesUnderNulls() {
        // ["ab", null, "c"] at offset 1: the null slot covers garbage bytes, offsets do not start at 0.
        ArrowBuffer validity = ArrowBuffer.wrap(bytes(0b1011));
        ArrowBuffer offsets = ArrowBuffer.wrap(int32s(1, 3, 5, 9, 10));
        ArrowBuffer data = ArrowBuffer.wrap("#xyab\u00ff\u00ff!!c".getBytes(StandardCharsets.ISO_8859_1));
        ArrayData handMade = new ArrayData(ArrowType.UTF8, 3, 1, ArrayData.UNKNOWN_NULL_COUNT,
                Arrays.asList(validity, offsets, data), List.of(), null);
        Array array = Array.of(handMade);
        array.validateFull();
        Array built = ArrayTestSupport.build(ArrowType.UTF8, Arrays.asList("ab", null, "c"));
        assertEquals(built, array);
        assertEquals(array, built);
        assertNotEquals(ArrayTestSupport.build(ArrowType.UTF8, Arrays.asList("ab", "", "c")), array);
        assertNotEquals(ArrayTestSupport.build(ArrowType.UTF8, Arrays.asList("ab", null, "d")), array);
        assertNotEquals(ArrayTestSupport.build(ArrowType.BINARY, Arrays.asList(bytes('a', 'b'), null, bytes('c'))),
                array);
    }

    private static Array utf8(int length, byte[] validity, byte[] offsets, byte[] data) {
        return Array.ofUnchecked(new ArrayData(ArrowType.UTF8, length, 0, ArrayData.UNKNOWN_NULL_COUNT,
                Arrays.asList(validity == null ? null : ArrowBuffer.wrap(validity), ArrowBuffer.wrap(offsets),
                        ArrowBuffer.wrap(data)), List.of(), null));
    }

    @Test
    void offsetsThatDecreaseFailValidation() {
        assertInvalid(Rules.OFFSETS_MONOTONIC, 2, utf8(4, null, int32s(0, 2, 4, 3, 6), bytes('a', 'b', 'c', 'd', 'e', 'f')));
        // Even under a null slot.
        assertInvalid(Rules.OFFSETS_MONOTONIC, 2, utf8(4, bytes(0b1011), int32s(0, 2, 4, 3, 6), bytes('a', 'b', 'c', 'd',
                'e', 'f')));
        // A negative first offset (found by the structural checks).
        assertInvalid(Rules.OFFSETS_MONOTONIC, 0, utf8(1, null, int32s(-1, 2), bytes('a', 'b')));
    }

    @Test
    void offsetsPastTheDataFailValidation() {
        // A middle offset past the data, the last one inside it.
        assertInvalid(Rules.OFFSETS_IN_BOUNDS, 1, utf8(3, null, int32s(0, 1, 100, 3), bytes('a', 'b', 'c')));
        // The last offset past the data (found by the structural checks).
        assertInvalid(Rules.OFFSETS_IN_BOUNDS, 2, utf8(2, null, int32s(0, 1, 4), bytes('a', 'b', 'c')));
        Array large = Array.ofUnchecked(new ArrayData(ArrowType.LARGE_BINARY, 2, 0, 0, Arrays.asList(null,
                ArrowBuffer.wrap(int64s(0, 5L << 32, 3)), ArrowBuffer.wrap(bytes(1, 2, 3))), List.of(), null));
        assertInvalid(Rules.OFFSETS_IN_BOUNDS, 0, large);
    }

    @Test
    void malformedUtf8FailsValidationOnlyInValidSlotsOfUtf8Types() {
        byte[] data = concat("ok".getBytes(StandardCharsets.UTF_8), bytes(0xC3, 0x28), "fine".getBytes(StandardCharsets.UTF_8));
        assertInvalid(Rules.UTF8, 1, utf8(3, null, int32s(0, 2, 4, 8), data));
        utf8(3, bytes(0b101), int32s(0, 2, 4, 8), data).validateFull();
        Array binary = Array.of(new ArrayData(ArrowType.BINARY, 3, 0, 0, Arrays.asList(null,
                ArrowBuffer.wrap(int32s(0, 2, 4, 8)), ArrowBuffer.wrap(data)), List.of(), null));
        binary.validateFull();
        Array largeUtf8 = Array.of(new ArrayData(ArrowType.LARGE_UTF8, 3, 0, 0, Arrays.asList(null,
                ArrowBuffer.wrap(int64s(0, 2, 4, 8)), ArrowBuffer.wrap(data)), List.of(), null));
        assertInvalid(Rules.UTF8, 1, largeUtf8);
        // A character split across two values: each value alone is malformed.
        byte[] euro = "€".getBytes(StandardCharsets.UTF_8);
        assertInvalid(Rules.UTF8, 0, utf8(2, null, int32s(0, 1, 3), euro));
    }

    @Test
    void utf8ValidatorFollowsTheUnicodeTable() {
        List<byte[]> valid = List.of(bytes(), bytes(0x7F), bytes(0xC2, 0x80), bytes(0xDF, 0xBF), bytes(0xE0, 0xA0, 0x80),
                bytes(0xED, 0x9F, 0xBF), bytes(0xEE, 0x80, 0x80), bytes(0xEF, 0xBF, 0xBF), bytes(0xF0, 0x90, 0x80, 0x80),
                bytes(0xF4, 0x8F, 0xBF, 0xBF), "long ASCII run, then é, then more ASCII text".getBytes(StandardCharsets.UTF_8));
        List<byte[]> invalid = List.of(bytes(0x80), bytes(0xBF), bytes(0xC0, 0x80), bytes(0xC1, 0xBF), bytes(0xC2),
                bytes(0xC2, 0x41), bytes(0xE0, 0x9F, 0xBF), bytes(0xED, 0xA0, 0x80), bytes(0xED, 0xBF, 0xBF),
                bytes(0xE1, 0x80), bytes(0xF0, 0x8F, 0xBF, 0xBF), bytes(0xF4, 0x90, 0x80, 0x80), bytes(0xF5, 0x80, 0x80, 0x80),
                bytes(0xFF), bytes(0xF1, 0x80, 0x80), bytes('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 0xE2, 0x82));
        for (byte[] b : valid) {
            assertTrue(Utf8Validator.isValid(MemorySegment.ofArray(b), 0, b.length), Arrays.toString(b));
        }
        for (byte[] b : invalid) {
            assertFalse(Utf8Validator.isValid(MemorySegment.ofArray(b), 0, b.length), Arrays.toString(b));
        }
    }

    @Property(tries = 2000)
    void utf8ValidatorAgreesWithTheJdkDecoder(@ForAll("utf8ish") byte[] b) {
        boolean jdk;
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b));
            jdk = true;
        } catch (CharacterCodingException e) {
            jdk = false;
        }
        assertEquals(jdk, Utf8Validator.isValid(MemorySegment.ofArray(b), 0, b.length));
    }

    @Provide
    Arbitrary<byte[]> utf8ish() {
        Arbitrary<byte[]> text = Arbitraries.strings().withCharRange('\u0000', '\uFFFF').ofMaxLength(20)
                .map(s -> s.getBytes(StandardCharsets.UTF_8));
        Arbitrary<byte[]> mutated = text.flatMap(b -> Arbitraries.integers().between(0, Math.max(0, b.length - 1))
                .flatMap(at -> Arbitraries.bytes().map(x -> {
                    byte[] copy = b.clone();
                    if (copy.length > 0) {
                        copy[at] = x;
                    }
                    return copy;
                })));
        return Arbitraries.oneOf(text, mutated, Arbitraries.bytes().array(byte[].class).ofMaxSize(12));
    }

    @Test
    void getObjectAndAppendObjectRoundTrip() {
        List<Object> strings = Arrays.asList("a", null, "", "ünïcödé ✓ 😀", "x".repeat(100));
        Array utf8 = ArrayTestSupport.build(ArrowType.UTF8, strings);
        assertInstanceOf(String.class, utf8.getObject(0));
        List<Object> binary = Arrays.asList(bytes(0, 1, 0xFF), null, bytes());
        Array bin = ArrayTestSupport.build(ArrowType.LARGE_BINARY, binary);
        assertInstanceOf(byte[].class, bin.getObject(0));
        for (Array array : List.of(utf8, bin)) {
            ArrayBuilder copy = ArrayBuilder.of(array.type());
            for (long i = 0; i < array.length(); i++) {
                copy.appendObject(array.getObject(i));
            }
            assertEquals(array, copy.build());
        }
        ArrayTestSupport.assertValues(strings, utf8);
        ArrayTestSupport.assertValues(binary, bin);
        assertEquals("[0x0001FF, null, 0x]", bin.toString());
        VarBinaryArray fromSegment = new VarBinaryBuilder(ArrowType.BINARY, BufferAllocator.managed())
                .append(MemorySegment.ofArray(bytes(9, 8, 7, 6)), 1, 2).appendObject(MemorySegment.ofArray(bytes(5)))
                .build();
        assertEquals("[0x0807, 0x05]", fromSegment.toString());
        assertThrows(IllegalArgumentException.class, () -> ArrayBuilder.of(ArrowType.UTF8).appendObject(42));
    }

    @Test
    void builderGrowsPastManyReallocationsAndIsReusable() {
        VarBinaryBuilder builder = new VarBinaryBuilder(ArrowType.UTF8, BufferAllocator.managed());
        for (int i = 0; i < 100_000; i++) {
            if (i % 10 == 3) {
                builder.appendNull();
            } else {
                builder.append("value " + i);
            }
        }
        VarBinaryArray array = builder.build();
        array.validateFull();
        assertEquals(100_000, array.length());
        assertEquals(10_000, array.nullCount());
        for (int i = 0; i < 100_000; i++) {
            assertEquals(i % 10 == 3 ? null : "value " + i, array.getObject(i));
        }
        assertEquals(0, builder.length());
        VarBinaryArray again = builder.append("x").build();
        assertPrefix(int32s(0, 1), again.offsetsBuffer());
        assertEquals("[\"x\"]", again.toString());
    }

    @Test
    void emptyArray() {
        VarBinaryArray empty = new VarBinaryBuilder(ArrowType.UTF8, BufferAllocator.managed()).build();
        empty.validateFull();
        assertEquals(0, empty.length());
        assertEquals("[]", empty.toString());
        assertEquals(ArrayTestSupport.build(ArrowType.UTF8, List.of()), empty);
    }

    /** A sparse file mapped into memory: gigabytes of address space, pages only where written. */
    private static MemorySegment sparse(Path dir, long size, Arena arena) throws IOException {
        Path file = dir.resolve("sparse.bin");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE, StandardOpenOption.SPARSE)) {
            return channel.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
        }
    }

    @Test
    void largeBinaryReadsPastTwoGibibytes(@TempDir Path dir) throws IOException {
        long size = 3 * GIB;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = sparse(dir, size, arena);
            MemorySegment.copy(bytes('h', 'e', 'l', 'l', 'o'), 0, data, ValueLayout.JAVA_BYTE,
                    size - 5, 5);
            Array array = Array.of(new ArrayData(ArrowType.LARGE_BINARY, 2, 0, 0, Arrays.asList(null,
                    ArrowBuffer.wrap(int64s(0, size - 5, size)), ArrowBuffer.wrap(data)), List.of(), null));
            array.validateFull();
            VarBinaryArray binary = (VarBinaryArray) array;
            assertEquals(size - 5, binary.valueOffset(1));
            assertEquals(size - 5, binary.valueLength(0));
            assertEquals(size - 5, binary.getSegment(0).byteSize());
            assertEquals("hello", binary.getString(1));
            assertThrows(IllegalStateException.class, () -> binary.getBytes(0));
            assertEquals(binary.slice(1, 1), ArrayTestSupport.build(ArrowType.LARGE_BINARY, List.of(bytes('h', 'e',
                    'l', 'l', 'o'))));
        }
    }

    @Test
    void thirtyTwoBitBuilderRefusesMoreThanTwoGibibytes(@TempDir Path dir) throws IOException {
        try (Arena arena = Arena.ofConfined(); ScopedAllocator allocator = BufferAllocator.scoped()) {
            MemorySegment huge = sparse(dir, 2 * GIB, arena);
            VarBinaryBuilder builder = new VarBinaryBuilder(ArrowType.UTF8, allocator).append("a");
            assertThrows(IllegalStateException.class, () -> builder.append(huge, 0, huge.byteSize()));
            assertEquals(1, builder.length());
            assertEquals(1, builder.dataLength());
            assertEquals("[\"a\"]", builder.build().toString());
        }
    }

    @Test
    void largeBuilderHoldsMoreThanTwoGibibytes() {
        long big = 2 * GIB;
        try (Arena arena = Arena.ofConfined(); ScopedAllocator allocator = BufferAllocator.scoped()) {
            MemorySegment source = arena.allocate(big);
            source.set(ValueLayout.JAVA_BYTE, big - 1, (byte) 42);
            VarBinaryArray array = new VarBinaryBuilder(ArrowType.LARGE_BINARY, allocator).append("head!")
                    .append(source, 0, big).appendNull().build();
            array.validateFull();
            assertEquals(5, array.valueOffset(1));
            assertEquals(big, array.valueLength(1));
            assertEquals(big + 5, array.valueOffset(2));
            assertEquals(42, array.getSegment(1).get(ValueLayout.JAVA_BYTE, big - 1));
            assertArrayEquals("head!".getBytes(StandardCharsets.US_ASCII), array.getBytes(0));
            assertTrue(array.isNull(2));
        }
    }

    @Property(tries = 200)
    void buildSliceValidateUtf8(@ForAll("strings") List<String> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(ArrowType.UTF8, values, from, length, from2, length2);
        ArrayTestSupport.checkBuildAndSlice(ArrowType.LARGE_UTF8, values, from, length, from2, length2);
    }

    @Property(tries = 200)
    void buildSliceValidateBinary(@ForAll("binaries") List<byte[]> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(ArrowType.BINARY, values, from, length, from2, length2);
        ArrayTestSupport.checkBuildAndSlice(ArrowType.LARGE_BINARY, values, from, length, from2, length2);
    }

    @Provide
    Arbitrary<List<String>> strings() {
        return ArrayTestSupport.withNulls(Arbitraries.strings().all().ofMaxLength(30)
                .filter(s -> StandardCharsets.UTF_8.newEncoder().canEncode(s)));
    }

    @Provide
    Arbitrary<List<byte[]>> binaries() {
        return ArrayTestSupport.withNulls(Arbitraries.bytes().array(byte[].class).ofMaxSize(30));
    }

    @Provide
    Arbitrary<Integer> bound() {
        return ArrayTestSupport.bound();
    }
}
