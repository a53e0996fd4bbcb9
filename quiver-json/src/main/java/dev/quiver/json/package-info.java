// SPDX-License-Identifier: Apache-2.0
/**
 * The JSON format of the Arrow integration tests. {@link dev.quiver.json.IntegrationJsonReader} reads a
 * file (plain or gzip-compressed) into a {@link dev.quiver.json.JsonFile}: schema, dictionaries and
 * record batches; {@link dev.quiver.json.IntegrationJsonWriter} writes one back. The batches compare with
 * {@link dev.quiver.core.compare.BatchComparator} of the core. Input that is not valid integration JSON
 * ends in a {@link dev.quiver.json.JsonFormatException}.
 */
package dev.quiver.json;
