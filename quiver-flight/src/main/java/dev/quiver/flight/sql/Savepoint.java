// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.sql;

import java.util.Arrays;

/**
 * A savepoint a Flight SQL server set in a transaction, named by its opaque id.
 *
 * @param id the server's savepoint id
 */
public record Savepoint(byte[] id) {
    /**
     * A savepoint.
     *
     * @param id the server's savepoint id
     */
    public Savepoint {
        id = id.clone();
    }

    /**
     * The server's savepoint id.
     *
     * @return a copy of the id
     */
    @Override
    public byte[] id() {
        return id.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Savepoint s && Arrays.equals(s.id, id);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(id);
    }

    @Override
    public String toString() {
        return "Savepoint[" + id.length + " bytes]";
    }
}
