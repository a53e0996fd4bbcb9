// SPDX-License-Identifier: Apache-2.0
/**
 * The front door: {@link dev.quiver.io.Arrow#read(java.nio.file.Path)} reads an Arrow IPC file, an IPC
 * stream, integration JSON (plain or gzip-compressed), CSV, TSV or NDJSON, recognized by its name or
 * content, into a {@link dev.quiver.core.batch.Table}; {@link dev.quiver.io.Arrow#write(dev.quiver.core.batch.Table,
 * java.nio.file.Path)} writes a table in the format its file name says; {@link dev.quiver.io.ArrowOptions}
 * chooses the format, the validation level, the compression and the CSV and NDJSON options;
 * {@link dev.quiver.io.ArrowFormat} tells formats apart by name or content.
 */
package dev.quiver.io;
