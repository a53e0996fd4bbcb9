// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.sql;

import java.util.Arrays;

/**
 * A transaction a Flight SQL server began, named by its opaque id.
 *
 * @param id the server's transaction id
 */
public record Transaction(byte[] id) {
    /**
     * A transaction.
     *
     * @param id the server's transaction id
     */
    public Transaction {
        id = id.clone();
    }

    /**
     * The server's transaction id.
     *
     * @return a copy of the id
     */
    @Override
    public byte[] id() {
        return id.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Transaction t && Arrays.equals(t.id, id);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(id);
    }

    @Override
    public String toString() {
        return "Transaction[" + id.length + " bytes]";
    }
}
