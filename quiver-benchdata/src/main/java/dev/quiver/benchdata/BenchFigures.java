// SPDX-License-Identifier: Apache-2.0
package dev.quiver.benchdata;

import java.util.List;
import java.util.Locale;

/**
 * The checksum figures of a {@code bench-v1} table (docs/bench-v1.md), however they were
 * computed: by Quiver ({@link BenchChecksum}) or by another Arrow implementation.
 */
public record BenchFigures(long rows, long sumId, double sumX, long countFlag, long sumMaybe, long nullMaybe,
        long nameBytes, long nullName, long catBytes, long sumTs, long tagsCount, long tagsSum, long sumPrice) {

    /** The figures as DATASET.md prints them: {@code name=value}, one per line, in its order. */
    public List<String> lines() {
        return List.of(
                "rows=" + rows,
                "sum_id=" + sumId,
                "sum_x=" + String.format(Locale.ROOT, "%.2f", sumX),
                "count_flag=" + countFlag,
                "sum_maybe=" + sumMaybe,
                "null_maybe=" + nullMaybe,
                "name_bytes=" + nameBytes,
                "null_name=" + nullName,
                "cat_bytes=" + catBytes,
                "sum_ts=" + sumTs,
                "tags_count=" + tagsCount,
                "tags_sum=" + tagsSum,
                "sum_price=" + sumPrice);
    }
}
