// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Endianness;
import dev.quiver.core.type.ExtensionTypes;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.UnionMode;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Schema messages carry every type, nullability, metadata, extensions, dictionaries and endianness. */
class SchemaRoundTripTest {

    static List<ArrowType> everyType() {
        List<ArrowType> types = new ArrayList<>(List.of(ArrowType.NULL, ArrowType.BOOL, ArrowType.INT8,
                ArrowType.INT16, ArrowType.INT32, ArrowType.INT64, ArrowType.UINT8, ArrowType.UINT16,
                ArrowType.UINT32, ArrowType.UINT64, ArrowType.FLOAT16, ArrowType.FLOAT32, ArrowType.FLOAT64,
                ArrowType.BINARY, ArrowType.UTF8, ArrowType.LARGE_BINARY, ArrowType.LARGE_UTF8,
                ArrowType.BINARY_VIEW, ArrowType.UTF8_VIEW, new ArrowType.FixedSizeBinary(5),
                new ArrowType.Decimal(9, 2, 32), new ArrowType.Decimal(18, -3, 64), new ArrowType.Decimal(38, 10),
                new ArrowType.Decimal(76, 0, 256), new ArrowType.Date(DateUnit.DAY),
                new ArrowType.Date(DateUnit.MILLISECOND), new ArrowType.Duration(TimeUnit.NANOSECOND),
                new ArrowType.Timestamp(TimeUnit.MICROSECOND), new ArrowType.Timestamp(TimeUnit.SECOND, "Europe/Paris")));
        for (TimeUnit unit : TimeUnit.values()) {
            types.add(new ArrowType.Time(unit));
        }
        for (IntervalUnit unit : IntervalUnit.values()) {
            types.add(new ArrowType.Interval(unit));
        }
        types.add(ArrowType.List.of(ArrowType.INT64));
        types.add(new ArrowType.LargeList(Field.notNull("element", ArrowType.UTF8)));
        types.add(new ArrowType.ListView(Field.nullable("v", ArrowType.INT8)));
        types.add(new ArrowType.LargeListView(Field.nullable("v", ArrowType.BOOL)));
        types.add(new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.FLOAT32), 3));
        types.add(ArrowType.Struct.of(Field.nullable("a", ArrowType.INT32), Field.notNull("a", ArrowType.UTF8)));
        types.add(ArrowType.Struct.of());
        types.add(ArrowType.Map.of(ArrowType.UTF8, ArrowType.INT32, true));
        types.add(new ArrowType.Union(UnionMode.SPARSE, List.of(Field.nullable("i", ArrowType.INT32),
                Field.nullable("s", ArrowType.UTF8)), List.of(5, 7)));
        types.add(new ArrowType.Union(UnionMode.DENSE, List.of(Field.nullable("i", ArrowType.INT32))));
        types.add(ArrowType.RunEndEncoded.of(ArrowType.INT16, ArrowType.UTF8));
        return types;
    }

    private static Schema roundTrip(Schema schema) {
        Header.Message m = MessageCodec.decodeMessage(MessageCodec.encodeSchema(schema, Map.of()));
        return ((Header.SchemaHeader) m.header()).schema();
    }

    @Test
    void everyTypeRoundTrips() {
        List<Field> fields = new ArrayList<>();
        int i = 0;
        for (ArrowType type : everyType()) {
            fields.add(new Field("f" + i, type, i % 2 == 0));
            i++;
        }
        Schema schema = new Schema(fields);
        assertEquals(schema, roundTrip(schema));
    }

    @Test
    void metadataAtEveryLevelRoundTrips() {
        Map<String, String> fieldMeta = new LinkedHashMap<>();
        fieldMeta.put("k1", "v1");
        fieldMeta.put("k0", "");
        Field child = Field.nullable("child", ArrowType.INT8).withMetadata(Map.of("deep", "yes"));
        Schema schema = new Schema(List.of(Field.nullable("a", ArrowType.List.of(ArrowType.INT8))
                .withType(new ArrowType.List(child)).withMetadata(fieldMeta)), Map.of("schema", "level"),
                Endianness.BIG);
        Schema back = roundTrip(schema);
        assertEquals(schema, back);
        assertEquals(List.of("k1", "k0"), List.copyOf(back.field(0).metadata().keySet()));
        Header.Message m = MessageCodec.decodeMessage(MessageCodec.encodeSchema(schema, Map.of("msg", "1")));
        assertEquals(Map.of("msg", "1"), m.customMetadata());
    }

    @Test
    void schemaMessageMetadataIsWrittenByStreamAndFileWriters() throws Exception {
        Schema schema = Schema.of(Field.nullable("a", ArrowType.INT8));
        IpcWriteOptions options = IpcWriteOptions.DEFAULT.withSchemaMessageMetadata(Map.of("writer", "quiver"));
        java.io.ByteArrayOutputStream stream = new java.io.ByteArrayOutputStream();
        IpcStreamWriter.open(stream, schema, options).close();
        try (IpcStreamReader reader = IpcStreamReader.open(new ByteArrayInputStream(stream.toByteArray()))) {
            assertEquals(Map.of("writer", "quiver"), reader.schemaMessageMetadata());
            assertEquals(schema, reader.schema());
        }
        java.io.ByteArrayOutputStream file = new java.io.ByteArrayOutputStream();
        IpcFileWriter.open(file, schema, options).close();
        byte[] bytes = file.toByteArray();
        try (IpcStreamReader reader = IpcStreamReader.open(new ByteArrayInputStream(bytes, 8, bytes.length - 8))) {
            assertEquals(Map.of("writer", "quiver"), reader.schemaMessageMetadata(), "the file's embedded stream");
        }
    }

    @Test
    void extensionTypesTravelAsStorageAndMetadata() {
        Field uuid = new Field("id", new ArrowType.Extension("arrow.uuid", new ArrowType.FixedSizeBinary(16), ""),
                false);
        Field unknown = new Field("x", ArrowType.INT32, true, null,
                Map.of(ExtensionTypes.NAME_KEY, "my.thing", ExtensionTypes.METADATA_KEY, "{}"));
        Field nested = Field.nullable("l", new ArrowType.List(uuid));
        Schema schema = Schema.of(uuid, unknown, nested);
        Schema back = roundTrip(schema);
        assertEquals(schema, back);
        assertInstanceOf(ArrowType.Extension.class, back.field(0).type());
        assertEquals(ArrowType.INT32, back.field(1).type());
    }

    @Test
    void dictionaryEncodingsRoundTripWithValueTypeInTheFlatbuffer() {
        Field inner = Field.dictionary("item", ArrowType.INT8, ArrowType.UTF8, false, 2, true);
        Field outer = Field.dictionary("outer", ArrowType.UINT16, new ArrowType.List(inner), true, 1, false);
        Field shared1 = Field.dictionary("s1", ArrowType.INT32, ArrowType.INT64, false, 7, true);
        Field shared2 = Field.dictionary("s2", ArrowType.INT64, ArrowType.INT64, false, 7, true);
        Schema schema = Schema.of(outer, shared1, shared2);
        Schema back = roundTrip(schema);
        assertEquals(schema, back);

        // In the flatbuffer, the field's type is the value type and its children the value type's.
        dev.quiver.ipc.flatbuf.Message m = dev.quiver.ipc.flatbuf.Message.getRootAsMessage(
                MessageCodec.encodeSchema(schema, Map.of()));
        dev.quiver.ipc.flatbuf.Schema s = (dev.quiver.ipc.flatbuf.Schema) m.header(new dev.quiver.ipc.flatbuf.Schema());
        dev.quiver.ipc.flatbuf.Field f = s.fields(0);
        assertEquals(dev.quiver.ipc.flatbuf.Type.List, f.typeType());
        assertEquals(1, f.dictionary().id());
        assertEquals(16, f.dictionary().indexType().bitWidth());
        assertEquals(true, f.dictionary().isOrdered());
        assertEquals(dev.quiver.ipc.flatbuf.Type.Utf8, f.children(0).typeType());
        assertEquals(2, f.children(0).dictionary().id());
    }

    @Test
    void everyTypeRoundTripsThroughAStreamWithoutBatches() {
        List<Field> fields = new ArrayList<>();
        for (ArrowType type : everyType()) {
            fields.add(Field.nullable("f" + fields.size(), type));
        }
        Schema schema = new Schema(fields, Map.of("a", "b"), Endianness.LITTLE);
        byte[] bytes = TestData.written(out -> IpcStreamWriter.open(out, schema).close());
        try (IpcStreamReader reader = IpcStreamReader.open(new ByteArrayInputStream(bytes))) {
            assertEquals(schema, reader.schema());
            assertEquals(null, reader.readNext().orElse(null));
        }
    }

    @Test
    void unknownTypeIdIsRefused() {
        dev.quiver.ipc.internal.flatbuffers.FlatBufferBuilder b = new dev.quiver.ipc.internal.flatbuffers.FlatBufferBuilder();
        int name = b.createString("x");
        b.startTable(0);
        int type = b.endTable();
        int field = dev.quiver.ipc.flatbuf.Field.createField(b, name, true, (byte) 99, type, 0, 0, 0);
        int fields = dev.quiver.ipc.flatbuf.Schema.createFieldsVector(b, new int[] {field});
        int schema = dev.quiver.ipc.flatbuf.Schema.createSchema(b, (short) 0, fields, 0, 0);
        int msg = dev.quiver.ipc.flatbuf.Message.createMessage(b, dev.quiver.ipc.flatbuf.MetadataVersion.V5,
                dev.quiver.ipc.flatbuf.MessageHeader.Schema, schema, 0, 0);
        b.finish(msg);
        IpcException e = assertThrows(IpcException.class, () -> MessageCodec.decodeMessage(b.dataBuffer()));
        assertEquals(true, e.getMessage().contains("unsupported type id 99"), e.getMessage());
    }
}
