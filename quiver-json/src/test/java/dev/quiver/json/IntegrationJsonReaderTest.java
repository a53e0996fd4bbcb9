// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import static dev.quiver.json.JsonTestData.b;
import static dev.quiver.json.JsonTestData.bytes;
import static dev.quiver.json.JsonTestData.file;
import static dev.quiver.json.JsonTestData.leafField;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.Int32Array;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.ExtensionTypes;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Precision;
import dev.quiver.core.type.UnionMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The buffers the reader builds, byte for byte, for hand-checked inputs. */
class IntegrationJsonReaderTest {
    private static final String INT8 = "{\"name\": \"int\", \"bitWidth\": 8, \"isSigned\": true}";

    private ArrayData column(String type, long count, String column) {
        return IntegrationJsonReader.readString(file(leafField(type), count, column)).batches().get(0).column(0).data();
    }

    private static Path examples() {
        return GoldFiles.examples();
    }

    @Test
    void specExampleSimpleHasTheExpectedBuffers() throws Exception {
        Path simple = examples().resolve("simple.json");
        JsonFile json = IntegrationJsonReader.read(simple);
        assertEquals(3, json.batches().size());
        ArrayData foo = json.batches().get(0).column(0).data();
        assertArrayEquals(b(0b11101), bytes(foo.buffer(0), 1));
        assertArrayEquals(b(1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 5, 0, 0, 0), bytes(foo.buffer(1), 20));
        assertEquals(1, foo.nullCount());
        ArrayData bar = json.batches().get(0).column(1).data();
        assertArrayEquals(b(0b11001), bytes(bar.buffer(0), 1));
        assertEquals(2.0, bar.buffer(1).getDouble(8));
        ArrayData baz = json.batches().get(0).column(2).data();
        assertArrayEquals(b(0, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 5, 0, 0, 0, 9, 0, 0, 0),
                bytes(baz.buffer(1), 24));
        assertArrayEquals("aabbbcccc".getBytes(), bytes(baz.buffer(2), 9));
        assertEquals(9, baz.buffer(2).byteSize());
        assertNull(json.batches().get(1).column(0).data().buffer(0), "all valid: no bitmap");
        assertEquals(5, json.batches().get(2).column(0).data().nullCount());
        assertEquals(3, ((Int32Array) json.batches().get(0).column(0)).get(2));
    }

    @Test
    void specExampleStructHasChildrenAtTheParentsSlots() throws Exception {
        Path struct = examples().resolve("struct.json");
        ArrayData s = IntegrationJsonReader.read(struct).batches().get(0).column(0).data();
        assertArrayEquals(b(0b0101110), bytes(s.buffer(0), 1));
        assertEquals(2, s.children().size());
        assertEquals(290876774, s.child(0).buffer(1).getInt(4));
        assertArrayEquals("MhRNxD43F9HBxKaVd88fp3loZrRf".getBytes(), bytes(s.child(1).buffer(2), 28));
    }

    @Test
    void sixtyFourBitIntegersAreStringsAndUnsignedUseAllBits() {
        ArrayData u = column("{\"name\": \"int\", \"bitWidth\": 64, \"isSigned\": false}", 2,
                "{\"name\": \"c\", \"count\": 2, \"VALIDITY\": [1, 1], \"DATA\": [\"18446744073709551615\", \"1\"]}");
        assertEquals(-1L, u.buffer(1).getLong(0));
        assertEquals(1L, u.buffer(1).getLong(8));
        ArrayData s = column("{\"name\": \"int\", \"bitWidth\": 64, \"isSigned\": true}", 1,
                "{\"name\": \"c\", \"count\": 1, \"VALIDITY\": [1], \"DATA\": [\"-9223372036854775808\"]}");
        assertEquals(Long.MIN_VALUE, s.buffer(1).getLong(0));
    }

