// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.sort;

import java.util.Objects;

/**
 * One key of a multi-column sort: a column name and an order.
 *
 * @param column the column's name
 * @param order the direction
 */
public record SortKey(String column, SortOrder order) {
    /**
     * Checks the parts.
     *
     * @param column the column's name
     * @param order the direction
     */
    public SortKey {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(order, "order");
    }

    /**
     * An ascending key.
     *
     * @param column the column's name
     * @return the key
     */
    public static SortKey ascending(String column) {
        return new SortKey(column, SortOrder.ASCENDING);
    }

    /**
     * A descending key.
     *
     * @param column the column's name
     * @return the key
     */
    public static SortKey descending(String column) {
        return new SortKey(column, SortOrder.DESCENDING);
    }
}
