// SPDX-License-Identifier: Apache-2.0
package dev.quiver.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.type.ExtensionTypes;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcWriteOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The IPC round trip over random data of every type (nested up to three levels, dictionaries included):
 * for each seed, a random schema and batch, slices of it at random offsets and an empty slice, written
 * as a stream and as a file, with 8- and 64-byte alignment and each codec, read back (fully validated)
 * equal, schema included; a freshly built empty batch too.
 */
class RandomRoundTripTest {
    @BeforeAll
    static void registerTheTestExtension() {
        ExtensionTypes.register("quiver.test", (storage, metadata) -> true);
    }

    static LongStream seeds() {
        return LongStream.range(0, 150);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void writtenAndReadBackEqual(long seed) {
        Generator g = new Generator(seed, false);
        Random random = new Random(seed);
        List<Field> fields = new ArrayList<>();
        for (int i = random.nextInt(4); i >= 0; i--) {
            fields.add(g.field("c" + fields.size(), g.type(3)));
        }
        Schema schema = new Schema(fields);
        int rows = random.nextInt(60);
        RecordBatch full = g.batch(schema, rows);
        int offset = rows == 0 ? 0 : random.nextInt(rows);
        List<RecordBatch> batches = List.of(full, full.slice(offset, random.nextInt(rows - offset + 1)),
                full.slice(rows, 0));
        for (QuiverIpc.Codec codec : QuiverIpc.Codec.values()) {
            for (int alignment : new int[] {8, 64}) {
                IpcWriteOptions options = QuiverIpc.options(codec, alignment);
                String how = "seed " + seed + ", " + schema + ", " + codec + ", alignment " + alignment;
                for (boolean file : new boolean[] {false, true}) {
                    assertRoundTrips(schema, batches, file, options, how);
                    assertRoundTrips(schema, List.of(Corpus.empty(schema)), file, options, how + ", fresh empty");
                }
            }
        }
    }

    private static void assertRoundTrips(Schema schema, List<RecordBatch> batches, boolean file,
            IpcWriteOptions options, String how) {
        QuiverIpc.Read read = QuiverIpc.read(file, QuiverIpc.write(file, schema, batches, options));
        String what = (file ? "file, " : "stream, ") + how;
        assertEquals(schema, read.schema(), what);
        Optional<String> d = new BatchComparator().compare(batches, read.batches()).map(x -> x.message());
        assertEquals(Optional.empty(), d, what);
    }
}
