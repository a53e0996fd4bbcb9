// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import java.util.List;

/**
 * The fragments a scan reads, and the counts of what its filter left out.
 *
 * @param fragments the fragments, one Spark task each
 * @param files the files of the source (0 for a source without files)
 * @param filesPruned the files left unread because their partition keys cannot match the filter
 * @param rowGroups the Parquet row groups of the files read
 * @param rowGroupsRead those planned: the others' statistics prove no row matches the filter
 */
record ScanPlan(List<Fragment> fragments, int files, int filesPruned, long rowGroups, long rowGroupsRead) {
    /**
     * Copies the fragments.
     */
    ScanPlan {
        fragments = List.copyOf(fragments);
    }

    /**
     * A plan of fragments with nothing left out.
     *
     * @param fragments the fragments
     * @return the plan
     */
    static ScanPlan of(List<Fragment> fragments) {
        return new ScanPlan(fragments, 0, 0, 0, 0);
    }
}
