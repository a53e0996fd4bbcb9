// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.extension.FixedShapeTensorArray;
import dev.quiver.core.extension.FixedShapeTensorType;
import dev.quiver.core.extension.OpaqueType;
import dev.quiver.core.extension.TimestampWithOffsetArray;
import dev.quiver.core.extension.TimestampWithOffsetBuilder;
import dev.quiver.core.extension.VariableShapeTensorArray;
import dev.quiver.core.extension.VariableShapeTensorType;
import dev.quiver.core.extension.VariantArray;
import dev.quiver.core.extension.VariantType;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.json.IntegrationJsonReader;
import dev.quiver.json.IntegrationJsonWriter;
import dev.quiver.json.JsonFile;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A column of each canonical extension type survives Quiver's IPC stream, IPC file and integration JSON. */
class CanonicalExtensionsRoundTripTest {
    private static final BufferAllocator ALLOC = BufferAllocator.managed();
    static final OffsetDateTime T0 = OffsetDateTime.parse("2024-10-24T12:30:00.123456-12:59");
    static final OffsetDateTime T1 = OffsetDateTime.parse("1969-12-31T23:59:59.999999+13:00");

    private static Map<String, Object> row(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int k = 0; k < kv.length; k += 2) {
            m.put((String) kv[k], kv[k + 1]);
        }
        return m;
    }

    private static ExtensionArray column(ArrowType.Extension type, Object... rows) {
        ArrayBuilder b = ArrayBuilder.of(type.storageType(), ALLOC);
        for (Object r : rows) {
            b.appendObject(r);
        }
        return (ExtensionArray) Array.of(b.build().data().withType(type));
    }

    static RecordBatch batch() {
        List<Field> fields = new ArrayList<>();
        List<Array> columns = new ArrayList<>();
        ArrowType.Extension uuid = new ArrowType.Extension("arrow.uuid", new ArrowType.FixedSizeBinary(16), "");
        byte[] id = new byte[16];
        id[0] = 0x12;
        id[15] = 0x34;
        add(fields, columns, "uuid", column(uuid, id, null, new byte[16]));
        add(fields, columns, "json", column(new ArrowType.Extension("arrow.json", ArrowType.UTF8, ""),
                "{\"a\":1}", null, "[]"));
        add(fields, columns, "bool8", column(new ArrowType.Extension("arrow.bool8", ArrowType.INT8, ""), 1, null, 0));
        add(fields, columns, "opaque", column(new OpaqueType("geometry", "PostGIS").toArrowType(ArrowType.BINARY),
                new byte[] {1, 2}, null, new byte[0]));
        FixedShapeTensorType fixed = new FixedShapeTensorType(ArrowType.FLOAT32, List.of(2, 2), List.of("x", "y"),
                List.of(1, 0));
        add(fields, columns, "fixed", column(fixed.toArrowType(), List.of(1f, 2f, 3f, 4f), null,
                List.of(5f, 6f, 7f, 8f)));
        VariableShapeTensorType variable = new VariableShapeTensorType(ArrowType.INT32, 2, List.of("h", "w"),
                List.of(), Arrays.asList(null, 2));
        add(fields, columns, "variable", column(variable.toArrowType(),
                row("data", List.of(1, 2, 3, 4, 5, 6), "shape", List.of(3, 2)), null,
                row("data", List.of(7, 8), "shape", List.of(1, 2))));
        TimestampWithOffsetBuilder tb = new TimestampWithOffsetBuilder(TimeUnit.MICROSECOND, ALLOC);
        add(fields, columns, "timestamp_with_offset", tb.append(T0).appendNull().append(T1).build());
        add(fields, columns, "variant", column(VariantType.unshredded(),
                row("metadata", new byte[] {0x11, 2, 0, 1, 2, 'a', 'b'},
                        "value", new byte[] {0x02, 2, 0, 1, 0, 2, 4, 3 << 2, 1, 5, 'x'}),
                null,
                row("metadata", new byte[] {1, 0, 0}, "value", new byte[] {(3 << 2) | 1, 'x', 'y', 'z'})));
        ArrowType.Struct shredded = ArrowType.Struct.of(Field.notNull("metadata", ArrowType.BINARY),
                Field.nullable("value", ArrowType.BINARY), Field.nullable("typed_value", ArrowType.INT64));
        add(fields, columns, "variant_shredded", column(new ArrowType.Extension(VariantType.NAME, shredded, ""),
                row("metadata", new byte[] {1, 0, 0}, "typed_value", 34L), null,
                row("metadata", new byte[] {1, 0, 0}, "value", new byte[] {0})));
        return new RecordBatch(new Schema(fields), columns);
    }

    private static void add(List<Field> fields, List<Array> columns, String name, ExtensionArray column) {
        fields.add(Field.nullable(name, column.type()));
        columns.add(column);
    }

    /** What the typed views read from the batch: the values the batch was built with. */
    static void assertValues(RecordBatch b) {
        assertEquals(List.of(1f, 2f, 3f, 4f), b.column("fixed").getObject(0));
        FixedShapeTensorArray fixed = new FixedShapeTensorArray(b.column("fixed"));
        assertEquals(3f, fixed.getElement(0, 0, 1));
        assertEquals(List.of("y", "x"), fixed.tensorType().logicalDimNames());
        VariableShapeTensorArray variable = new VariableShapeTensorArray(b.column("variable"));
        variable.validate();
        assertArrayEquals(new int[] {3, 2}, variable.shape(0));
        assertEquals(6, variable.getElement(0, 2, 1));
        assertEquals(Arrays.asList(null, 2), variable.tensorType().uniformShape());
        TimestampWithOffsetArray ts = new TimestampWithOffsetArray(b.column("timestamp_with_offset"));
        assertEquals(T0, ts.get(0));
        assertNull(ts.get(1));
        assertEquals(T1, ts.get(2));
        VariantArray variant = new VariantArray(b.column("variant"));
        assertEquals(Map.of("a", (byte) 1, "b", "x"), variant.get(0));
        assertEquals("xyz", variant.get(2));
        VariantArray shredded = new VariantArray(b.column("variant_shredded"));
        assertEquals(34L, shredded.get(0));
        assertNull(shredded.get(2));
        assertEquals(new OpaqueType("geometry", "PostGIS"),
                OpaqueType.parse(((ArrowType.Extension) b.column("opaque").type()).metadata()));
    }

    @Test
    void theBatchReadsAsBuilt() {
        assertValues(batch());
    }

    @Test
    void ipcStreamAndFile() {
        RecordBatch batch = batch();
        for (boolean file : new boolean[] {false, true}) {
            QuiverIpc.Read read = QuiverIpc.read(file, QuiverIpc.write(file, batch.schema(), List.of(batch),
                    IpcWriteOptions.DEFAULT));
            assertEquals(batch.schema(), read.schema());
            for (Field f : read.schema().fields()) {
                assertInstanceOf(ArrowType.Extension.class, f.type(), f.name());
            }
            assertEquals(List.of(batch), read.batches());
            assertValues(read.batches().getFirst());
        }
    }

    @Test
    void integrationJson() {
        RecordBatch batch = batch();
        String json = IntegrationJsonWriter.writeString(new JsonFile(batch.schema(), List.of(batch)));
        JsonFile back = IntegrationJsonReader.readString(json);
        assertEquals(batch.schema(), back.schema());
        assertEquals(List.of(batch), back.batches());
        assertValues(back.batches().getFirst());
    }
}
