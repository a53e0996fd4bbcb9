// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static dev.quiver.ipc.TestData.bytes;
import static dev.quiver.ipc.TestData.int32s;
import static dev.quiver.ipc.TestData.int64s;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The flattening of Columnar.rst's examples: field nodes and buffers in pre-order, variadic counts. */
class FlatteningTest {
    private final RecordBatchSerializer serializer = new RecordBatchSerializer(IpcWriteOptions.DEFAULT);

    private static ArrayData data(ArrowType type, long length, List<ArrayData> children, ArrowBuffer... buffers) {
        return ArrayData.of(type, length, Arrays.asList(buffers), children);
    }

    @Test
    void specExampleGivesSixNodesAndTwelveBuffersInOrder() {
        ArrowType.List listType = ArrowType.List.of(ArrowType.INT64);
        ArrowType.Struct structType = ArrowType.Struct.of(Field.nullable("a", ArrowType.INT32),
                Field.nullable("b", listType), Field.nullable("c", ArrowType.FLOAT64));
        // Two rows; col1 row 1 is null, a's row 0 is null, item has one null, col2 = ["x", "yz"].
        ArrowBuffer col1Validity = bytes(0b01);
        ArrowBuffer aValidity = bytes(0b10);
        ArrowBuffer aValues = int32s(0, 7);
        ArrowBuffer bValidity = bytes(0b11);
        ArrowBuffer bOffsets = int32s(0, 2, 3);
        ArrowBuffer itemValidity = bytes(0b101);
        ArrowBuffer itemValues = int64s(1, 0, 3);
        ArrowBuffer cValidity = bytes(0b11);
        ArrowBuffer cValues = int64s(Double.doubleToLongBits(1.5), Double.doubleToLongBits(2.5));
        ArrowBuffer col2Validity = bytes(0b11);
        ArrowBuffer col2Offsets = int32s(0, 1, 3);
        ArrowBuffer col2Data = bytes('x', 'y', 'z');
        ArrayData item = data(ArrowType.INT64, 3, List.of(), itemValidity, itemValues);
        ArrayData a = data(ArrowType.INT32, 2, List.of(), aValidity, aValues);
        ArrayData b = data(listType, 2, List.of(item), bValidity, bOffsets);
        ArrayData c = data(ArrowType.FLOAT64, 2, List.of(), cValidity, cValues);
        ArrayData col1 = data(structType, 2, List.of(a, b, c), col1Validity);
        ArrayData col2 = data(ArrowType.UTF8, 2, List.of(), col2Validity, col2Offsets, col2Data);

        RecordBatchSerializer.Flattened flat = serializer.flatten(List.of(col1, col2));

        assertArrayEquals(new long[] {2, 1, 2, 1, 2, 0, 3, 1, 2, 0, 2, 0}, flat.nodes());
        List<ArrowBuffer> expected = List.of(col1Validity, aValidity, aValues, bValidity, bOffsets, itemValidity,
                itemValues, cValidity, cValues, col2Validity, col2Offsets, col2Data);
        assertEquals(12, flat.buffers().size());
        for (int i = 0; i < 12; i++) {
            ArrowBuffer actual = flat.buffers().get(i);
            byte[] want = expected.get(i).toByteArray();
            if (i == 7 || i == 9 || i == 3) {
                assertNull(actual, "buffer " + i + " is a validity bitmap without nulls: written empty");
            } else {
                assertArrayEquals(want, actual.toByteArray(), "buffer " + i);
            }
        }
        assertEquals(0, flat.variadicCounts().length);
    }

