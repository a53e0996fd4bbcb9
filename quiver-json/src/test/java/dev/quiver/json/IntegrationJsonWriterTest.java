// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import static dev.quiver.json.TestArrays.batch;
import static dev.quiver.json.TestArrays.int32;
import static dev.quiver.json.TestArrays.int32s;
import static dev.quiver.json.TestArrays.struct;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.UnionValue;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Schema;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The writer reads values from the buffers within each array's window; reading back gives the same. */
class IntegrationJsonWriterTest {
    private final BatchComparator comparator = new BatchComparator();

    private JsonFile roundTrip(JsonFile file) {
        return IntegrationJsonReader.readString(IntegrationJsonWriter.writeString(file));
    }

    private void assertRoundTrips(JsonFile file) {
        JsonFile back = roundTrip(file);
        assertEquals(file.schema(), back.schema());
        assertEquals(Optional.empty(), comparator.compare(file.batches(), back.batches()));
    }

    @Test
    void aSlicedColumnIsWrittenFromItsOffset() {
        IntBuilder<?> builder = IntBuilder.int32(BufferAllocator.managed());
        for (int i = 0; i < 20; i++) {
            if (i % 3 == 0) {
                builder.appendNull();
            } else {
                builder.append(i * 10);
            }
        }
        ArrayData sliced = builder.build().data().slice(5, 9);
        List<Field> fields = List.of(Field.nullable("a", ArrowType.INT32));
        JsonFile file = new JsonFile(new Schema(fields), List.of(batch(fields, sliced)));
        String json = IntegrationJsonWriter.writeString(file);
        assertTrue(json.contains("\"VALIDITY\":[1,0,1,1,0,1,1,0,1],\"DATA\":[50,0,70,80,0,100,110,0,130]"), json);
        assertRoundTrips(file);
    }

    @Test
    void aSlicedStringColumnHasOffsetsFromZeroIntoItsData() {
        List<Field> fields = List.of(Field.nullable("s", ArrowType.UTF8));
        RecordBatch full = RecordBatch.ofRows(new Schema(fields),
                List.of(List.of("ab"), List.of("cde"), Arrays.asList((Object) null), List.of("f")));
        JsonFile file = new JsonFile(full.schema(), List.of(full.slice(1, 3)));
        String json = IntegrationJsonWriter.writeString(file);
        assertTrue(json.contains("\"OFFSET\":[0,3,3,4],\"DATA\":[\"cde\",\"\",\"f\"]"), json);
        assertRoundTrips(file);
    }

    @Test
    void aSlicedDenseUnionHasItsChildrenCutAndItsOffsetsRebased() {
        ArrowType.Union type = new ArrowType.Union(dev.quiver.core.type.UnionMode.DENSE,
                List.of(Field.nullable("a", ArrowType.INT32), Field.nullable("b", ArrowType.UTF8)));
        Schema schema = new Schema(List.of(Field.nullable("u", type)));
        List<List<?>> rows = new ArrayList<>();
        for (Object v : new Object[] {new UnionValue(0, 10), new UnionValue(1, "x"), new UnionValue(0, 11),
            new UnionValue(1, "y"), new UnionValue(0, 12)}) {
            rows.add(List.of(v));
        }
        RecordBatch full = RecordBatch.ofRows(schema, rows);
        JsonFile file = new JsonFile(schema, List.of(full.slice(1, 3)));
        String json = IntegrationJsonWriter.writeString(file);
        assertTrue(json.contains("\"TYPE_ID\":[1,0,1],\"OFFSET\":[0,0,1],\"children\":[{\"name\":\"a\",\"count\":1,"), json);
        assertTrue(json.contains("\"name\":\"b\",\"count\":2,"), json);
        assertRoundTrips(file);
    }

    @Test
    void structChildrenAreWrittenInTheParentsWindow() {
        List<Field> children = List.of(Field.nullable("x", ArrowType.INT32));
        List<Field> fields = List.of(Field.nullable("s", new ArrowType.Struct(children)));
        ArrayData s = struct(children, int32(1, 2, 3, 4, 5)).slice(1, 3);
        JsonFile file = new JsonFile(new Schema(fields), List.of(batch(fields, s)));
        String json = IntegrationJsonWriter.writeString(file);
        assertTrue(json.contains("{\"name\":\"x\",\"count\":3,\"VALIDITY\":[1,1,1],\"DATA\":[2,3,4]}"), json);
        assertRoundTrips(file);
    }

