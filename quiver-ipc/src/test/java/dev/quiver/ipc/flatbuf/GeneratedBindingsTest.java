// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc.flatbuf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.ipc.internal.flatbuffers.FlatBufferBuilder;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Round-trips metadata through the generated FlatBuffers bindings. */
class GeneratedBindingsTest {

    @Test
    void schemaMessageRoundTrip() {
        FlatBufferBuilder builder = new FlatBufferBuilder(256);

        int name = builder.createString("x");
        int intType = Int.createInt(builder, 32, true);
        Field.startField(builder);
        Field.addName(builder, name);
        Field.addNullable(builder, true);
        Field.addTypeType(builder, Type.Int);
        Field.addType(builder, intType);
        int field = Field.endField(builder);

        int fields = Schema.createFieldsVector(builder, new int[] {field});
        Schema.startSchema(builder);
        Schema.addEndianness(builder, Endianness.Little);
        Schema.addFields(builder, fields);
        int schema = Schema.endSchema(builder);

        Message.startMessage(builder);
        Message.addVersion(builder, MetadataVersion.V5);
        Message.addHeaderType(builder, MessageHeader.Schema);
        Message.addHeader(builder, schema);
        Message.addBodyLength(builder, 0L);
        int message = Message.endMessage(builder);
        Message.finishMessageBuffer(builder, message);

        ByteBuffer bytes = ByteBuffer.wrap(builder.sizedByteArray());
        Message parsed = Message.getRootAsMessage(bytes);

        assertEquals(4, MetadataVersion.V5);
        assertEquals(MetadataVersion.V5, parsed.version());
        assertEquals(1, MessageHeader.Schema);
        assertEquals(MessageHeader.Schema, parsed.headerType());
        assertEquals(0L, parsed.bodyLength());

        Schema parsedSchema = (Schema) parsed.header(new Schema());
        assertEquals(Endianness.Little, parsedSchema.endianness());
        assertEquals(1, parsedSchema.fieldsLength());

        Field parsedField = parsedSchema.fields(0);
        assertEquals("x", parsedField.name());
        assertTrue(parsedField.nullable());
        assertEquals(2, Type.Int);
        assertEquals(Type.Int, parsedField.typeType());

        Int parsedInt = (Int) parsedField.type(new Int());
        assertEquals(32, parsedInt.bitWidth());
        assertTrue(parsedInt.isSigned());
        assertEquals(0, parsedField.childrenLength());
    }

    @Test
    void footerRoundTrip() {
        FlatBufferBuilder builder = new FlatBufferBuilder(256);

        Schema.startSchema(builder);
        int schema = Schema.endSchema(builder);

        Footer.startRecordBatchesVector(builder, 1);
        Block.createBlock(builder, 8L, 200, 1024L);
        int recordBatches = builder.endVector();

        Footer.startFooter(builder);
        Footer.addVersion(builder, MetadataVersion.V5);
        Footer.addSchema(builder, schema);
        Footer.addRecordBatches(builder, recordBatches);
        int footer = Footer.endFooter(builder);
        Footer.finishFooterBuffer(builder, footer);

        Footer parsed = Footer.getRootAsFooter(ByteBuffer.wrap(builder.sizedByteArray()));

        assertEquals(MetadataVersion.V5, parsed.version());
        assertEquals(0, parsed.schema().fieldsLength());
        assertEquals(0, parsed.dictionariesLength());
        assertEquals(1, parsed.recordBatchesLength());
        Block block = parsed.recordBatches(0);
        assertEquals(8L, block.offset());
        assertEquals(200, block.metaDataLength());
        assertEquals(1024L, block.bodyLength());
    }
}
