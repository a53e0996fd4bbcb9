// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.validation.ValidationLevel;
import java.util.List;
import java.util.Objects;

/**
 * How a Parquet file is read.
 *
 * @param allocator the allocator of the batches' buffers and of the pages being decoded
 * @param batchSize the most rows in a batch
 * @param columns the columns to read, as dotted paths of fields (a top-level name, or a nested field such
 *     as {@code "address.city"}); empty for all
 * @param rowGroups the indices of the row groups to read, in the order given; null for all
 * @param filter a predicate on row-group statistics, the column index and bloom filters: row groups and
 *     pages that cannot hold a matching row are skipped (rows of the groups read are not filtered one by
 *     one); null for none
 * @param threads the threads decoding columns and row groups; 0 for one per core
 * @param verifyChecksums whether page CRCs are checked (when the pages carry them)
 * @param validation how the batches are validated before they are returned
 * @param maxPageBytes the largest uncompressed page accepted (a larger declared size is refused before
 *     allocating)
 * @param maxLevelsPerChunk the most values (nulls included) one column chunk may hold
 */
public record ParquetReadOptions(BufferAllocator allocator, int batchSize, List<String> columns, int[] rowGroups,
        ParquetPredicate filter, int threads, boolean verifyChecksums, ValidationLevel validation, long maxPageBytes,
        int maxLevelsPerChunk) {
    /** The default batch size. */
    public static final int DEFAULT_BATCH_SIZE = 65_536;

    /**
     * The managed allocator, batches of 65,536 rows, all columns and row groups, no filter, every core, no
     * CRC checks, full validation, pages up to 1 GiB, up to 2^31 - 16 values per column chunk.
     */
    public static final ParquetReadOptions DEFAULT = new ParquetReadOptions(BufferAllocator.managed(), DEFAULT_BATCH_SIZE,
            List.of(), null, null, 0, false, ValidationLevel.FULL, 1L << 30, Integer.MAX_VALUE - 16);

    /**
     * Checks the options.
     *
     * @throws NullPointerException if the allocator, columns or validation level is null
     * @throws IllegalArgumentException if a size or count is not positive
     */
    public ParquetReadOptions {
        Objects.requireNonNull(allocator, "allocator");
        Objects.requireNonNull(validation, "validation");
        columns = List.copyOf(columns);
        if (batchSize <= 0 || threads < 0 || maxPageBytes <= 0 || maxLevelsPerChunk <= 0) {
            throw new IllegalArgumentException("batchSize, maxPageBytes and maxLevelsPerChunk must be positive and threads"
                    + " 0 or more");
        }
        rowGroups = rowGroups == null ? null : rowGroups.clone();
    }

    /**
     * These options with another allocator.
     *
     * @param newAllocator the allocator
     * @return the new options
     */
    public ParquetReadOptions withAllocator(BufferAllocator newAllocator) {
        return new ParquetReadOptions(newAllocator, batchSize, columns, rowGroups, filter, threads, verifyChecksums,
                validation, maxPageBytes, maxLevelsPerChunk);
    }

    /**
     * These options with another batch size.
     *
     * @param rows the most rows in a batch
     * @return the new options
     */
    public ParquetReadOptions withBatchSize(int rows) {
        return new ParquetReadOptions(allocator, rows, columns, rowGroups, filter, threads, verifyChecksums, validation,
                maxPageBytes, maxLevelsPerChunk);
    }

    /**
     * These options reading only some columns.
     *
     * @param paths dotted field paths; none for all columns
     * @return the new options
     */
    public ParquetReadOptions withColumns(String... paths) {
        return new ParquetReadOptions(allocator, batchSize, List.of(paths), rowGroups, filter, threads, verifyChecksums,
                validation, maxPageBytes, maxLevelsPerChunk);
    }

    /**
     * These options reading only some row groups.
     *
     * @param indices the row groups' indices
     * @return the new options
     */
    public ParquetReadOptions withRowGroups(int... indices) {
        return new ParquetReadOptions(allocator, batchSize, columns, indices, filter, threads, verifyChecksums,
                validation, maxPageBytes, maxLevelsPerChunk);
    }

    /**
     * These options with a filter that skips row groups and pages.
     *
     * @param predicate the predicate, or null for none
     * @return the new options
     */
    public ParquetReadOptions withFilter(ParquetPredicate predicate) {
        return new ParquetReadOptions(allocator, batchSize, columns, rowGroups, predicate, threads, verifyChecksums,
                validation, maxPageBytes, maxLevelsPerChunk);
    }

    /**
     * These options with another number of threads.
     *
     * @param count the threads; 0 for one per core, 1 to decode on the reading thread
     * @return the new options
     */
    public ParquetReadOptions withThreads(int count) {
        return new ParquetReadOptions(allocator, batchSize, columns, rowGroups, filter, count, verifyChecksums,
                validation, maxPageBytes, maxLevelsPerChunk);
    }

    /**
     * These options checking page CRCs or not.
     *
     * @param verify whether to check them
     * @return the new options
     */
    public ParquetReadOptions withVerifyChecksums(boolean verify) {
        return new ParquetReadOptions(allocator, batchSize, columns, rowGroups, filter, threads, verify, validation,
                maxPageBytes, maxLevelsPerChunk);
    }

    /**
     * These options with another validation level.
     *
     * @param level the level
     * @return the new options
     */
    public ParquetReadOptions withValidation(ValidationLevel level) {
        return new ParquetReadOptions(allocator, batchSize, columns, rowGroups, filter, threads, verifyChecksums, level,
                maxPageBytes, maxLevelsPerChunk);
    }

    /**
     * These options with other limits on declared sizes.
     *
     * @param pageBytes the largest uncompressed page
     * @param levelsPerChunk the most values per column chunk
     * @return the new options
     */
    public ParquetReadOptions withLimits(long pageBytes, int levelsPerChunk) {
        return new ParquetReadOptions(allocator, batchSize, columns, rowGroups, filter, threads, verifyChecksums,
                validation, pageBytes, levelsPerChunk);
    }

    /**
     * The row groups to read.
     *
     * @return a copy of the indices, or null for all
     */
    @Override
    public int[] rowGroups() {
        return rowGroups == null ? null : rowGroups.clone();
    }
}
