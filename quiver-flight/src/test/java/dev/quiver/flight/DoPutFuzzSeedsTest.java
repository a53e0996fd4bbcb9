// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.quiver.core.array.Int64Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.builder.IntBuilder;
import dev.quiver.core.builder.VarBinaryBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The seeds of {@link DoPutFuzzTest}: DoPut message sequences written here, so that fuzzing starts from
 * uploads that reach the end. Checks the checked-in seeds are what this writes; with
 * {@code QUIVER_WRITE_FUZZ_SEEDS=1}, (re)writes them.
 */
class DoPutFuzzSeedsTest {
    static final Path DIR = Path.of("src/test/resources/dev/quiver/flight/DoPutFuzzTestInputs/doPut");

    private static final Schema SCHEMA = new Schema(List.of(Field.nullable("x", new ArrowType.Int(64, true)),
            Field.nullable("s", new ArrowType.Utf8())));

    private static RecordBatch batch(int rows) {
        IntBuilder<Int64Array> x = IntBuilder.int64(BufferAllocator.managed());
        VarBinaryBuilder s = new VarBinaryBuilder(new ArrowType.Utf8(), BufferAllocator.managed());
        for (int i = 0; i < rows; i++) {
            if (i % 3 == 2) {
                x.appendNull();
                s.appendNull();
            } else {
                x.append(i * 7L);
                s.append("v" + i);
            }
        }
        List<dev.quiver.core.array.Array> columns = List.of(x.build(), s.build());
        return new RecordBatch(SCHEMA, columns, rows);
    }

    /** Messages as a fuzz input: each a 2-byte big-endian length, then the message. */
    private static byte[] input(List<byte[]> messages) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] m : messages) {
            out.write(m.length >> 8);
            out.write(m.length);
            out.writeBytes(m);
        }
        return out.toByteArray();
    }

    static Map<String, byte[]> seeds() {
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        RawFlightData file = new RawFlightData(FlightDescriptor.path("f.arrow"), SCHEMA);
        seeds.put("seed-file-two-batches", input(List.of(file.schema(), file.batch(batch(5)), file.batch(batch(1)))));
        RawFlightData stream = new RawFlightData(FlightDescriptor.path("s.arrows"), SCHEMA);
        seeds.put("seed-stream-one-batch", input(List.of(stream.schema(), stream.batch(batch(4)))));
        seeds.put("seed-schema-only", input(List.of(file.schema())));
        seeds.put("seed-lying-body-length", input(List.of(file.schema(), file.batch(batch(3)),
                file.lyingBodyLength(batch(2), 5), file.batch(batch(1)))));
        return seeds;
    }

    @Test
    void theSeedsAreWhatTheWritersWrite() throws IOException {
        boolean write = "1".equals(System.getenv("QUIVER_WRITE_FUZZ_SEEDS"));
        if (write) {
            Files.createDirectories(DIR);
        }
        for (Map.Entry<String, byte[]> seed : seeds().entrySet()) {
            Path file = DIR.resolve(seed.getKey());
            if (write) {
                Files.write(file, seed.getValue());
            }
            assertArrayEquals(seed.getValue(), Files.readAllBytes(file), seed.getKey());
        }
    }
}
