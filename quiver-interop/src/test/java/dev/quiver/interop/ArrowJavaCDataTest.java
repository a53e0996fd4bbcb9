// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.c.CData;
import dev.quiver.c.CStreamReader;
import dev.quiver.c.CStreams;
import dev.quiver.c.Imported;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.json.JsonFile;
import dev.quiver.testkit.TestData.GoldCase;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.CDataDictionaryProvider;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compare.VectorEqualsVisitor;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.JsonFileReader;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Quiver's C Data and C Stream interfaces against arrow-java's ({@code arrow-c-data}), for every gold case
 * arrow-java reads: Quiver exports and arrow-java imports a batch equal to arrow-java's own reading of the
 * gold JSON; arrow-java exports and Quiver imports a batch equal to Quiver's reading; streams both ways.
 * arrow-java's allocator, closed at the end of each case, proves every buffer it lent was released.
 * Dictionary ids are not part of the C Data interface: schemas are compared without them, and
 * dictionaries pairwise in field order.
 */
class ArrowJavaCDataTest {
    /**
     * Cases whose dictionaries of lists arrow-java exports with the list's child named {@code $data$} (the
     * name its dictionary vectors give it) instead of the schema's name: only that name differs.
     */
    static final Set<String> RENAMED_DICTIONARY_LIST_CHILD = Set.of(
            "1.0.0-littleendian/generated_nested_dictionary", "cpp-21.0.0/generated_nested_dictionary");

    @TempDir
    Path dir;

    static List<GoldCase> supported() {
        return ArrowJavaGoldFilesTest.supported();
    }

