// SPDX-License-Identifier: Apache-2.0
/**
 * Quiver NDJSON: newline-delimited JSON (one object per line) read as record batches, with type
 * inference or an explicit schema, and any record batch written as NDJSON.
 */
module dev.quiver.ndjson {
    requires transitive dev.quiver.core;
    requires com.fasterxml.jackson.core;

    exports dev.quiver.ndjson;
}
