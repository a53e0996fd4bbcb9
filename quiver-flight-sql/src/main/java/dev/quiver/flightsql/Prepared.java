// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import dev.quiver.core.type.Schema;
import java.util.List;

/**
 * A statement prepared for a client: its text, the schemas it declared, the transaction it belongs to and
 * the rows of parameters bound last (each row one run).
 */
final class Prepared {
    final String owner;
    final SqlText text;
    final Schema dataset;
    final Schema parameters;
    final byte[] transactionId;
    private volatile List<Object[]> bound = List.of();

    Prepared(String owner, SqlText text, Schema dataset, Schema parameters, byte[] transactionId) {
        this.owner = owner;
        this.text = text;
        this.dataset = dataset;
        this.parameters = parameters;
        this.transactionId = transactionId;
    }

    /** The rows bound last (empty: none). */
    List<Object[]> bound() {
        return bound;
    }

    void bind(List<Object[]> rows) {
        bound = List.copyOf(rows);
    }
}
