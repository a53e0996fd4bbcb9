// SPDX-License-Identifier: Apache-2.0
/**
 * Newline-delimited JSON (NDJSON, JSON Lines): one JSON object per line. {@link dev.quiver.ndjson.NdjsonReader}
 * streams a file or stream as record batches, with a schema inferred from the first lines or given in
 * {@link dev.quiver.ndjson.NdjsonReadOptions}; {@link dev.quiver.ndjson.NdjsonWriter} writes any record
 * batch, one object per row. Input that cannot be read ends in an {@link dev.quiver.ndjson.NdjsonException}
 * naming the line and the field.
 */
package dev.quiver.ndjson;