    @Test
    void booleansAreBitsWhetherWrittenAsNumbersOrBooleans() {
        ArrayData data = column("{\"name\": \"bool\"}", 4,
                "{\"name\": \"c\", \"count\": 4, \"VALIDITY\": [1, 1, 1, 0], \"DATA\": [true, 0, 1, false]}");
        assertArrayEquals(b(0b0111), bytes(data.buffer(0), 1));
        assertArrayEquals(b(0b0101), bytes(data.buffer(1), 1));
    }

    @Test
    void decimalsAreTwosComplementOfTheirWidth() {
        ArrayData d = column("{\"name\": \"decimal\", \"precision\": 5, \"scale\": 2}", 2,
                "{\"name\": \"c\", \"count\": 2, \"VALIDITY\": [1, 1], \"DATA\": [\"-992\", \"1\"]}");
        assertEquals(new ArrowType.Decimal(5, 2, 128), d.type());
        byte[] expected = new byte[32];
        java.util.Arrays.fill(expected, 0, 16, (byte) 0xFF);
        expected[0] = (byte) 0x20;
        expected[1] = (byte) 0xFC;
        expected[16] = 1;
        assertArrayEquals(expected, bytes(d.buffer(1), 32));
        ArrayData d32 = column("{\"name\": \"decimal\", \"precision\": 5, \"scale\": 2, \"bitWidth\": 32}", 1,
                "{\"name\": \"c\", \"count\": 1, \"VALIDITY\": [1], \"DATA\": [\"-2\"]}");
        assertArrayEquals(b(0xFE, 0xFF, 0xFF, 0xFF), bytes(d32.buffer(1), 4));
    }

    @Test
    void intervalsAreObjectsAndEmptyObjectsReadAsZero() {
        ArrayData dt = column("{\"name\": \"interval\", \"unit\": \"DAY_TIME\"}", 2,
                "{\"name\": \"c\", \"count\": 2, \"VALIDITY\": [1, 0], "
                        + "\"DATA\": [{\"days\": -1, \"milliseconds\": 2}, {}]}");
        assertEquals(new ArrowType.Interval(IntervalUnit.DAY_TIME), dt.type());
        assertArrayEquals(b(0xFF, 0xFF, 0xFF, 0xFF, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), bytes(dt.buffer(1), 16));
        ArrayData mdn = column("{\"name\": \"interval\", \"unit\": \"MONTH_DAY_NANO\"}", 1,
                "{\"name\": \"c\", \"count\": 1, \"VALIDITY\": [1], "
                        + "\"DATA\": [{\"months\": 1, \"days\": 2, \"nanoseconds\": -3}]}");
        assertArrayEquals(b(1, 0, 0, 0, 2, 0, 0, 0, 0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF),
                bytes(mdn.buffer(1), 16));
    }

    @Test
    void halfFloatsAreNumbers() {
        ArrayData h = column("{\"name\": \"floatingpoint\", \"precision\": \"HALF\"}", 3,
                "{\"name\": \"c\", \"count\": 3, \"VALIDITY\": [1, 1, 1], \"DATA\": [1.5, -2, \"NaN\"]}");
        assertEquals(new ArrowType.FloatingPoint(Precision.HALF), h.type());
        assertEquals((short) 0x3E00, h.buffer(1).getShort(0));
        assertEquals((short) 0xC000, h.buffer(1).getShort(2));
        assertTrue(Float.isNaN(dev.quiver.core.memory.HalfFloat.toFloat(h.buffer(1).getShort(4))));
    }

    @Test
    void largeBinaryOffsetsAreStringsAndDataIsHex() {
        ArrayData d = column("{\"name\": \"largebinary\"}", 2,
                "{\"name\": \"c\", \"count\": 2, \"VALIDITY\": [1, 1], \"OFFSET\": [\"0\", \"2\", \"3\"], "
                        + "\"DATA\": [\"0AFF\", \"10\"]}");
        assertEquals(3L, d.buffer(1).getLong(16));
        assertArrayEquals(b(0x0A, 0xFF, 0x10), bytes(d.buffer(2), 3));
    }

