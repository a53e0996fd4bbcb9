package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MappedFileFailureTest {
    @TempDir
    Path dir;

    @Test
    void aTruncatedMappedFileFailsWithTheReadersOwnException() throws IOException {
        Schema schema = Schema.of(Field.nullable("a", ArrowType.INT32));
        Path file = dir.resolve("whole.arrow");
        try (IpcFileWriter writer = new IpcFileWriter(file, schema)) {
            writer.write(RecordBatch.ofRows(schema, List.of(List.of(1), List.of(2))));
        }
        byte[] bytes = Files.readAllBytes(file);
        Path truncated = Files.write(dir.resolve("truncated.arrow"), Arrays.copyOf(bytes, bytes.length - 20));
        IpcException e = assertThrows(IpcException.class, () -> IpcFileReader.map(truncated));
        assertTrue(e.getMessage().contains("ARROW1"), e.getMessage());
    }
}
