// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The checked-in seeds of the JSON fuzz test are the writer's output for {@link JsonFuzzSeeds}: each
 * reads back whole. With the environment variable {@code QUIVER_WRITE_FUZZ_SEEDS=1} the seeds are
 * (re)written first (docs/fuzzing.md).
 */
class JsonFuzzSeedsTest {
    static final Path SEEDS =
            Path.of("src/test/resources/dev/quiver/json/IntegrationJsonReaderFuzzTestInputs/readJson");

    @BeforeAll
    static void writeSeedsOnRequest() throws IOException {
        if (System.getenv("QUIVER_WRITE_FUZZ_SEEDS") == null) {
            return;
        }
        Files.createDirectories(SEEDS);
        for (JsonFuzzSeeds.Seed seed : JsonFuzzSeeds.all()) {
            Files.write(SEEDS.resolve(seed.fileName()), seed.bytes());
        }
    }

    @Test
    void seedsReadBackWhole() throws IOException {
        for (JsonFuzzSeeds.Seed seed : JsonFuzzSeeds.all()) {
            byte[] bytes = Files.readAllBytes(SEEDS.resolve(seed.fileName()));
            JsonFile read = IntegrationJsonReader.read(new ByteArrayInputStream(bytes));
            assertEquals(seed.file().schema(), read.schema(), seed.name());
            assertEquals(seed.file().batches(), read.batches(), seed.name());
        }
    }
}
