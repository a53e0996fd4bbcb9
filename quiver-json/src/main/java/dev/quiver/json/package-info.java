// SPDX-License-Identifier: Apache-2.0
/**
 * The JSON format of the Arrow integration tests. {@link dev.quiver.json.IntegrationJsonReader} opens a
 * file (plain or gzip-compressed) as a {@link dev.quiver.json.JsonBatchStream}, a
 * {@link dev.quiver.core.batch.RecordBatchReader}, or reads it whole into a
 * {@link dev.quiver.json.JsonFile}: schema, dictionaries and record batches;
 * {@link dev.quiver.json.IntegrationJsonWriter}, a {@link dev.quiver.core.batch.RecordBatchWriter},
 * writes batches back one at a time. {@link dev.quiver.json.JsonReadOptions} and
 * {@link dev.quiver.json.JsonWriteOptions} choose validation, allocator, indentation and compression.
 * The batches compare with {@link dev.quiver.core.compare.BatchComparator} of the core. Input that is not valid integration JSON
 * ends in a {@link dev.quiver.json.JsonFormatException}.
 */
package dev.quiver.json;