    @Test
    void variadicExampleGivesFourteenBuffersAndCounts() {
        ArrowType.Struct structType = ArrowType.Struct.of(Field.nullable("a", ArrowType.INT32),
                Field.nullable("b", ArrowType.BINARY_VIEW), Field.nullable("c", ArrowType.FLOAT64));
        ArrowBuffer views = ArrowBuffer.wrap(new byte[16]);
        ArrowBuffer[] bData = {bytes(1), bytes(2), bytes(3)};
        ArrowBuffer[] col2Data = {bytes(4), bytes(5)};
        ArrayData a = data(ArrowType.INT32, 1, List.of(), null, int32s(9));
        ArrayData b = data(ArrowType.BINARY_VIEW, 1, List.of(), null, views, bData[0], bData[1], bData[2]);
        ArrayData c = data(ArrowType.FLOAT64, 1, List.of(), null, int64s(0));
        ArrayData col1 = data(structType, 1, List.of(a, b, c), (ArrowBuffer) null);
        ArrayData col2 = data(ArrowType.UTF8_VIEW, 1, List.of(), null, ArrowBuffer.wrap(new byte[16]), col2Data[0],
                col2Data[1]);

        RecordBatchSerializer.Flattened flat = serializer.flatten(List.of(col1, col2));

        assertArrayEquals(new long[] {3, 2}, flat.variadicCounts());
        assertEquals(14, flat.buffers().size());
        assertEquals(5, flat.nodes().length / 2);
        assertArrayEquals(new byte[] {1}, flat.buffers().get(5).toByteArray());
        assertArrayEquals(new byte[] {2}, flat.buffers().get(6).toByteArray());
        assertArrayEquals(new byte[] {3}, flat.buffers().get(7).toByteArray());
        assertArrayEquals(int64s(0).toByteArray(), flat.buffers().get(9).toByteArray());
        assertArrayEquals(new byte[] {4}, flat.buffers().get(12).toByteArray());
        assertArrayEquals(new byte[] {5}, flat.buffers().get(13).toByteArray());
        for (int i : new int[] {0, 1, 3, 8, 10}) {
            assertNull(flat.buffers().get(i), "validity " + i);
        }
    }

    @Test
    void slicedNestedDataIsWrittenCompactly() {
        // list<int32> [[1, 2], null, [3], [4, 5, 6]] sliced to rows 2..3: offsets rebased, child sliced.
        ArrowType.List listType = ArrowType.List.of(ArrowType.INT32);
        ArrayData item = data(ArrowType.INT32, 6, List.of(), null, int32s(1, 2, 3, 4, 5, 6));
        ArrayData list = data(listType, 4, List.of(item), bytes(0b1101), int32s(0, 2, 2, 3, 6)).slice(2, 2);

        RecordBatchSerializer.Flattened flat = serializer.flatten(List.of(list));

        assertArrayEquals(new long[] {2, 0, 4, 0}, flat.nodes());
        assertNull(flat.buffers().get(0));
        assertArrayEquals(int32s(0, 1, 4).toByteArray(), flat.buffers().get(1).toByteArray());
        assertArrayEquals(int32s(3, 4, 5, 6).toByteArray(), flat.buffers().get(3).toByteArray());
    }

    @Test
    void bitmapsAtAnUnalignedOffsetAreRealigned() {
        // 10 int8 slots, every third null, sliced from 3: the bitmap must start at bit 0.
        ArrayData data = TestData.ints(ArrowType.INT8, null, 1L, 2L, null, 4L, 5L, null, 7L, 8L, null).data()
                .slice(3, 6);
        RecordBatchSerializer.Flattened flat = serializer.flatten(List.of(data));
        assertArrayEquals(new long[] {6, 2}, flat.nodes());
        assertArrayEquals(new byte[] {0b110110}, Arrays.copyOf(flat.buffers().get(0).toByteArray(), 1));
        assertArrayEquals(new byte[] {0, 4, 5, 0, 7, 8}, flat.buffers().get(1).toByteArray());
    }

    @Test
    void slicedRunEndEncodedDataKeepsOnlyTheCoveringRuns() {
        ArrowType.RunEndEncoded type = ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.INT64);
        ArrayData runEnds = data(ArrowType.INT32, 3, List.of(), null, int32s(2, 5, 9));
        ArrayData values = data(ArrowType.INT64, 3, List.of(), null, int64s(10, 20, 30));
        ArrayData ree = data(type, 9, List.of(runEnds, values)).slice(3, 4);

