// SPDX-License-Identifier: Apache-2.0
/**
 * The row-major key format of Arrow C++ and what is built on it. {@link dev.quiver.row.RowTableMetadata}
 * lays out the rows of a list of column types; {@link dev.quiver.row.RowTableEncoder} encodes columns
 * into a {@link dev.quiver.row.RowTable} and {@link dev.quiver.row.RowDecoder} decodes them back;
 * {@link dev.quiver.row.RowComparator} and {@link dev.quiver.row.RowHasher} compare and hash keys, in
 * columns or in rows, with null equal to null. {@link dev.quiver.row.HashGroupBy} groups rows by such
 * keys and aggregates numeric columns into a {@link dev.quiver.row.GroupByResult}. A column type the
 * rows cannot hold is refused with an {@link dev.quiver.row.UnsupportedColumnTypeException}.
 */
package dev.quiver.row;
