// SPDX-License-Identifier: Apache-2.0
/**
 * The JSON format of the Arrow integration tests. {@link dev.quiver.json.IntegrationJsonReader} reads a
 * file (plain or gzip-compressed) into a {@link dev.quiver.json.JsonFile}: schema, dictionaries and
 * record batches; {@link dev.quiver.json.IntegrationJsonWriter} writes one back.
 * {@link dev.quiver.json.BatchComparator} compares record batches as the reference implementation does
 * and reports the first {@link dev.quiver.json.Difference}. Input that is not valid integration JSON
 * ends in a {@link dev.quiver.json.JsonFormatException}.
 */
package dev.quiver.json;
