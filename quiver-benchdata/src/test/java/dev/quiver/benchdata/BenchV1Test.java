// SPDX-License-Identifier: Apache-2.0
package dev.quiver.benchdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Schema;
import dev.quiver.testkit.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchV1Test {
    private static final Path CHECKSUM_1000 = TestData.resolve("bench/checksum-1000.txt");

    @Test
    void checksumOfAThousandRowsMatchesTheDataset() throws IOException {
        BenchChecksum checksum = new BenchChecksum();
        for (RecordBatch batch : new BenchV1(BufferAllocator.managed()).batches(1000)) {
            checksum.add(batch);
        }
        assertEquals(Files.readAllLines(CHECKSUM_1000), checksum.lines());
    }

    @Test
    void batchesAre65536RowsWithAShorterLastOne() {
        List<RecordBatch> batches = new BenchV1(BufferAllocator.managed()).batches(140_000);
        assertEquals(3, batches.size());
        assertEquals(65_536, batches.get(0).rowCount());
        assertEquals(65_536, batches.get(1).rowCount());
        assertEquals(140_000 - 2 * 65_536, batches.get(2).rowCount());
        assertEquals(3, BenchV1.batchCount(140_000));
    }

    @Test
    void checksumIsTheSameWhateverTheBatchBoundariesAndSlices() {
        BenchV1 bench = new BenchV1(BufferAllocator.managed());
        BenchChecksum whole = new BenchChecksum();
        whole.add(bench.batch(0, 3000));
        BenchChecksum pieces = new BenchChecksum();
        RecordBatch big = bench.batch(0, 2000);
        pieces.add(big.slice(0, 777));
        pieces.add(big.slice(777, 1223));
        pieces.add(bench.batch(2000, 1000));
        assertEquals(whole.lines(), pieces.lines());
    }

    @Test
    void checksumsOfSingleBatchesAddedInOrderEqualAddingTheBatches() {
        List<RecordBatch> batches = new BenchV1(BufferAllocator.managed()).batches(200_000);
        BenchChecksum oneByOne = new BenchChecksum();
        BenchChecksum merged = new BenchChecksum();
        for (RecordBatch batch : batches) {
            oneByOne.add(batch);
            merged.add(BenchChecksum.of(batch));
        }
        assertEquals(oneByOne.lines(), merged.lines());
        assertEquals(oneByOne.figures(), merged.figures());
    }

    @Test
    void aBatchWithoutEveryColumnIsRefusedAndAddsNothing() {
        BenchV1 bench = new BenchV1(BufferAllocator.managed());
        BenchChecksum checksum = new BenchChecksum();
        checksum.add(bench.batch(0, 100));
        List<String> before = checksum.lines();
        RecordBatch full = bench.batch(100, 100);
        int last = BenchV1.SCHEMA.fields().size() - 1;
        RecordBatch withoutPrice = new RecordBatch(new Schema(BenchV1.SCHEMA.fields().subList(0, last)),
                full.columns().subList(0, last));
        QuiverException e = assertThrows(QuiverException.class, () -> checksum.add(withoutPrice));
        assertTrue(e.getMessage().contains("'price'"), e.getMessage());
        assertEquals(before, checksum.lines());
    }

    @Test
    void rowValuesFollowTheDefinition() {
        RecordBatch batch = new BenchV1(BufferAllocator.managed()).batch(1000, 20);
        // row 1007: maybe is null (i % 10 == 7); row 1003: maybe = 3 - 500
        assertEquals(true, batch.column("maybe").isNull(7));
        assertEquals(-497, ((dev.quiver.core.array.Int32Array) batch.column("maybe")).get(3));
        // row 1003: ts
        assertEquals(1_700_000_000_000_000L + 1003 * 1000L,
                ((dev.quiver.core.array.TimestampArray) batch.column("ts")).get(3));
        // row 1003 = 17 * 59 -> name null; row 1004 is not
        assertEquals(true, batch.column("name").isNull(3));
        assertEquals(false, batch.column("name").isNull(4));
    }
}
