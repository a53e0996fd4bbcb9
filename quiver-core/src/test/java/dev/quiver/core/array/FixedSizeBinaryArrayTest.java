// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static dev.quiver.core.array.ArrayTestSupport.assertInvalid;
import static dev.quiver.core.array.ArrayTestSupport.assertPrefix;
import static dev.quiver.core.array.ArrayTestSupport.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.builder.FixedSizeBinaryBuilder;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.Rules;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class FixedSizeBinaryArrayTest {
    private static final ArrowType.FixedSizeBinary FSB3 = new ArrowType.FixedSizeBinary(3);

    @Test
    void valuesAreContiguousFixedWidthBytes() {
        FixedSizeBinaryArray array = new FixedSizeBinaryBuilder(FSB3, BufferAllocator.managed())
                .append(bytes('a', 'b', 'c')).appendNull().append(bytes(0xFF, 0, 1)).build();
        assertPrefix(bytes(0b101), array.data().validity());
        assertPrefix(bytes('a', 'b', 'c', 0, 0, 0, 0xFF, 0, 1), array.valuesBuffer());
        array.validateFull();
        assertArrayEquals(bytes('a', 'b', 'c'), array.getBytes(0));
        assertArrayEquals(bytes(0xFF, 0, 1), (byte[]) array.getObject(2));
        MemorySegment segment = array.getSegment(2);
        assertEquals(array.valuesBuffer().segment().address() + 6, segment.address());
        assertEquals(3, segment.byteSize());
        assertEquals("[0x616263, null, 0xFF0001]", array.toString());
    }

    @Test
    void builderRefusesValuesOfAnotherWidth() {
        FixedSizeBinaryBuilder builder = new FixedSizeBinaryBuilder(FSB3, BufferAllocator.managed());
        assertThrows(IllegalArgumentException.class, () -> builder.append(bytes(1, 2)));
        assertThrows(IllegalArgumentException.class, () -> builder.appendObject(MemorySegment.ofArray(bytes(1, 2, 3, 4))));
        assertThrows(IllegalArgumentException.class, () -> builder.appendObject("abc"));
        assertEquals(0, builder.length());
        FixedSizeBinaryArray array = builder.append(MemorySegment.ofArray(bytes(9, 1, 2, 3, 9)), 1).build();
        assertEquals("[0x010203]", array.toString());
    }

    @Test
    void tooShortValuesFailValidation() {
        ArrayData data = new ArrayData(FSB3, 3, 0, 0, Arrays.asList(null, ArrowBuffer.wrap(new byte[8])), List.of(), null);
        assertInvalid(Rules.BUFFER_SIZE, -1, Array.ofUnchecked(data));
    }

    @Test
    void slicingAndEqualityIgnoringBytesUnderNulls() {
        List<byte[]> source = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            source.add(i % 4 == 0 ? null : bytes(i, i * 2, i * 3));
        }
        FixedSizeBinaryArray inner = ((FixedSizeBinaryArray) ArrayTestSupport.build(FSB3, source)).slice(3, 20)
                .slice(2, 11);
        assertEquals(5, inner.offset());
        inner.validateFull();
        ArrayTestSupport.assertValues(source.subList(5, 16), inner);
        assertEquals(ArrayTestSupport.build(FSB3, source.subList(5, 16)), inner);
        assertNotEquals(ArrayTestSupport.build(FSB3, source.subList(6, 17)), inner);
        ArrayData garbage = new ArrayData(FSB3, 2, 1, ArrayData.UNKNOWN_NULL_COUNT, Arrays.asList(
                ArrowBuffer.wrap(bytes(0b011)), ArrowBuffer.wrap(bytes(7, 7, 7, 1, 2, 3, 8, 8, 8))), List.of(), null);
        assertEquals(ArrayTestSupport.build(FSB3, Arrays.asList(bytes(1, 2, 3), null)), Array.of(garbage));
    }

    @Test
    void getObjectAndAppendObjectRoundTrip() {
        ArrowType.FixedSizeBinary uuid = new ArrowType.FixedSizeBinary(16);
        List<byte[]> source = Arrays.asList(new byte[16], null, bytes(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                16));
        Array array = ArrayTestSupport.build(uuid, source);
        assertInstanceOf(byte[].class, array.getObject(0));
        ArrayTestSupport.assertValues(source, array);
        ArrayBuilder copy = ArrayBuilder.of(uuid);
        for (long i = 0; i < array.length(); i++) {
            copy.appendObject(array.getObject(i));
        }
        assertEquals(array, copy.build());
    }

    @Test
    void builderGrowsPastManyReallocations() {
        FixedSizeBinaryBuilder builder = new FixedSizeBinaryBuilder(FSB3, BufferAllocator.managed());
        for (int i = 0; i < 100_000; i++) {
            builder.append(bytes(i, i >> 8, i >> 16));
        }
        FixedSizeBinaryArray array = builder.build();
        array.validateFull();
        for (int i = 0; i < 100_000; i++) {
            assertArrayEquals(bytes(i, i >> 8, i >> 16), array.getBytes(i));
        }
    }

    @Property(tries = 200)
    void buildSliceValidate(@ForAll("values") List<byte[]> values, @ForAll("bound") int from,
            @ForAll("bound") int length, @ForAll("bound") int from2, @ForAll("bound") int length2) {
        ArrayTestSupport.checkBuildAndSlice(new ArrowType.FixedSizeBinary(5), values, from, length, from2, length2);
    }

    @Provide
    Arbitrary<List<byte[]>> values() {
        return ArrayTestSupport.withNulls(Arbitraries.bytes().array(byte[].class).ofSize(5));
    }

    @Provide
    Arbitrary<Integer> bound() {
        return ArrayTestSupport.bound();
    }
}
