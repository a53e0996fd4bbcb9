// SPDX-License-Identifier: Apache-2.0
/**
 * The benchmark table {@code bench-v1} (docs/bench-v1.md): {@link dev.quiver.benchdata.BenchV1} generates
 * it batch by batch from the row index alone, {@link dev.quiver.benchdata.BenchChecksum} computes its
 * checksum (the {@link dev.quiver.benchdata.BenchFigures}) from whatever batches were read back, and
 * {@link dev.quiver.benchdata.BenchGroups} knows the expected result of its group-by on {@code cat}.
 *
 * <p>Checking a round trip:
 *
 * {@snippet :
 * BenchChecksum written = new BenchChecksum();
 * for (RecordBatch batch : new BenchV1(BufferAllocator.managed()).batches(1000)) {
 *     written.add(batch);
 * }
 * BenchChecksum read = new BenchChecksum();
 * readBatches.forEach(read::add);
 * boolean same = written.figures().equals(read.figures());
 * }
 */
package dev.quiver.benchdata;
