// SPDX-License-Identifier: Apache-2.0
/**
 * Values and tables as readable text: {@link dev.quiver.core.text.CellText} prints one value (dates and
 * timestamps in ISO-8601, nested values in the core's notation), {@link dev.quiver.core.text.TextTable}
 * aligns columns of text, {@link dev.quiver.core.text.RowPreview} takes the first rows of record
 * batches into one. {@code Table.toString()} and the {@code quiver} command's {@code cat} and {@code sql}
 * print through them.
 */
package dev.quiver.core.text;
