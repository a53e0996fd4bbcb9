// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.sql;

import java.util.Map;
import java.util.Objects;

/**
 * Where and how bulk ingestion (CommandStatementIngest) writes its rows.
 *
 * @param table the target table
 * @param ifNotExists what to do when the table does not exist
 * @param ifExists what to do when it exists
 * @param catalog the target catalog, or null for the server's default
 * @param dbSchema the target schema, or null for the server's default
 * @param temporary whether the table is a temporary one
 * @param options further server-specific options
 */
public record IngestOptions(String table, IfNotExists ifNotExists, IfExists ifExists, String catalog,
        String dbSchema, boolean temporary, Map<String, String> options) {
    /** When the target table does not exist. */
    public enum IfNotExists {
        /** Create it from the data's schema. */
        CREATE,
        /** Fail. */
        FAIL
    }

    /** When the target table exists. */
    public enum IfExists {
        /** Fail. */
        FAIL,
        /** Add the rows to it. */
        APPEND,
        /** Drop it and create it anew from the data's schema. */
        REPLACE
    }

    /**
     * Ingestion options.
     *
     * @param table the target table
     * @param ifNotExists what to do when the table does not exist
     * @param ifExists what to do when it exists
     * @param catalog the target catalog, or null for the server's default
     * @param dbSchema the target schema, or null for the server's default
     * @param temporary whether the table is a temporary one
     * @param options further server-specific options
     * @throws NullPointerException if the table, a behaviour or the options are null
     */
    public IngestOptions {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(ifNotExists, "ifNotExists");
        Objects.requireNonNull(ifExists, "ifExists");
        options = Map.copyOf(options);
    }

    /**
     * Creates the table if it does not exist, appends to it if it does.
     *
     * @param table the target table
     * @return the options
     */
    public static IngestOptions createOrAppend(String table) {
        return new IngestOptions(table, IfNotExists.CREATE, IfExists.APPEND, null, null, false, Map.of());
    }
}
