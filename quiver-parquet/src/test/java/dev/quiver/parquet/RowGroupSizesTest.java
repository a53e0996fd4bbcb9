// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Endianness;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files of many small row groups (decoded whole, one per thread) and of large ones (split by column), read on
 * several threads as on one; and a file's schema read from its footer with the row groups skipped.
 */
class RowGroupSizesTest {
    @TempDir
    Path dir;

    private static RecordBatch batch(int rows) {
        Schema schema = new Schema(List.of(Field.notNull("id", ArrowType.INT64), Field.nullable("s", ArrowType.UTF8),
                Field.nullable("d", ArrowType.FLOAT64)), Map.of("origin", "test"),
                Endianness.LITTLE);
        List<List<?>> values = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            values.add(Arrays.asList((long) i, i % 7 == 0 ? null : "v" + (i % 101), i % 5 == 0 ? null : i * 0.5));
        }
        return RecordBatch.ofRows(schema, values);
    }

    private Path write(RecordBatch batch, long rowGroupRows) {
        Path file = dir.resolve("f" + rowGroupRows + ".parquet");
        try (ParquetWriter writer = ParquetWriter.open(file, batch.schema(),
                ParquetWriteOptions.DEFAULT.withRowGroupSize(rowGroupRows))) {
            writer.write(batch);
        }
        return file;
    }

    private static Table read(Path file, int threads) {
        try (ParquetReader reader = ParquetReader.open(file, ParquetReadOptions.DEFAULT.withThreads(threads))) {
            return Table.from(reader);
        }
    }

    @Test
    void manySmallRowGroupsReadTheSameOnSeveralThreads() {
        RecordBatch batch = batch(5_000);
        Path file = write(batch, 37);
        try (ParquetFile f = ParquetFile.open(file)) {
            assertEquals(136, f.rowGroupCount());
        }
        for (int threads : new int[] {1, 2, 3, 8}) {
            Table read = read(file, threads);
            assertEquals(5_000, read.rowCount());
            assertEquals(Optional.empty(), new BatchComparator().compare(List.of(batch), read.combineChunks().batches()), "threads " + threads);
        }
    }

    @Test
    void theCallersThreadIsOneOfTheDecodingThreads() {
        // two threads: the caller's and one decoder of the reader's own, which reads it all the same
        RecordBatch batch = batch(150_000);
        Path file = write(batch, 2_000);
        long before = decoderThreads();
        try (ParquetReader reader = ParquetReader.open(file, ParquetReadOptions.DEFAULT.withThreads(2))) {
            List<RecordBatch> read = new ArrayList<>();
            long most = 0;
            for (RecordBatch b : reader) {
                read.add(b);
                most = Math.max(most, decoderThreads() - before);
            }
            assertEquals(1, most);
            assertEquals(Optional.empty(), new BatchComparator().compare(List.of(batch),
                    new Table(batch.schema(), read).combineChunks().batches()));
        }
    }

    private static long decoderThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("quiver-parquet-decoder")).count();
    }

    @Test
    void largeAndSmallRowGroupsMixedReadTheSameOnSeveralThreads() {
        // 70,000-row groups are split by column, the last one of 10,000 rows is decoded whole
        RecordBatch batch = batch(150_000);
        Path file = write(batch, 70_000);
        for (int threads : new int[] {1, 2, 4}) {
            Table read = read(file, threads);
            assertEquals(Optional.empty(), new BatchComparator().compare(List.of(batch), read.combineChunks().batches()), "threads " + threads);
        }
    }

    @Test
    void smallRowGroupsDecodedSeveralToATaskKeepTheirOrderAndRanges() {
        // 30,000-row groups: two to a task (a third would pass 65,536 rows); the selection skips group 2,
        // and a row range cuts the first and the last group read
        RecordBatch batch = batch(200_000);
        Path file = write(batch, 30_000);
        ParquetReadOptions options = ParquetReadOptions.DEFAULT.withRowGroups(0, 1, 3, 4, 5, 6).withRowRange(12_345, 170_000)
                .withBatchSize(7_000);
        Table one = readWith(file, options.withThreads(1));
        for (int threads : new int[] {2, 3}) {
            Table several = readWith(file, options.withThreads(threads));
            assertEquals(one.rowCount(), several.rowCount(), "threads " + threads);
            assertEquals(Optional.empty(), new BatchComparator().compare(one.combineChunks().batches(),
                    several.combineChunks().batches()), "threads " + threads);
        }
        // rows 12,345..59,999 of groups 0-1, then groups 3-5 (90,000..179,999), then 180,000..182,344 of group 6
        assertEquals(47_655 + 90_000 + 2_345, one.rowCount());
        assertEquals(Optional.empty(), new BatchComparator().compare(List.of(batch.slice(12_345, 47_655)),
                List.of(one.combineChunks().batches().get(0).slice(0, 47_655))));
        assertEquals(Optional.empty(), new BatchComparator().compare(List.of(batch.slice(90_000, 92_345)),
                List.of(one.combineChunks().batches().get(0).slice(47_655, 92_345))));
    }

    private static Table readWith(Path file, ParquetReadOptions options) {
        try (ParquetReader reader = ParquetReader.open(file, options)) {
            return Table.from(reader);
        }
    }

    @Test
    void closingWhileSmallRowGroupsAreDecodedAheadStopsCleanly() {
        Path file = write(batch(5_000), 37);
        try (ParquetReader reader = ParquetReader.open(file, ParquetReadOptions.DEFAULT.withThreads(4))) {
            assertEquals(37, reader.readNext().orElseThrow().rowCount());
        }
    }

    @Test
    void theSchemaReadWithoutRowGroupsIsTheOpenedFilesSchema() {
        Path file = write(batch(5_000), 37);
        try (ParquetFile f = ParquetFile.open(file)) {
            Schema schema = ParquetFile.readSchema(file);
            assertEquals(f.schema(), schema);
            assertEquals("test", schema.metadata().get("origin"));
        }
    }

    @Test
    void theSchemaOfAFileThatIsNotParquetIsOneClearError() throws IOException {
        Path file = dir.resolve("not.parquet");
        Files.write(file, "PAR1 this is no footer at all PAR1".getBytes(StandardCharsets.US_ASCII));
        ParquetException e = assertThrows(ParquetException.class, () -> ParquetFile.readSchema(file));
        assertTrue(e.getMessage().contains("not.parquet"), e.getMessage());
    }

    @Test
    void aCutRowGroupListIsAnErrorEvenWhenOnlyTheSchemaIsRead() throws IOException {
        Path file = write(batch(5_000), 37);
        byte[] bytes = Files.readAllBytes(file);
        int footerLength = (bytes[bytes.length - 8] & 0xFF) | (bytes[bytes.length - 7] & 0xFF) << 8
                | (bytes[bytes.length - 6] & 0xFF) << 16 | (bytes[bytes.length - 5] & 0xFF) << 24;
        // the footer's second half (inside the row groups) overwritten with 0xFF: varints that never end
        int start = bytes.length - 8 - footerLength;
        Arrays.fill(bytes, start + footerLength / 2, bytes.length - 8, (byte) 0xFF);
        Path cut = dir.resolve("cut.parquet");
        Files.write(cut, bytes);
        ParquetException e = assertThrows(ParquetException.class, () -> ParquetFile.readSchema(cut));
        assertTrue(e.getMessage().contains("cut.parquet"), e.getMessage());
    }
}