    @Test
    void viewsAreInlineOrReferenceVariadicBuffers() {
        ArrayData v = column("{\"name\": \"utf8view\"}", 2,
                "{\"name\": \"c\", \"count\": 2, \"VALIDITY\": [1, 1], "
                        + "\"VIEWS\": [{\"SIZE\": 3, \"INLINED\": \"hé\"}, "
                        + "{\"SIZE\": 13, \"PREFIX_HEX\": \"61626364\", \"BUFFER_INDEX\": 0, \"OFFSET\": 1}], "
                        + "\"VARIADIC_DATA_BUFFERS\": [\"5861626364656667686969696A6B\"]}");
        assertEquals(3, v.bufferCount());
        assertArrayEquals(b(3, 0, 0, 0, 'h', 0xC3, 0xA9, 0, 0, 0, 0, 0, 0, 0, 0, 0), bytes(v.buffer(1), 16),
                "SIZE counts bytes: \"hé\" is 3");
        assertArrayEquals(b(13, 0, 0, 0, 'a', 'b', 'c', 'd', 0, 0, 0, 0, 1, 0, 0, 0),
                JsonTestData.bytes(v.buffer(1).slice(16, 16), 16));
        assertEquals(14, v.buffer(2).byteSize());
        assertEquals((byte) 'X', v.buffer(2).getByte(0));
    }

    @Test
    void listViewsHaveOffsetsAndSizes() {
        String field = "{\"name\": \"c\", \"nullable\": true, \"type\": {\"name\": \"listview\"}, \"children\": ["
                + leafField(INT8).replace("\"c\"", "\"item\"") + "]}";
        String column = "{\"name\": \"c\", \"count\": 2, \"VALIDITY\": [1, 1], \"OFFSET\": [2, 0], \"SIZE\": [1, 2], "
                + "\"children\": [{\"name\": \"item\", \"count\": 3, \"VALIDITY\": [1, 1, 1], \"DATA\": [7, 8, 9]}]}";
        ArrayData lv = IntegrationJsonReader.readString(file(field, 2, column)).batches().get(0).column(0).data();
        assertArrayEquals(b(2, 0, 0, 0, 0, 0, 0, 0), bytes(lv.buffer(1), 8));
        assertArrayEquals(b(1, 0, 0, 0, 2, 0, 0, 0), bytes(lv.buffer(2), 8));
        assertArrayEquals(b(7, 8, 9), bytes(lv.child(0).buffer(1), 3));
    }

    @Test
    void denseUnionsHaveTypeIdsAndOffsetsAndNoValidity() {
        String field = "{\"name\": \"c\", \"nullable\": true, \"type\": {\"name\": \"union\", \"mode\": \"DENSE\", "
                + "\"typeIds\": [5, 9]}, \"children\": ["
                + leafField(INT8).replace("\"c\"", "\"a\"") + ", "
                + leafField("{\"name\": \"null\"}").replace("\"c\"", "\"b\"") + "]}";
        String column = "{\"name\": \"c\", \"count\": 3, \"TYPE_ID\": [9, 5, 5], \"OFFSET\": [0, 0, 1], "
                + "\"children\": [{\"name\": \"a\", \"count\": 2, \"VALIDITY\": [1, 0], \"DATA\": [4, 0]}, "
                + "{\"name\": \"b\", \"count\": 1}]}";
        ArrayData u = IntegrationJsonReader.readString(file(field, 3, column)).batches().get(0).column(0).data();
        assertEquals(UnionMode.DENSE, ((ArrowType.Union) u.type()).mode());
        assertEquals(2, u.bufferCount());
        assertArrayEquals(b(9, 5, 5), bytes(u.buffer(0), 3));
        assertArrayEquals(b(0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0), bytes(u.buffer(1), 12));
        assertEquals(1, u.child(1).nullCount());
    }

