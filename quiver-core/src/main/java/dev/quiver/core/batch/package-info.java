// SPDX-License-Identifier: Apache-2.0
/**
 * Record batches and what holds them: a {@link dev.quiver.core.batch.RecordBatch} is a schema and one
 * array per field, all of one length; a {@link dev.quiver.core.batch.Table} is a schema and a list of
 * batches, whose columns are {@link dev.quiver.core.batch.ChunkedArray}s. A
 * {@link dev.quiver.core.batch.RecordBatchReader} hands out the batches of a source one at a time, a
 * {@link dev.quiver.core.batch.RecordBatchWriter} takes them one at a time.
 *
 * <p>Reading batches one at a time, whatever the source:
 *
 * {@snippet :
 * static long sumOfScores(RecordBatchReader reader) {
 *     try (reader) {
 *         long sum = 0;
 *         for (RecordBatch batch : reader) {
 *             Int64Array scores = (Int64Array) batch.column("score");
 *             for (long i = 0; i < scores.length(); i++) {
 *                 if (scores.isValid(i)) {
 *                     sum += scores.get(i);
 *                 }
 *             }
 *         }
 *         return sum;
 *     }
 * }
 * }
 *
 * <p>Or all of them at once, as a table whose columns span the batches:
 *
 * {@snippet :
 * Table table = Table.from(reader);           // every remaining batch; nothing is copied
 * ChunkedArray scores = table.column("score");
 * RecordBatchReader again = table.reader();   // the same batches, read once more
 * }
 *
 * <p>Batches and tables are immutable; slicing either shares memory. A batch is usable as long as the
 * memory of its arrays is: closing a scoped allocator, or a reader that maps a file, ends it.
 */
package dev.quiver.core.batch;
