// SPDX-License-Identifier: Apache-2.0
package dev.quiver.examples;

import dev.quiver.compute.expr.Expression;
import dev.quiver.compute.sort.NullPlacement;
import dev.quiver.compute.sort.SortKey;
import dev.quiver.compute.sort.Sorting;
import dev.quiver.core.batch.Table;
import dev.quiver.io.Arrow;
import java.nio.file.Path;
import java.util.List;

/**
 * Keeps the trips a filter expression selects and sorts them by city, then by fare (highest first), with
 * quiver-compute: {@code FilterAndSort trips.arrow sorted.arrow ["fare > 10 and city is not null"]}.
 */
public final class FilterAndSort {
    private FilterAndSort() {
    }

    /**
     * Runs the example.
     *
     * @param args the input file, the output file, and optionally the filter (by default
     *     {@code fare > 10 and city is not null})
     */
    public static void main(String[] args) {
        Table trips = Arrow.read(Path.of(args[0]));
        String where = args.length > 2 ? args[2] : "fare > 10 and city is not null";
        Table kept = Expression.parse(where).bind(trips.schema()).filter(trips);
        Table sorted = Sorting.sort(kept, List.of(SortKey.ascending("city"), SortKey.descending("fare")),
                NullPlacement.AT_END);
        Arrow.write(sorted, Path.of(args[1]));
        System.out.println("kept " + sorted.rowCount() + " of " + trips.rowCount() + " rows");
        System.out.println(sorted.toPrettyString(3));
    }
}