    @Test
    void unionModesAsArrowJavaWritesThemAreRead() {
        String field = "{\"name\": \"c\", \"nullable\": true, \"type\": {\"name\": \"union\", \"mode\": \"Sparse\", "
                + "\"typeIds\": [3]}, \"children\": [" + leafField(INT8).replace("\"c\"", "\"a\"") + "]}";
        String column = "{\"name\": \"c\", \"count\": 2, \"TYPE_ID\": [3, 3], "
                + "\"children\": [{\"name\": \"a\", \"count\": 2, \"VALIDITY\": [1, 1], \"DATA\": [4, 6]}]}";
        ArrayData u = IntegrationJsonReader.readString(file(field, 2, column)).batches().get(0).column(0).data();
        assertEquals(UnionMode.SPARSE, ((ArrowType.Union) u.type()).mode());
        assertArrayEquals(b(4, 6), bytes(u.child(0).buffer(1), 2));
    }

    @Test
    void dictionaryEncodedColumnsShareTheDictionaryData() throws Exception {
        JsonFile json = IntegrationJsonReader.read(GoldFiles.root().resolve("cpp-21.0.0/generated_dictionary.json.gz"));
        Field dict0 = json.schema().field(0);
        assertEquals(new ArrowType.Dictionary(ArrowType.INT8, ArrowType.UTF8, false), dict0.type());
        assertEquals(0L, dict0.dictionaryId());
        ArrayData first = json.batches().get(0).column(0).data();
        assertSame(json.dictionaries().get(0L), first.dictionary());
        assertSame(first.dictionary(), json.batches().get(1).column(0).data().dictionary());
        assertEquals(10, first.dictionary().length());
        assertEquals(3, json.batches().get(1).column(0).data().buffer(1).getByte(0));
    }

    @Test
    void nestedDictionariesResolveTheInnerDictionary() throws Exception {
        JsonFile json = IntegrationJsonReader.read(GoldFiles.root().resolve("cpp-21.0.0/generated_nested_dictionary.json.gz"));
        ArrayData outer = json.dictionaries().get(1L);
        assertSame(json.dictionaries().get(0L), outer.child(0).dictionary());
    }

    @Test
    void extensionTypesResolveThroughTheRegistry() throws Exception {
        JsonFile json = IntegrationJsonReader.read(GoldFiles.root().resolve("cpp-21.0.0/generated_extension.json.gz"));
        Field uuids = json.schema().field(0);
        assertEquals(new ArrowType.Extension("arrow.uuid", new ArrowType.FixedSizeBinary(16), ""), uuids.type());
        assertEquals(Map.of(), uuids.metadata());
        assertEquals(uuids.type(), json.batches().get(0).column(0).type());
        Field unregistered = json.schema().field(1);
        assertEquals("dict-extension", unregistered.metadata().get(ExtensionTypes.NAME_KEY));
    }

    @Test
    void customMetadataIsKeptInOrder() throws Exception {
        JsonFile json = IntegrationJsonReader.read(GoldFiles.root().resolve("cpp-21.0.0/generated_custom_metadata.json.gz"));
        assertEquals(List.of("a", "b", "c", "d", "..", "w", "x", "y", "z"),
                List.copyOf(json.schema().field(1).metadata().keySet()));
        assertTrue(!json.schema().metadata().isEmpty());
    }

    @Test
    void plainAndGzipFilesAreBothRead(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path gz = GoldFiles.root().resolve("cpp-21.0.0/generated_primitive.json.gz");
        Path plain = dir.resolve("plain.json");
        try (var in = new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(gz))) {
            java.nio.file.Files.copy(in, plain);
        }
        assertEquals(IntegrationJsonWriter.writeString(IntegrationJsonReader.read(gz)), IntegrationJsonWriter.writeString(IntegrationJsonReader.read(plain)));
    }

    @Test
    void theCallersStreamIsLeftOpen() throws Exception {
        boolean[] closed = {false};
        byte[] json = file(leafField(INT8), 1, "{\"name\": \"c\", \"count\": 1, \"VALIDITY\": [1], \"DATA\": [4]}")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        java.io.InputStream in = new java.io.FilterInputStream(new java.io.ByteArrayInputStream(json)) {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        assertEquals(1, IntegrationJsonReader.read(in).batches().get(0).rowCount());
        assertTrue(!closed[0]);
    }
}
