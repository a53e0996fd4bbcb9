// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.compare;

/**
 * The first difference between two sequences of record batches: the batch (-1 when two arrays were
 * compared outside any batch), the column path (field names joined by dots, empty for the batch
 * itself), the row of the top-level column, the index in the left side's array at that path (-1 when
 * the difference is not at one slot), the two sides and what differs.
 *
 * @param batch the index of the batch, or -1 when two arrays were compared outside any batch
 * @param path the column path, field names joined by dots; empty for the batch itself
 * @param row the row of the top-level column, or -1 when the difference is not at one row
 * @param index the index in the left side's array at {@code path}, or -1 when the difference is not at
 *     one slot
 * @param left the left side's value, type or count, as text
 * @param right the right side's value, type or count, as text
 * @param what what differs, e.g. {@code values differ}
 */
public record Difference(int batch, String path, long row, long index, String left, String right, String what) {

    /**
     * A readable sentence, e.g. {@code batch 0, column a.item, row 3, index 7: values differ: 5 vs 6}.
     *
     * @return the place, what differs and the two sides
     */
    public String message() {
        StringBuilder sb = new StringBuilder();
        if (batch >= 0) {
            sb.append("batch ").append(batch);
        }
        if (!path.isEmpty()) {
            sb.append(sb.isEmpty() ? "" : ", ").append("column ").append(path);
        }
        if (row >= 0) {
            sb.append(", row ").append(row);
        }
        if (index >= 0) {
            sb.append(", index ").append(index);
        }
        return sb.append(": ").append(what).append(": ").append(left).append(" vs ").append(right).toString();
    }

    /**
     * The same as {@link #message()}.
     *
     * @return the readable sentence
     */
    @Override
    public String toString() {
        return message();
    }
}
