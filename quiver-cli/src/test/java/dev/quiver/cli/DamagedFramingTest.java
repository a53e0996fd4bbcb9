// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcStreamWriter;
import dev.quiver.ipc.IpcWriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** stats and validate walk the message framing themselves: damage there is one line naming the byte. */
class DamagedFramingTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("a", ArrowType.INT32));
    /** In a file: the magic and padding (8 bytes), then the schema message's 0xFFFFFFFF and length. */
    private static final int SCHEMA_LENGTH_AT = 12;
    private static final int SCHEMA_METADATA_AT = 16;

    @TempDir
    Path dir;

    private static byte[] file() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (IpcFileWriter writer = IpcFileWriter.open(out, SCHEMA, IpcWriteOptions.DEFAULT)) {
            writer.write(RecordBatch.ofRows(SCHEMA, List.of(List.of(1), List.of(2))));
        }
        return out.toByteArray();
    }

    private static byte[] stream() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (IpcStreamWriter writer = IpcStreamWriter.open(out, SCHEMA)) {
            writer.write(RecordBatch.ofRows(SCHEMA, List.of(List.of(1), List.of(2))));
        }
        return out.toByteArray();
    }

    private static void putInt(byte[] bytes, int at, int value) {
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(at, value);
    }

    @Test
    void statsOfAFileWithADamagedStreamCopyOfTheSchemaNamesTheByte() throws IOException {
        // The file reader takes the schema from the footer, so the file validates; stats walks the messages.
        byte[] rootOffset = file();
        putInt(rootOffset, SCHEMA_METADATA_AT, 0x7FFF_FFF0);
        Path badRoot = Files.write(dir.resolve("root.arrow"), rootOffset);
        assertEquals(0, Cli.run("validate", badRoot).exit());
        Cli.Result r = Cli.run("stats", badRoot);
        assertEquals(1, r.exit());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("quiver stats: " + badRoot + ": message 0 at byte 8: malformed message "
                + "metadata"), r.err());

        byte[] length = file();
        putInt(length, SCHEMA_LENGTH_AT, 0x00FF_FFF0);
        Path badLength = Files.write(dir.resolve("length.arrow"), length);
        Cli.Result l = Cli.run("stats", badLength);
        assertEquals(1, l.exit());
        assertTrue(l.errLines().size() == 1 && l.err().contains(": message 0 at byte 8 is truncated: its metadata needs "
                + "16777200 bytes"), l.err());
    }

    @Test
    void statsOfADamagedFooterLengthNamesTheByte() throws IOException {
        byte[] bytes = file();
        putInt(bytes, bytes.length - 10, 0x7FFF_FFFF);
        Path path = Files.write(dir.resolve("footer.arrow"), bytes);
        Cli.Result r = Cli.run("stats", path);
        assertEquals(1, r.exit());
        assertEquals(1, r.errLines().size(), r.err());
    }

    @Test
    void validateNotesAStreamWithoutItsEndOfStreamMarker() throws IOException {
        byte[] whole = stream();
        Path marked = Files.write(dir.resolve("whole.arrows"), whole);
        Cli.Result ok = Cli.run("validate", marked);
        assertEquals(0, ok.exit(), ok.err());
        assertEquals("OK: " + marked + " (Arrow stream): 1 batch, 2 rows, fully valid", ok.out().strip());

        Path unmarked = Files.write(dir.resolve("cut.arrows"), Arrays.copyOf(whole, whole.length - 8));
        Cli.Result cut = Cli.run("validate", unmarked);
        assertEquals(0, cut.exit(), cut.err());
        assertEquals("OK: " + unmarked + " (Arrow stream): 1 batch, 2 rows, fully valid; no end-of-stream marker: the "
                + "stream may have been cut short", cut.out().strip());
    }
}
