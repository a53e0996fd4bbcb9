// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The checked-in seeds of the IPC fuzz tests are the writers' output for {@link IpcFuzzSeeds}: each
 * reads back whole, so fuzzing starts from inputs that reach every batch. With the environment
 * variable {@code QUIVER_WRITE_FUZZ_SEEDS=1} the seeds are (re)written first (docs/fuzzing.md).
 */
class IpcFuzzSeedsTest {
    static final Path STREAM_SEEDS =
            Path.of("src/test/resources/dev/quiver/ipc/IpcStreamReaderFuzzTestInputs/readStream");
    static final Path FILE_SEEDS = Path.of("src/test/resources/dev/quiver/ipc/IpcFileReaderFuzzTestInputs/readFile");

    @BeforeAll
    static void writeSeedsOnRequest() throws IOException {
        if (System.getenv("QUIVER_WRITE_FUZZ_SEEDS") == null) {
            return;
        }
        Files.createDirectories(STREAM_SEEDS);
        Files.createDirectories(FILE_SEEDS);
        for (IpcFuzzSeeds.Seed seed : IpcFuzzSeeds.all()) {
            Files.write(streamSeed(seed), seed.stream());
            Files.write(fileSeed(seed), seed.file());
        }
    }

    private static Path streamSeed(IpcFuzzSeeds.Seed seed) {
        return STREAM_SEEDS.resolve("seed-" + seed.name() + ".arrows");
    }

    private static Path fileSeed(IpcFuzzSeeds.Seed seed) {
        return FILE_SEEDS.resolve("seed-" + seed.name() + ".arrow");
    }

    @Test
    void streamSeedsReadBackWhole() throws IOException {
        for (IpcFuzzSeeds.Seed seed : IpcFuzzSeeds.all()) {
            byte[] bytes = Files.readAllBytes(streamSeed(seed));
            List<RecordBatch> read = new ArrayList<>();
            try (IpcStreamReader reader = IpcStreamReader.open(new ByteArrayInputStream(bytes))) {
                for (RecordBatch batch : reader) {
                    read.add(batch);
                }
            }
            assertEquals(seed.batches(), read, seed.name());
        }
    }

    @Test
    void fileSeedsReadBackWhole() throws IOException {
        for (IpcFuzzSeeds.Seed seed : IpcFuzzSeeds.all()) {
            byte[] bytes = Files.readAllBytes(fileSeed(seed));
            List<RecordBatch> read = new ArrayList<>();
            try (IpcFileReader reader = IpcFileReader.open(MemorySegment.ofArray(bytes), IpcReadOptions.DEFAULT)) {
                for (int k = 0; k < reader.batchCount(); k++) {
                    read.add(reader.batch(k));
                }
            }
            assertEquals(seed.batches(), read, seed.name());
        }
    }
}