        RecordBatchSerializer.Flattened flat = serializer.flatten(List.of(ree));

        assertArrayEquals(new long[] {4, 0, 2, 0, 2, 0}, flat.nodes());
        assertArrayEquals(int32s(2, 4).toByteArray(), flat.buffers().get(1).toByteArray());
        assertArrayEquals(int64s(20, 30).toByteArray(), flat.buffers().get(3).toByteArray());
    }

    @Test
    void bufferSizesAreRecordedWithoutPaddingAndAbsentValidityAsZero() throws java.io.IOException {
        ArrayData int8 = TestData.ints(ArrowType.INT8, 1L, 2L, 3L).data();
        ArrayData withNulls = TestData.ints(ArrowType.INT16, 1L, null, 3L, 4L, 5L).data();
        RecordBatchSerializer.Serialized s = new RecordBatchSerializer(IpcWriteOptions.DEFAULT.withAlignment(64))
                .serialize(3, List.of(int8, withNulls.slice(1, 3)));
        // (offset, length) per buffer: validity of int8 absent, 3 value bytes, 1 bitmap byte, 6 value bytes.
        assertArrayEquals(new long[] {0, 0, 0, 3, 64, 1, 128, 6}, s.header().buffers());
        assertEquals(192, s.body().length());
        assertArrayEquals(new long[] {3, 0, 3, 1}, s.header().nodes());
    }

    @Test
    void slicedStructsSliceTheirChildren() {
        ArrowType.Struct type = ArrowType.Struct.of(Field.nullable("x", ArrowType.INT32));
        ArrayData x = TestData.ints(ArrowType.INT32, 10L, 11L, 12L, 13L, 14L).data();
        ArrayData struct = data(type, 5, List.of(x), bytes(0b11011)).slice(2, 3);
        RecordBatchSerializer.Flattened flat = serializer.flatten(List.of(struct));
        assertArrayEquals(new long[] {3, 1, 3, 0}, flat.nodes());
        assertArrayEquals(new byte[] {0b110}, Arrays.copyOf(flat.buffers().get(0).toByteArray(), 1));
        assertArrayEquals(int32s(12, 13, 14).toByteArray(), flat.buffers().get(2).toByteArray());
    }

    @Test
    void slicedDenseUnionsCutTheirChildrenAndRebaseTheirOffsets() {
        // dense union<a: int32, b: int64>: [a 10, b 20, a 11, b 21, a 12] sliced to rows 1..3.
        ArrowType.Union type = new ArrowType.Union(dev.quiver.core.type.UnionMode.DENSE,
                List.of(Field.nullable("a", ArrowType.INT32), Field.nullable("b", ArrowType.INT64)));
        ArrayData a = data(ArrowType.INT32, 3, List.of(), null, int32s(10, 11, 12));
        ArrayData b = data(ArrowType.INT64, 2, List.of(), null, int64s(20, 21));
        ArrayData union = data(type, 5, List.of(a, b), bytes(0, 1, 0, 1, 0), int32s(0, 0, 1, 1, 2)).slice(1, 3);

        RecordBatchSerializer.Flattened flat = serializer.flatten(List.of(union));

        assertArrayEquals(new long[] {3, 0, 1, 0, 2, 0}, flat.nodes());
        assertArrayEquals(new byte[] {1, 0, 1}, flat.buffers().get(0).toByteArray());
        assertArrayEquals(int32s(0, 0, 1).toByteArray(), flat.buffers().get(1).toByteArray());
        assertArrayEquals(int32s(11).toByteArray(), flat.buffers().get(3).toByteArray());
        assertArrayEquals(int64s(20, 21).toByteArray(), flat.buffers().get(5).toByteArray());
    }
}
