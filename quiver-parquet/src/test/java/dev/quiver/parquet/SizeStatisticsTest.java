// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.parquet.format.ColumnIndex;
import dev.quiver.parquet.format.OffsetIndex;
import dev.quiver.parquet.format.SizeStatistics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SizeStatistics (parquet.thrift): the unencoded bytes of BYTE_ARRAY values and the level histograms, per column
 * chunk in its metadata and per page in the column and offset indexes.
 */
class SizeStatisticsTest {
    private static final int ROWS = 1000;
    private static final int PAGE_ROWS = 100;

    @TempDir
    Path dir;

    @Test
    void chunksAndPagesCountTheirBytesAndLevels() {
        Schema schema = Schema.of(Field.nullable("s", ArrowType.UTF8),
                Field.nullable("l", new ArrowType.List(Field.nullable("item", ArrowType.INT32))),
                Field.notNull("i", ArrowType.INT64));
        Random random = new Random(7);
        List<List<?>> rows = new ArrayList<>();
        long[] bytesPerPage = new long[ROWS / PAGE_ROWS];
        long[] stringDef = new long[2];
        long[] listDef = new long[4];
        long[] listRep = new long[2];
        for (int r = 0; r < ROWS; r++) {
            String s = random.nextInt(5) == 0 ? null : "é".repeat(random.nextInt(4)) + r;
            if (s == null) {
                stringDef[0]++;
            } else {
                stringDef[1]++;
                bytesPerPage[r / PAGE_ROWS] += s.getBytes(StandardCharsets.UTF_8).length;
            }
            List<Integer> list = null;
            if (random.nextInt(6) == 0) {
                listDef[0]++;
                listRep[0]++;
            } else {
                list = new ArrayList<>();
                int n = random.nextInt(4);
                if (n == 0) {
                    listDef[1]++;
                    listRep[0]++;
                }
                for (int k = 0; k < n; k++) {
                    Integer v = random.nextInt(5) == 0 ? null : r + k;
                    list.add(v);
                    listDef[v == null ? 2 : 3]++;
                    listRep[k == 0 ? 0 : 1]++;
                }
            }
            rows.add(Arrays.asList(s, list, (long) r));
        }
        Path file = dir.resolve("sizes.parquet");
        try (ParquetWriter writer = ParquetWriter.open(file, schema,
                ParquetWriteOptions.DEFAULT.withPageRowLimit(PAGE_ROWS))) {
            writer.write(RecordBatch.ofRows(schema, rows));
        }
        try (ParquetFile parquet = ParquetFile.open(file)) {
            SizeStatistics s = parquet.rowGroup(0).columns().get(0).metaData().sizeStatistics();
            assertEquals(Arrays.stream(bytesPerPage).sum(), s.unencodedByteArrayDataBytes());
            assertArrayEquals(stringDef, s.definitionLevelHistogram());
            assertArrayEquals(new long[0], s.repetitionLevelHistogram(),
                    "an empty repetition level histogram where the maximum is 0, as Arrow C++ writes it");
            OffsetIndex offsets = parquet.offsetIndex(0, 0).orElseThrow();
            assertArrayEquals(bytesPerPage, offsets.unencodedByteArrayDataBytes());
            ColumnIndex stringIndex = parquet.columnIndex(0, 0).orElseThrow();
            assertArrayEquals(stringDef, sumBlocks(stringIndex.definitionLevelHistograms(), 2, 10));

            SizeStatistics l = parquet.rowGroup(0).columns().get(1).metaData().sizeStatistics();
            assertNull(l.unencodedByteArrayDataBytes(), "only BYTE_ARRAY columns count bytes");
            assertArrayEquals(listDef, l.definitionLevelHistogram());
            assertArrayEquals(listRep, l.repetitionLevelHistogram());
            ColumnIndex listIndex = parquet.columnIndex(0, 1).orElseThrow();
            assertArrayEquals(listDef, sumBlocks(listIndex.definitionLevelHistograms(), 4, 10));
            assertArrayEquals(listRep, sumBlocks(listIndex.repetitionLevelHistograms(), 2, 10));
            assertNull(parquet.offsetIndex(0, 1).orElseThrow().unencodedByteArrayDataBytes());

            assertNull(parquet.rowGroup(0).columns().get(2).metaData().sizeStatistics(),
                    "a required INT64 column has nothing to tell");
            assertNull(parquet.columnIndex(0, 2).orElseThrow().definitionLevelHistograms());
        }
    }

    /** The sum of {@code pages} blocks of {@code width} counts, checking there are exactly that many. */
    private static long[] sumBlocks(long[] blocks, int width, int pages) {
        assertEquals(width * pages, blocks.length);
        long[] sum = new long[width];
        for (int i = 0; i < blocks.length; i++) {
            sum[i % width] += blocks[i];
        }
        return sum;
    }
}