    @Test
    void runEndEncodedDataIsWrittenAsItsLogicalRuns() {
        ArrowType.RunEndEncoded type = ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.INT32);
        List<Field> fields = List.of(Field.nullable("r", type));
        ArrayData ree = ArrayData.of(type, 9, List.of(), List.of(int32(3, 5, 9), int32(10, 20, 30))).slice(4, 4);
        JsonFile file = new JsonFile(new Schema(fields), List.of(batch(fields, ree)));
        String json = IntegrationJsonWriter.writeString(file);
        assertTrue(json.contains("{\"name\":\"run_ends\",\"count\":2,\"VALIDITY\":[1,1],\"DATA\":[1,4]}"), json);
        assertTrue(json.contains("{\"name\":\"values\",\"count\":2,\"VALIDITY\":[1,1],\"DATA\":[20,30]}"), json);
        assertRoundTrips(file);
    }

    @Test
    void dictionariesAreTakenFromTheColumnsAndWrittenOnce() {
        ArrowType.Dictionary type = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.INT32, false);
        List<Field> fields = List.of(Field.dictionary("d", ArrowType.INT32, ArrowType.INT32, false, 4, true));
        ArrayData dictionary = int32(100, 200, 300);
        RecordBatch b1 = batch(fields, encoded(type, dictionary, 2, 0));
        RecordBatch b2 = batch(fields, encoded(type, dictionary, 1));
        JsonFile file = new JsonFile(new Schema(fields), List.of(b1, b2));
        String json = IntegrationJsonWriter.writeString(file);
        assertEquals(json.indexOf("\"DICT4\""), json.lastIndexOf("\"DICT4\""));
        assertTrue(json.contains("\"dictionaries\":[{\"id\":4,"), json);
        JsonFile back = IntegrationJsonReader.readString(json);
        assertEquals(List.of(4L), List.copyOf(back.dictionaries().keySet()));
        assertEquals(Optional.empty(), comparator.compareArrays(dictionary, back.dictionaries().get(4L), "d"));
        assertRoundTrips(file);
    }

    @Test
    void twoDictionariesForOneIdAreRefused() {
        ArrowType.Dictionary type = new ArrowType.Dictionary(ArrowType.INT32, ArrowType.INT32, false);
        List<Field> fields = List.of(Field.dictionary("d", ArrowType.INT32, ArrowType.INT32, false, 0, true));
        JsonFile file = new JsonFile(new Schema(fields), List.of(
                batch(fields, encoded(type, int32(1, 2), 0)), batch(fields, encoded(type, int32(1, 3), 0))));
        JsonFormatException e = assertThrows(JsonFormatException.class, () -> IntegrationJsonWriter.writeString(file));
        assertTrue(e.getMessage().contains("batch 1, column d"), e.getMessage());
        JsonFile equalCopies = new JsonFile(file.schema(), List.of(
                batch(fields, encoded(type, int32(1, 2), 0)), batch(fields, encoded(type, int32(1, 2), 1))));
        assertRoundTrips(equalCopies);
    }

    @Test
    void givenDictionariesAreWrittenEvenWithoutBatches() {
        List<Field> fields = List.of(Field.dictionary("d", ArrowType.INT32, ArrowType.INT32, false, 2, true));
        JsonFile file = new JsonFile(new Schema(fields), Map.of(2L, int32(5, 6)), List.of());
        JsonFile back = roundTrip(file);
        assertEquals(Optional.empty(), comparator.compareArrays(int32(5, 6), back.dictionaries().get(2L), "d"));
    }

    private static ArrayData encoded(ArrowType.Dictionary type, ArrayData dictionary, int... indices) {
        return ArrayData.dictionaryEncoded(type, indices.length, Arrays.asList(null, int32s(indices)), dictionary);
    }

    @Test
    void gzipFilesAreWrittenByName(@TempDir Path dir) throws Exception {
        JsonFile gold = IntegrationJsonReader.read(GoldFiles.root().resolve("cpp-21.0.0/generated_primitive.json.gz"));
        Path gz = dir.resolve("out.json.gz");
        Path plain = dir.resolve("out.json");
        IntegrationJsonWriter.write(gold, gz);
        IntegrationJsonWriter.write(gold, plain);
        byte[] head = Files.readAllBytes(gz);
        assertEquals((byte) 0x1f, head[0]);
        assertEquals('{', Files.readString(plain).charAt(0));
        assertEquals(IntegrationJsonWriter.writeString(IntegrationJsonReader.read(plain)), IntegrationJsonWriter.writeString(IntegrationJsonReader.read(gz)));
    }

    @Test
    void aBatchOfAnotherSchemaIsRefused() {
        List<Field> a = List.of(Field.nullable("a", ArrowType.INT32));
        List<Field> b = List.of(Field.nullable("b", ArrowType.INT32));
        JsonFile file = new JsonFile(new Schema(a), List.of(batch(b, int32(1))));
        assertThrows(JsonFormatException.class, () -> IntegrationJsonWriter.writeString(file));
    }

    @Test
    void nonFiniteFloatsAreStringsAndHalfFloatsNumbers() {
        List<Field> fields = List.of(Field.nullable("d", ArrowType.FLOAT64), Field.nullable("h", ArrowType.FLOAT16));
        MemorySegment doubles = MemorySegment.ofArray(new byte[24]);
        doubles.set(LittleEndian.DOUBLE, 0, Double.NaN);
        doubles.set(LittleEndian.DOUBLE, 8, Double.NEGATIVE_INFINITY);
        doubles.set(LittleEndian.DOUBLE, 16, 0.1);
        MemorySegment halves = MemorySegment.ofArray(new byte[6]);
        halves.set(LittleEndian.SHORT, 0, (short) 0x3E00);
        halves.set(LittleEndian.SHORT, 2, (short) 0x7C00);
        halves.set(LittleEndian.SHORT, 4, (short) 0x0001);
        ArrayData d = ArrayData.of(ArrowType.FLOAT64, 3,
                Arrays.asList(null, ArrowBuffer.wrap(doubles)), List.of());
        ArrayData h = ArrayData.of(ArrowType.FLOAT16, 3,
                Arrays.asList(null, ArrowBuffer.wrap(halves)), List.of());
        JsonFile file = new JsonFile(new Schema(fields), List.of(batch(fields, d, h)));
        String json = IntegrationJsonWriter.writeString(file);
        assertTrue(json.contains("\"DATA\":[\"NaN\",\"-Infinity\",0.1]"), json);
        assertTrue(json.contains("\"DATA\":[1.5,\"Infinity\",5.9604645E-8]"), json);
        RecordBatch back = IntegrationJsonReader.readString(json).batches().get(0);
        assertEquals(Double.doubleToRawLongBits(Double.NaN), back.column(0).data().buffer(1).getLong(0));
        assertEquals(Double.NEGATIVE_INFINITY, back.column(0).data().buffer(1).getDouble(8));
        assertEquals(0.1, back.column(0).data().buffer(1).getDouble(16));
        for (int i = 0; i < 3; i++) {
            assertEquals(halves.get(LittleEndian.SHORT, 2L * i), back.column(1).data().buffer(1).getShort(2L * i), "slot " + i);
        }
    }

    @Test
    void emptyColumnsWithoutBuffersAreWritten() {
        ArrowType.List list = ArrowType.List.of(ArrowType.INT32);
        List<Field> fields = List.of(Field.nullable("f", ArrowType.FLOAT32), Field.nullable("b", ArrowType.BOOL),
                Field.nullable("i", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)),
                Field.nullable("s", ArrowType.UTF8), Field.nullable("l", list));
        List<ArrayData> columns = new ArrayList<>();
        for (Field f : fields.subList(0, 3)) {
            columns.add(ArrayData.of(f.type(), 0, Arrays.asList(null, null), List.of()));
        }
        columns.add(ArrayData.of(ArrowType.UTF8, 0, Arrays.asList(null, null, null), List.of()));
        columns.add(ArrayData.of(list, 0, Arrays.asList(null, null), List.of(int32())));
        JsonFile file = new JsonFile(new Schema(fields),
                List.of(batch(fields, columns.toArray(new ArrayData[0]))));
        String json = IntegrationJsonWriter.writeString(file);
        assertTrue(json.contains("{\"name\":\"s\",\"count\":0,\"VALIDITY\":[],\"OFFSET\":[0],\"DATA\":[]}"), json);
        assertRoundTrips(file);
    }
}
