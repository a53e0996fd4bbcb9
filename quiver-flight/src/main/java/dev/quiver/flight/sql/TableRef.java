// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.sql;

import java.util.Objects;

/**
 * A table named in a metadata call (primary keys, foreign keys).
 *
 * @param catalog the catalog, or null for none
 * @param dbSchema the database schema, or null for none
 * @param table the table's name
 */
public record TableRef(String catalog, String dbSchema, String table) {
    /**
     * A table reference.
     *
     * @param catalog the catalog, or null for none
     * @param dbSchema the database schema, or null for none
     * @param table the table's name
     * @throws NullPointerException if the table is null
     */
    public TableRef {
        Objects.requireNonNull(table, "table");
    }

    /**
     * A table without catalog or schema.
     *
     * @param table the table's name
     * @return the reference
     */
    public static TableRef of(String table) {
        return new TableRef(null, null, table);
    }
}
