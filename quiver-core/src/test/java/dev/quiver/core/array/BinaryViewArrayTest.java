// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ArrayTestSupport.assertInvalid;
import static dev.quiver.core.array.ArrayTestSupport.assertPrefix;
import static dev.quiver.core.array.ArrayTestSupport.bytes;
import static dev.quiver.core.array.ArrayTestSupport.concat;
import static dev.quiver.core.array.ArrayTestSupport.int32s;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.BinaryViewBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.Rules;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class BinaryViewArrayTest {

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** An inline view: length, then the bytes zero-padded to 12. */
    private static byte[] inlineView(String s) {
        byte[] b = ascii(s);
        return concat(int32s(b.length), Arrays.copyOf(b, 12));
    }

    /** An out-of-line view: length, prefix, buffer index, offset. */
    private static byte[] longView(String s, int index, int offset) {
        byte[] b = ascii(s);
        return concat(int32s(b.length), Arrays.copyOf(b, 4), int32s(index, offset));
    }

    /**
     * Columnar.rst, "Variable-size Binary View Layout": a utf8_view of short (inline) and long
     * (prefix, buffer index, offset) strings.
     */
    @Test
    void utf8ViewOfShortAndLongStrings() {
        BinaryViewArray array = new BinaryViewBuilder(ArrowType.UTF8_VIEW, BufferAllocator.managed())
                .append("hello").appendNull().append("this is a long string").append("")
                .append("twelve bytes").append("another long one!").build();
        assertEquals(6, array.length());
        assertEquals(1, array.nullCount());
        assertPrefix(bytes(0b00111101), array.data().validity());
        assertEquals(6 * 16, array.viewsBuffer().byteSize());
        assertPrefix(bytes(5, 0, 0, 0, 'h', 'e', 'l', 'l', 'o', 0, 0, 0, 0, 0, 0, 0), array.viewsBuffer().slice(0, 16));
        assertPrefix(new byte[16], array.viewsBuffer().slice(16, 16));
        assertPrefix(bytes(21, 0, 0, 0, 't', 'h', 'i', 's', 0, 0, 0, 0, 0, 0, 0, 0), array.viewsBuffer().slice(32, 16));
        assertPrefix(new byte[16], array.viewsBuffer().slice(48, 16));
        assertPrefix(bytes(12, 0, 0, 0, 't', 'w', 'e', 'l', 'v', 'e', ' ', 'b', 'y', 't', 'e', 's'),
                array.viewsBuffer().slice(64, 16));
        assertPrefix(bytes(17, 0, 0, 0, 'a', 'n', 'o', 't', 0, 0, 0, 0, 21, 0, 0, 0), array.viewsBuffer().slice(80, 16));
        assertEquals(3, array.data().bufferCount());
        assertEquals(1, array.dataBufferCount());
        ArrowBuffer variadic = array.data().buffer(2);
        assertEquals(38, variadic.byteSize());
        assertArrayEquals(ascii("this is a long stringanother long one!"), variadic.toByteArray());
        array.validateFull();
        assertEquals(Arrays.asList("hello", null, "this is a long string", "", "twelve bytes", "another long one!"),
                Arrays.asList(array.getObject(0), array.getObject(1), array.getObject(2), array.getObject(3),
                        array.getObject(4), array.getObject(5)));
        assertEquals(21, array.valueLength(2));
        assertTrue(array.isInline(4));
        assertFalse(array.isInline(5));
        assertEquals("[\"hello\", null, \"this is a long string\", \"\", \"twelve bytes\", \"another long one!\"]",
                array.toString());
    }

    @Test
    void getSegmentIsZeroCopyForInlineAndOutOfLineValues() {
        BinaryViewArray array = new BinaryViewBuilder(ArrowType.BINARY_VIEW, BufferAllocator.managed())
                .append(ascii("short")).append(ascii("a value longer than twelve")).build();
        MemorySegment inline = array.getSegment(0);
        assertEquals(array.viewsBuffer().segment().address() + 4, inline.address());
        assertEquals(5, inline.byteSize());
        MemorySegment outOfLine = array.getSegment(1);
        assertEquals(array.data().buffer(2).segment().address(), outOfLine.address());
        assertEquals(26, outOfLine.byteSize());
        assertEquals("[0x73686F7274, 0x612076616C7565206C6F6E676572207468616E207477656C7665]", array.toString());
    }

    @Test
    void builderStartsNewVariadicBuffersAtTheBlockSize() {
        BinaryViewBuilder builder = new BinaryViewBuilder(ArrowType.UTF8_VIEW, BufferAllocator.managed(), 20, 40);
        String a = "A".repeat(13);
        String b = "B".repeat(13);
        String c = "C".repeat(13);
        String d = "D".repeat(30);
        String e = "E".repeat(50);
        BinaryViewArray array = builder.append(a).append(b).append("tiny").append(c).append(d).append(e).build();
        array.validateFull();
        // a fills block 0 (20 bytes); b starts block 1 (now 40); c fits after b; d starts block 2; e (50 bytes,
        // more than the maximum block) gets block 3 of its own size.
        assertEquals(4, array.dataBufferCount());
        assertEquals(List.of(13L, 26L, 30L, 50L), array.data().variadicBuffers().stream().map(ArrowBuffer::byteSize)
                .toList());
        assertPrefix(longView(a, 0, 0), array.viewsBuffer().slice(0, 16));
        assertPrefix(longView(b, 1, 0), array.viewsBuffer().slice(16, 16));
        assertPrefix(inlineView("tiny"), array.viewsBuffer().slice(32, 16));
        assertPrefix(longView(c, 1, 13), array.viewsBuffer().slice(48, 16));
        assertPrefix(longView(d, 2, 0), array.viewsBuffer().slice(64, 16));
        assertPrefix(longView(e, 3, 0), array.viewsBuffer().slice(80, 16));
        assertArrayEquals(ascii(b + c), array.data().buffer(3).toByteArray());
        // Equal to the same values held in one buffer: equality compares values, not where they live.
        Array oneBuffer = ArrayTestSupport.build(ArrowType.UTF8_VIEW, List.of(a, b, "tiny", c, d, e));
        assertEquals(1, ((BinaryViewArray) oneBuffer).dataBufferCount());
        assertEquals(oneBuffer, array);
        assertEquals(array, oneBuffer);
        // The builder starts over with the initial block size.
        BinaryViewArray again = builder.append(a).append(b).build();
        assertEquals(2, again.dataBufferCount());
    }

    @Test
    void slicesAtOffsetsNotMultipleOfEight() {
        List<String> source = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            source.add(i % 5 == 2 ? null : "s" + "ü".repeat(i % 11) + i);
        }
        BinaryViewArray array = (BinaryViewArray) ArrayTestSupport.build(ArrowType.UTF8_VIEW, source);
        BinaryViewArray slice = array.slice(3, 50);
        slice.validateFull();
        ArrayTestSupport.assertValues(source.subList(3, 53), slice);
        BinaryViewArray inner = slice.slice(6, 19);
        assertEquals(9, inner.offset());
        inner.validateFull();
        ArrayTestSupport.assertValues(source.subList(9, 28), inner);
        assertEquals(ArrayTestSupport.build(ArrowType.UTF8_VIEW, source.subList(9, 28)), inner);
        assertNotEquals(ArrayTestSupport.build(ArrowType.UTF8_VIEW, source.subList(10, 29)), inner);
        assertEquals(4, inner.nullCount());
    }

    private static Array views(ArrowType type, int length, int offset, byte[] validity, byte[] views,
            byte[]... variadic) {
        List<ArrowBuffer> buffers = new ArrayList<>();
        buffers.add(validity == null ? null : ArrowBuffer.wrap(validity));
        buffers.add(ArrowBuffer.wrap(views));
        for (byte[] v : variadic) {
            buffers.add(ArrowBuffer.wrap(v));
        }
        return Array.ofUnchecked(new ArrayData(type, length, offset, ArrayData.UNKNOWN_NULL_COUNT, buffers, List.of(),
                null));
    }

    @Test
    void equalityIgnoresOffsetsAndViewsUnderNulls() {
        // ["abc", null, "a long value here"] at offset 1, with garbage in the null view and in slot 0.
        byte[] viewBytes = concat(bytes(0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
                inlineView("abc"), bytes(-7, 0, 0, 0, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9), longView("a long value here",
                        1, 3));
        Array array = views(ArrowType.UTF8_VIEW, 3, 1, bytes(0b1010), viewBytes, ascii("unused"),
                ascii("xx a long value here yy"));
        array.validateFull();
        Array built = ArrayTestSupport.build(ArrowType.UTF8_VIEW, Arrays.asList("abc", null, "a long value here"));
        assertEquals(built, array);
        assertEquals(array, built);
        assertNotEquals(ArrayTestSupport.build(ArrowType.UTF8_VIEW, Arrays.asList("abc", null, "a long value herE")),
                array);
        assertNotEquals(ArrayTestSupport.build(ArrowType.UTF8_VIEW, Arrays.asList("abc", null, "b long value here")),
                array);
        assertNotEquals(ArrayTestSupport.build(ArrowType.UTF8_VIEW, Arrays.asList("abd", null, "a long value here")),
                array);
        assertNotEquals(ArrayTestSupport.build(ArrowType.BINARY_VIEW, Arrays.asList(ascii("abc"), null,
                ascii("a long value here"))), array);
    }

    @Test
    void viewsOutsideTheBuffersFailValidation() {
        byte[] data = ascii("0123456789abcdefghij");
        String value = "0123456789abc";
        // Buffer index past the last buffer, and negative.
        assertInvalid(Rules.VIEW_IN_BOUNDS, 1, views(ArrowType.BINARY_VIEW, 2, 0, null,
                concat(inlineView("ok"), longView(value, 1, 0)), data));
        assertInvalid(Rules.VIEW_IN_BOUNDS, 0, views(ArrowType.BINARY_VIEW, 1, 0, null, longView(value, -1, 0), data));
        // No variadic buffer at all.
        assertInvalid(Rules.VIEW_IN_BOUNDS, 0, views(ArrowType.BINARY_VIEW, 1, 0, null, longView(value, 0, 0)));
        // Range past the end of the buffer, and a negative offset.
        assertInvalid(Rules.VIEW_IN_BOUNDS, 0, views(ArrowType.BINARY_VIEW, 1, 0, null,
                concat(int32s(13), ascii("89ab"), int32s(0, 8)), data));
        assertInvalid(Rules.VIEW_IN_BOUNDS, 0, views(ArrowType.BINARY_VIEW, 1, 0, null,
                concat(int32s(13), ascii("0123"), int32s(0, -1)), data));
        // Offset near Integer.MAX_VALUE: the end must not overflow into range.
        assertInvalid(Rules.VIEW_IN_BOUNDS, 0, views(ArrowType.BINARY_VIEW, 1, 0, null,
                concat(int32s(Integer.MAX_VALUE), ascii("0123"), int32s(0, Integer.MAX_VALUE)), data));
        // A negative length.
        assertInvalid(Rules.VIEW_IN_BOUNDS, 0, views(ArrowType.BINARY_VIEW, 1, 0, null,
                concat(int32s(-1), new byte[12])));
        // The same broken view under a null slot is fine.
        views(ArrowType.BINARY_VIEW, 2, 0, bytes(0b01), concat(inlineView("ok"), longView(value, 5, 0)), data)
                .validateFull();
        // Found at the right index in a slice.
        Array sliced = views(ArrowType.BINARY_VIEW, 3, 0, null,
                concat(inlineView("a"), inlineView("b"), longView(value, 3, 0)), data).slice(1, 2);
        assertInvalid(Rules.VIEW_IN_BOUNDS, 1, sliced);
    }

    @Test
    void inlineViewsMustBeZeroPadded() {
        for (int length = 0; length < 12; length++) {
            for (int dirty = 4 + length; dirty < 16; dirty++) {
                byte[] view = inlineView("x".repeat(length));
                view[dirty] = 1;
                assertInvalid(Rules.VIEW_PADDING, 0, views(ArrowType.BINARY_VIEW, 1, 0, null, view));
            }
            views(ArrowType.BINARY_VIEW, 1, 0, null, inlineView("x".repeat(length))).validateFull();
        }
        views(ArrowType.BINARY_VIEW, 1, 0, null, inlineView("x".repeat(12))).validateFull();
    }

    @Test
    void prefixMustEqualTheData() {
        byte[] data = ascii("0123456789abcdef");
        views(ArrowType.BINARY_VIEW, 1, 0, null, concat(int32s(13), ascii("1234"), int32s(0, 1)), data).validateFull();
        assertInvalid(Rules.VIEW_PREFIX, 0, views(ArrowType.BINARY_VIEW, 1, 0, null,
                concat(int32s(13), ascii("1235"), int32s(0, 1)), data));
        assertInvalid(Rules.VIEW_PREFIX, 1, views(ArrowType.BINARY_VIEW, 2, 0, null,
                concat(inlineView("fine"), int32s(13), ascii("0123"), int32s(0, 1)), data));
    }

    @Test
    void utf8ViewsMustBeWellFormed() {
        byte[] badInline = concat(int32s(2), bytes(0xC3, 0x28), new byte[10]);
        assertInvalid(Rules.UTF8, 1, views(ArrowType.UTF8_VIEW, 2, 0, null, concat(inlineView("ok"), badInline)));
        views(ArrowType.BINARY_VIEW, 2, 0, null, concat(inlineView("ok"), badInline)).validateFull();
        byte[] data = concat(ascii("valid prefix "), bytes(0xED, 0xA0, 0x80));
        byte[] badLong = concat(int32s(data.length), ascii("vali"), int32s(0, 0));
        assertInvalid(Rules.UTF8, 0, views(ArrowType.UTF8_VIEW, 1, 0, null, badLong, data));
        views(ArrowType.BINARY_VIEW, 1, 0, null, badLong, data).validateFull();
        views(ArrowType.UTF8_VIEW, 1, 0, bytes(0), badLong, data).validateFull();
    }

    @Test
    void getObjectAndAppendObjectRoundTrip() {
        List<Object> strings = Arrays.asList("a", null, "", "ünïcödé ✓ 😀 and more", "y".repeat(12), "z".repeat(13));
        Array utf8 = ArrayTestSupport.build(ArrowType.UTF8_VIEW, strings);
        assertInstanceOf(String.class, utf8.getObject(0));
        List<Object> binary = Arrays.asList(bytes(0, 1, 0xFF), null, bytes(), new byte[40]);
        Array bin = ArrayTestSupport.build(ArrowType.BINARY_VIEW, binary);
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
        BinaryViewArray fromSegment = new BinaryViewBuilder(ArrowType.BINARY_VIEW, BufferAllocator.managed())
                .append(MemorySegment.ofArray(bytes(9, 8, 7, 6)), 1, 2).appendObject(MemorySegment.ofArray(bytes(5)))
                .build();
        assertEquals("[0x0807, 0x05]", fromSegment.toString());
        BinaryViewBuilder builder = new BinaryViewBuilder(ArrowType.UTF8_VIEW, BufferAllocator.managed());
        assertThrows(IndexOutOfBoundsException.class, () -> builder.append(MemorySegment.ofArray(bytes(1, 2)), 1, 5));
        assertEquals(0, builder.length());
        assertThrows(IllegalArgumentException.class, () -> builder.appendObject(3.5));
        assertNull(builder.appendNull().build().getObject(0));
    }

    @Test
    void builderGrowsPastManyReallocationsAndIsReusable() {
        BinaryViewBuilder builder = new BinaryViewBuilder(ArrowType.UTF8_VIEW, BufferAllocator.managed());
        for (int i = 0; i < 100_000; i++) {
            if (i % 10 == 3) {
                builder.appendNull();
            } else {
                builder.append(i % 2 == 0 ? "v" + i : "a longer value number " + i);
            }
        }
        BinaryViewArray array = builder.build();
        array.validateFull();
        assertEquals(100_000, array.length());
        assertEquals(10_000, array.nullCount());
        assertTrue(array.dataBufferCount() > 3, "buffers: " + array.dataBufferCount());
        for (ArrowBuffer b : array.data().variadicBuffers()) {
            assertTrue(b.byteSize() <= BinaryViewBuilder.DEFAULT_MAX_BLOCK_SIZE);
        }
        for (int i = 0; i < 100_000; i++) {
            Object expected = i % 10 == 3 ? null : i % 2 == 0 ? "v" + i : "a longer value number " + i;
            assertEquals(expected, array.getObject(i));
        }
        assertEquals(0, builder.length());
        assertEquals("[\"x\"]", builder.append("x").build().toString());
    }

    @Property(tries = 200)
    void buildSliceValidate(@ForAll("strings") List<String> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(ArrowType.UTF8_VIEW, values, from, length, from2, length2);
    }

    @Property(tries = 200)
    void buildSliceValidateBinary(@ForAll("binaries") List<byte[]> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(ArrowType.BINARY_VIEW, values, from, length, from2, length2);
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
