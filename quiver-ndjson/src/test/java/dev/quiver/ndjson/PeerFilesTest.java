// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.compare.Difference;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.testkit.TestData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * NDJSON written by DuckDB ({@code testing/data/ndjson/generate.py}) read with timestamp inference: the
 * schema and values pyarrow.json reads from the same file with that schema.
 */
class PeerFilesTest {
    @ParameterizedTest
    @ValueSource(strings = {"duckdb_scalars", "duckdb_nested"})
    void duckDbFilesReadAsPyarrowReadsThem(String name) {
        Path ndjson = TestData.resolve("ndjson/" + name + ".ndjson");
        List<RecordBatch> expected = new ArrayList<>();
        try (IpcFileReader reader = IpcFileReader.open(TestData.resolve("ndjson/" + name + ".pyarrow.arrow"))) {
            reader.forEach(expected::add);
        }
        List<RecordBatch> actual = new ArrayList<>();
        try (NdjsonReader reader = NdjsonReader.open(ndjson, NdjsonReadOptions.DEFAULT.withInferTimestamps(true))) {
            assertEquals(expected.get(0).schema().fields(), reader.schema().fields());
            reader.forEach(actual::add);
        }
        assertEquals(1, expected.size());
        RecordBatch want = expected.get(0);
        RecordBatch got = new RecordBatch(want.schema(), actual.get(0).columns(), actual.get(0).rowCount());
        Optional<Difference> difference = new BatchComparator().compare(0, want, got);
        assertEquals(Optional.empty(), difference.map(Difference::toString));
    }
}
