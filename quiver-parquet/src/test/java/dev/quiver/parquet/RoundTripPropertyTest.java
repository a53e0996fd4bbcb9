// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.parquet.format.CompressionCodec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** Random schemas (nesting, nulls, empty lists) and data, sliced at an offset, written by Quiver and read back by Quiver. */
class RoundTripPropertyTest {
    /**
     * Columns the reader does not yet give back as written: time32[s] (its values stay in the milliseconds
     * stored) and fixed-size lists (read as lists).
     */
    private static final Set<String> READER_GAPS = Set.of("time32s", "fixed_list");

    @Provide
    Arbitrary<ParquetWriteOptions> options() {
        ParquetWriteOptions d = ParquetWriteOptions.DEFAULT;
        return Arbitraries.of(d, d.withDataPageVersion(2).withCodec(CompressionCodec.ZSTD),
                d.withDictionary(false).withCodec(CompressionCodec.UNCOMPRESSED),
                d.withDictionaryPageSizeLimit(64).withPageSize(128).withRowGroupSize(37).withThreads(1),
                d.withPageRowLimit(7).withCodec(CompressionCodec.GZIP).withDataPageVersion(2));
    }

    @Property(tries = 40)
    void randomBatchesRoundTrip(@ForAll long seed, @ForAll @IntRange(min = 0, max = 300) int rows,
            @ForAll @IntRange(min = 0, max = 20) int offset, @ForAll("options") ParquetWriteOptions options)
            throws IOException {
        RecordBatch all = WriteFixtures.randomBatch(new Random(seed), rows + offset, READER_GAPS);
        RecordBatch batch = all.slice(offset, rows);
        Path dir = Files.createTempDirectory("quiver-parquet-roundtrip");
        Path file = dir.resolve("r.parquet");
        try {
            try (ParquetWriter writer = ParquetWriter.open(file, batch.schema(), options)) {
                writer.write(batch);
            }
            long read = 0;
            try (ParquetReader reader = ParquetReader.open(file)) {
                assertEquals(batch.schema().fields(), reader.schema().fields());
                for (Optional<RecordBatch> next = reader.readNext(); next.isPresent(); next = reader.readNext()) {
                    RecordBatch got = next.get();
                    RecordBatch expected = batch.slice(read, got.rowCount());
                    for (int c = 0; c < batch.columnCount(); c++) {
                        assertEquals(expected.column(c), got.column(c), "column " + batch.schema().field(c));
                    }
                    read += got.rowCount();
                }
            }
            assertEquals(rows, read);
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }
}
