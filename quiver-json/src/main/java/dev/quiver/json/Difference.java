package dev.quiver.json;

/**
 * The first difference between two sequences of record batches: the batch (-1 when two arrays were
 * compared outside any batch), the column path (field names joined by dots, empty for the batch
 * itself), the row of the top-level column, the index in the left side's array at that path (-1 when
 * the difference is not at one slot), the two sides and what differs.
 */
public record Difference(int batch, String path, long row, long index, String left, String right, String what) {

    /** A readable sentence, e.g. {@code batch 0, column a.item, row 3, index 7: values differ: 5 vs 6}. */
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

    @Override
    public String toString() {
        return message();
    }
}
