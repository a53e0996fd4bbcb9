// SPDX-License-Identifier: Apache-2.0
/**
 * Quiver CSV: a streaming, parallel CSV reader into record batches, with type inference, and a CSV
 * writer of record batches.
 */
module dev.quiver.csv {
    requires transitive dev.quiver.core;

    exports dev.quiver.csv;
}