    private static MemorySegment address(long address) {
        return MemorySegment.ofAddress(address);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("supported")
    void arrowJavaImportsWhatQuiverExports(GoldCase c) throws IOException {
        JsonFile json = GoldFilesTest.json(c);
        try (BufferAllocator allocator = new RootAllocator();
                JsonFileReader expected = new JsonFileReader(c.plainJson(dir).toFile(), allocator)) {
            expected.start();
            for (RecordBatch batch : json.batches()) {
                try (VectorSchemaRoot want = expected.read();
                        ArrowSchema schema = ArrowSchema.allocateNew(allocator);
                        ArrowArray array = ArrowArray.allocateNew(allocator);
                        CDataDictionaryProvider dictionaries = new CDataDictionaryProvider()) {
                    CData.exportSchema(json.schema(), address(schema.memoryAddress()));
                    CData.exportBatch(batch, address(array.memoryAddress()));
                    try (VectorSchemaRoot got = Data.importVectorSchemaRoot(allocator, array, schema, dictionaries)) {
                        assertSameRoots(want, expected, got, dictionaries, c.name());
                    }
                }
            }
            assertNull(expected.read(), "as many batches");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("supported")
    void quiverImportsWhatArrowJavaExports(GoldCase c) throws IOException {
        JsonFile json = GoldFilesTest.json(c);
        try (BufferAllocator allocator = new RootAllocator();
                JsonFileReader reader = new JsonFileReader(c.plainJson(dir).toFile(), allocator)) {
            reader.start();
            for (RecordBatch expected : json.batches()) {
                try (VectorSchemaRoot root = reader.read();
                        ArrowSchema schema = ArrowSchema.allocateNew(allocator);
                        ArrowArray array = ArrowArray.allocateNew(allocator)) {
                    Data.exportVectorSchemaRoot(allocator, root, reader, array, schema);
                    dev.quiver.core.type.Schema imported = CData.importSchema(address(schema.memoryAddress()));
                    try (Imported<RecordBatch> got = CData.importBatch(address(array.memoryAddress()), imported,
                            ValidationLevel.FULL)) {
                        assertSameBatch(expected, arrowJavaNames(c, expected, got.value()), c.name());
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("supported")
    void arrowJavaReadsAQuiverStream(GoldCase c) throws IOException {
        JsonFile json = GoldFilesTest.json(c);
        try (BufferAllocator allocator = new RootAllocator();
                JsonFileReader expected = new JsonFileReader(c.plainJson(dir).toFile(), allocator);
                ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
            expected.start();
            CStreams.exportReader(new ListReader(json), address(stream.memoryAddress()));
            try (ArrowReader reader = Data.importArrayStream(allocator, stream)) {
                for (int i = 0; i < json.batches().size(); i++) {
                    assertTrue(reader.loadNextBatch(), "batch " + i);
                    try (VectorSchemaRoot want = expected.read()) {
                        assertSameRoots(want, expected, reader.getVectorSchemaRoot(), reader, c.name());
                    }
                }
                assertFalse(reader.loadNextBatch(), "the end");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("supported")
    void quiverReadsAnArrowJavaStream(GoldCase c) throws IOException {
        JsonFile json = GoldFilesTest.json(c);
        byte[] ipc = ArrowJava.jsonToIpc(c.plainJson(dir), false, QuiverIpc.Codec.NONE);
        try (BufferAllocator allocator = new RootAllocator();
                ArrowStreamReader source = new ArrowStreamReader(new ByteArrayInputStream(ipc), allocator);
                ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
            Data.exportArrayStream(allocator, source, stream);
            try (CStreamReader reader = CStreams.importReader(address(stream.memoryAddress()),
                    ValidationLevel.FULL)) {
                for (RecordBatch expected : json.batches()) {
                    try (Imported<RecordBatch> got = reader.readNextImported().orElseThrow()) {
                        assertSameBatch(expected, arrowJavaNames(c, expected, got.value()), c.name());
                    }
                }
                assertEquals(Optional.empty(), reader.readNext(), "the end");
            }
        }
    }

    /**
     * For the cases of {@link #RENAMED_DICTIONARY_LIST_CHILD}: checks that the schemas differ in the
     * {@code $data$} name only, and gives the batch the expected names (its top-level dictionary-encoded
     * columns, and their dictionaries, take the expected types).
     */
    private static RecordBatch arrowJavaNames(GoldCase c, RecordBatch expected, RecordBatch actual) {
        if (!RENAMED_DICTIONARY_LIST_CHILD.contains(c.name())) {
            return actual;
        }
        assertEquals(expected.schema().toString(), actual.schema().toString().replace("$data$", "str_dict"));
        List<dev.quiver.core.array.Array> columns = new ArrayList<>();
        List<dev.quiver.core.type.Field> fields = new ArrayList<>();
        for (int i = 0; i < actual.columns().size(); i++) {
            dev.quiver.core.type.Field want = withoutIds(expected.schema().field(i));
            dev.quiver.core.array.ArrayData data = actual.column(i).data();
            if (want.type() instanceof dev.quiver.core.type.ArrowType.Dictionary d) {
                data = data.withType(d).withDictionary(data.dictionary().withType(d.valueType()));
            }
            columns.add(dev.quiver.core.array.Array.of(data));
            fields.add(want);
        }
        return new RecordBatch(new dev.quiver.core.type.Schema(fields, actual.schema().metadata(),
                actual.schema().endianness()), columns, actual.rowCount());
    }

    private static void assertSameBatch(RecordBatch expected, RecordBatch actual, String what) {
        assertEquals(expected.schema().fields().stream().map(ArrowJavaCDataTest::withoutIds).toList(),
                actual.schema().fields(), what + ": fields");
        assertEquals(expected.schema().metadata(), actual.schema().metadata(), what + ": schema metadata");
        assertEquals(Optional.empty(), new BatchComparator().compare(0, expected, actual).map(d -> d.message()),
                what);
    }

    private static dev.quiver.core.type.Field withoutIds(dev.quiver.core.type.Field field) {
        return field.withDictionaryId(null).withType(
                dev.quiver.core.type.Types.mapChildren(field.type(), ArrowJavaCDataTest::withoutIds));
    }

    /** Equal schemas (but for dictionary ids), columns and dictionaries (paired in field order). */
    private static void assertSameRoots(VectorSchemaRoot want, DictionaryProvider wantDictionaries,
            VectorSchemaRoot got, DictionaryProvider gotDictionaries, String what) {
        assertEquals(withoutIds(want.getSchema()), withoutIds(got.getSchema()), what + ": schema");
        assertEquals(want.getRowCount(), got.getRowCount(), what + ": rows");
        for (int i = 0; i < want.getFieldVectors().size(); i++) {
            assertTrue(VectorEqualsVisitor.vectorEquals(want.getVector(i), got.getVector(i), (l, r) -> true),
                    what + ": column " + want.getSchema().getFields().get(i).getName());
        }
        List<Long> wantIds = dictionaryIds(want.getSchema().getFields(), new ArrayList<>());
        List<Long> gotIds = dictionaryIds(got.getSchema().getFields(), new ArrayList<>());
        for (int i = 0; i < wantIds.size(); i++) {
            assertTrue(VectorEqualsVisitor.vectorEquals(wantDictionaries.lookup(wantIds.get(i)).getVector(),
                    gotDictionaries.lookup(gotIds.get(i)).getVector(), (l, r) -> true), what + ": dictionary " + i);
        }
    }

    private static List<Long> dictionaryIds(List<Field> fields, List<Long> out) {
        for (Field f : fields) {
            if (f.getDictionary() != null) {
                out.add(f.getDictionary().getId());
            }
            dictionaryIds(f.getChildren(), out);
        }
        return out;
    }

    private static Schema withoutIds(Schema schema) {
        return new Schema(schema.getFields().stream().map(ArrowJavaCDataTest::withoutIds).toList(),
                schema.getCustomMetadata());
    }

    private static Field withoutIds(Field f) {
        DictionaryEncoding d = f.getDictionary();
        DictionaryEncoding plain = d == null ? null : new DictionaryEncoding(0, d.isOrdered(), d.getIndexType());
        return new Field(f.getName(), new FieldType(f.isNullable(), f.getType(), plain, f.getMetadata()),
                f.getChildren().stream().map(ArrowJavaCDataTest::withoutIds).toList());
    }

    /** Quiver's reading of a gold JSON as a reader, to export as a stream. */
    private static final class ListReader implements RecordBatchReader {
        private final JsonFile json;
        private final Iterator<RecordBatch> batches;

        ListReader(JsonFile json) {
            this.json = json;
            this.batches = json.batches().iterator();
        }

        @Override
        public dev.quiver.core.type.Schema schema() {
            return json.schema();
        }

        @Override
        public Optional<RecordBatch> readNext() {
            return batches.hasNext() ? Optional.of(batches.next()) : Optional.empty();
        }

        @Override
        public void close() {
        }
    }
}
