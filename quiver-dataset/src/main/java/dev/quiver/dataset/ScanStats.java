// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

/**
 * What a scan did, counted as it went: how many files it was given and pruned, how many it opened, how
 * many Parquet row groups it read of those they hold, and the batches, rows and bytes it delivered.
 *
 * @param files the dataset's files
 * @param filesPruned the files the scan left unread because their partition values could not match
 * @param filesOpened the files the scan opened
 * @param bytesOpened the sizes of the files opened
 * @param rowGroups the row groups of the Parquet files opened
 * @param rowGroupsRead those read: the others' statistics proved no row could match the filter
 * @param batches the batches delivered
 * @param rows the rows delivered
 */
public record ScanStats(long files, long filesPruned, long filesOpened, long bytesOpened, long rowGroups,
        long rowGroupsRead, long batches, long rows) {
}
