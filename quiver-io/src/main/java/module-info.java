// SPDX-License-Identifier: Apache-2.0
/**
 * Quiver IO: the front door. One-line reading of any Arrow IPC file, IPC stream, integration JSON, CSV,
 * TSV, NDJSON or Parquet into a table, and writing a table in the format its file name or the options say.
 */
module dev.quiver.io {
    requires transitive dev.quiver.core;
    requires transitive dev.quiver.ipc;
    requires transitive dev.quiver.json;
    requires transitive dev.quiver.csv;
    requires transitive dev.quiver.ndjson;
    requires transitive dev.quiver.parquet;

    exports dev.quiver.io;
}
