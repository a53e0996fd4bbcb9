// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import static dev.quiver.json.JsonTestData.file;
import static dev.quiver.json.JsonTestData.leafField;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.QuiverException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Bad input fails with one JsonFormatException that names the place. */
class JsonFormatExceptionTest {
    private static final String INT8 = leafField("{\"name\": \"int\", \"bitWidth\": 8, \"isSigned\": true}");

    private static String fails(String json) {
        JsonFormatException e = assertThrows(JsonFormatException.class,
                () -> IntegrationJsonReader.readString(json));
        assertTrue(e instanceof QuiverException);
        return e.getMessage();
    }

    private static void assertMentions(String message, String... parts) {
        for (String part : parts) {
            assertTrue(message.contains(part), () -> "\"" + message + "\" should mention \"" + part + "\"");
        }
    }

    @Test
    void notJson() {
        assertMentions(fails("{\"schema\": [1, 2"), "not valid JSON", "line 1");
        assertMentions(fails(""), "empty");
    }

    @Test
    void missingMembers() {
        assertMentions(fails("{\"batches\": []}"), "missing member \"schema\"");
        assertMentions(fails(file(INT8, 1, "{\"name\": \"c\", \"VALIDITY\": [1], \"DATA\": [1]}")),
                "batch 0, column c", "\"count\"");
        assertMentions(fails(file(INT8, 1, "{\"name\": \"c\", \"count\": 1, \"DATA\": [1]}")),
                "batch 0, column c", "\"VALIDITY\"");
    }

    @Test
    void wrongSizes() {
        assertMentions(fails(file(INT8, 2, "{\"name\": \"c\", \"count\": 2, \"VALIDITY\": [1], \"DATA\": [1, 2]}")),
                "batch 0, column c", "VALIDITY has 1 entries where 2 are expected");
        assertMentions(fails(file(INT8, 3, "{\"name\": \"c\", \"count\": 2, \"VALIDITY\": [1, 1], \"DATA\": [1, 2]}")),
                "batch 0, column c", "batch count 3");
    }

    @Test
    void valuesOutOfRangeOrOfTheWrongKind() {
        assertMentions(fails(file(INT8, 3,
                "{\"name\": \"c\", \"count\": 3, \"VALIDITY\": [1, 1, 1], \"DATA\": [1, 2, 300]}")),
                "batch 0, column c.DATA[2]", "300 is outside the range of int8");
        assertMentions(fails(file(INT8, 1, "{\"name\": \"c\", \"count\": 1, \"VALIDITY\": [1], \"DATA\": [true]}")),
                "c.DATA[0]", "expected an integer");
        assertMentions(fails(file(INT8, 1, "{\"name\": \"c\", \"count\": 1, \"VALIDITY\": [2], \"DATA\": [1]}")),
                "c.VALIDITY[0]", "expected 0, 1, true or false");
        String binary = leafField("{\"name\": \"binary\"}");
        assertMentions(fails(file(binary, 1, "{\"name\": \"c\", \"count\": 1, \"VALIDITY\": [1], \"OFFSET\": [0, 1], "
                + "\"DATA\": [\"ZZ\"]}")), "c.DATA[0]", "not a hex string");
        String decimal = leafField("{\"name\": \"decimal\", \"precision\": 9, \"scale\": 0, \"bitWidth\": 32}");
        assertMentions(fails(file(decimal, 1, "{\"name\": \"c\", \"count\": 1, \"VALIDITY\": [1], "
                + "\"DATA\": [\"99999999999\"]}")), "c.DATA[0]", "does not fit in 32 bits");
    }

    @Test
    void binaryValuesMustMatchTheirOffsets() {
        String utf8 = leafField("{\"name\": \"utf8\"}");
        assertMentions(fails(file(utf8, 2, "{\"name\": \"c\", \"count\": 2, \"VALIDITY\": [1, 1], "
                + "\"OFFSET\": [0, 1, 3], "
                + "\"DATA\": [\"a\", \"b\"]}")), "c.DATA[1]", "1 bytes where the offsets say 2");
        assertMentions(fails(file(utf8, 2, "{\"name\": \"c\", \"count\": 2, \"VALIDITY\": [1, 1], "
                + "\"OFFSET\": [0, 2, 1], "
                + "\"DATA\": [\"ab\", \"\"]}")), "c.OFFSET[2]", "before the previous one");
    }

    @Test
    void schemaProblemsNameTheField() {
        assertMentions(fails(file(leafField("{\"name\": \"wat\"}"), 0, "")), "schema field c",
                "unknown type name \"wat\"");
        assertMentions(fails(file(leafField("{\"name\": \"int\", \"bitWidth\": 7, \"isSigned\": true}"), 0, "")),
                "schema field c", "bit width");
        String list = "{\"name\": \"l\", \"nullable\": true, \"type\": {\"name\": \"list\"}, \"children\": []}";
        assertMentions(fails(file(list, 0, "")), "schema field l", "exactly one child");
    }

    @Test
    void childDataMustBeNamedAsTheSchemaSays() {
        String field = "{\"name\": \"s\", \"nullable\": true, \"type\": {\"name\": \"struct\"}, "
                + "\"children\": [" + INT8 + "]}";
        assertMentions(fails(file(field, 1, "{\"name\": \"s\", \"count\": 1, \"VALIDITY\": [1], \"children\": "
                + "[{\"name\": \"x\", \"count\": 1, \"VALIDITY\": [1], \"DATA\": [1]}]}")),
                "batch 0, column s.c", "named \"x\"");
        assertMentions(fails(file(field, 1, "{\"name\": \"s\", \"count\": 1, \"VALIDITY\": [1], \"children\": []}")),
                "batch 0, column s", "needs 1 children");
    }

    @Test
    void structurallyInvalidDataIsReportedAtItsColumn() {
        String field = "{\"name\": \"l\", \"nullable\": true, \"type\": {\"name\": \"list\"}, \"children\": ["
                + INT8.replace("\"c\"", "\"item\"") + "]}";
        assertMentions(fails(file(field, 1, "{\"name\": \"l\", \"count\": 1, \"VALIDITY\": [1], \"OFFSET\": [0, 5], "
                + "\"children\": [{\"name\": \"item\", \"count\": 1, \"VALIDITY\": [1], \"DATA\": [1]}]}")),
                "batch 0, column l", "last offset 5");
    }

    @Test
    void dictionariesMustExistAndBeUsed() {
        String field = "{\"name\": \"d\", \"nullable\": true, \"type\": {\"name\": \"utf8\"}, \"children\": [], "
                + "\"dictionary\": {\"id\": 7, "
                + "\"indexType\": {\"name\": \"int\", \"bitWidth\": 8, \"isSigned\": true}, "
                + "\"isOrdered\": false}}";
        String column = "{\"name\": \"d\", \"count\": 1, \"VALIDITY\": [1], \"DATA\": [0]}";
        assertMentions(fails(file(field, 1, column)), "batch 0, column d", "dictionary 7 is missing");
        String unused = "{\"schema\": {\"fields\": [" + INT8 + "]}, \"dictionaries\": [{\"id\": 3, \"data\": "
                + "{\"count\": 0, \"columns\": []}}], \"batches\": []}";
        assertMentions(fails(unused), "dictionaries[0]", "dictionary 3 is not used");
    }

    @Test
    void truncatedOrCorruptGzipIsAFormatError() throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (var gz = new java.util.zip.GZIPOutputStream(bytes)) {
            gz.write(file(INT8, 1, "{\"name\": \"c\", \"count\": 1, \"VALIDITY\": [1], \"DATA\": [1]}")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        byte[] whole = bytes.toByteArray();
        byte[] truncated = java.util.Arrays.copyOf(whole, whole.length / 2);
        byte[] corrupt = whole.clone();
        for (int i = 12; i < corrupt.length - 8; i++) {
            corrupt[i] = (byte) 0xFF;
        }
        for (byte[] input : List.of(truncated, corrupt, java.util.Arrays.copyOf(whole, 5))) {
            JsonFormatException e = assertThrows(JsonFormatException.class,
                    () -> IntegrationJsonReader.read(new java.io.ByteArrayInputStream(input)));
            assertMentions(e.getMessage(), "gzip-compressed input is corrupt or truncated");
        }
    }

    @Test
    void textInvalidInTheDetectedEncodingIsAFormatError() throws Exception {
        // Leading zero bytes make Jackson read UTF-32; a character beyond U+10FFFF is not text.
        byte[] first = {0, 0, 0, '{', 0x7F, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
        byte[] last = file(INT8, 1, "{\"name\": \"c\", \"count\": 1, \"VALIDITY\": [1], \"DATA\": [1]}")
                .getBytes(java.nio.charset.Charset.forName("UTF-32BE"));
        last[last.length - 4] = 0x7F;
        for (byte[] input : List.of(first, last)) {
            JsonFormatException e = assertThrows(JsonFormatException.class,
                    () -> IntegrationJsonReader.read(new java.io.ByteArrayInputStream(input)));
            assertMentions(e.getMessage(), "not valid JSON", "UTF-32");
        }
    }

    @Test
    void anIntegerTooLongForAnyWidthIsRefusedBeforeItIsParsed() {
        String decimal = leafField("{\"name\": \"decimal\", \"precision\": 9, \"scale\": 0, \"bitWidth\": 256}");
        assertMentions(fails(file(decimal, 1, "{\"name\": \"c\", \"count\": 1, \"VALIDITY\": [1], "
                + "\"DATA\": [\"" + "9".repeat(100_000) + "\"]}")), "c.DATA[0]", "100000 characters is too long");
    }

    @Test
    void viewsNeedTheirMembers() {
        String view = leafField("{\"name\": \"binaryview\"}");
        assertMentions(fails(file(view, 1, "{\"name\": \"c\", \"count\": 1, \"VALIDITY\": [1], "
                + "\"VIEWS\": [{\"SIZE\": 20, \"BUFFER_INDEX\": 0, \"OFFSET\": 0}], "
                + "\"VARIADIC_DATA_BUFFERS\": [\"00\"]}")),
                "c.VIEWS[0]", "\"PREFIX_HEX\"");
    }
}
