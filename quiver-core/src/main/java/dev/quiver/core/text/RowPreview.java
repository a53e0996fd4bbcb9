// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.text;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.Types;
import java.util.ArrayList;
import java.util.List;

/** The first rows of some record batches as an aligned table: one column per field, numbers on the right. */
public final class RowPreview {
    private final TextTable table;
    private final long limit;
    private long rows;

    /**
     * A preview of at most {@code limit} rows of batches of {@code schema}.
     *
     * @param schema the schema of the batches, whose field names head the columns
     * @param limit the most rows the preview takes
     */
    public RowPreview(Schema schema, long limit) {
        List<String> header = new ArrayList<>();
        boolean[] right = new boolean[schema.fields().size()];
        for (int c = 0; c < right.length; c++) {
            Field field = schema.field(c);
            header.add(field.name());
            ArrowType type = Types.storage(field.type());
            right[c] = type instanceof ArrowType.Int || type instanceof ArrowType.FloatingPoint
                    || type instanceof ArrowType.Decimal;
        }
        this.table = new TextTable(header, right);
        this.limit = limit;
    }

    /**
     * Whether the preview has all the rows it shows.
     *
     * @return true when {@link #rows()} reached the limit
     */
    public boolean full() {
        return rows >= limit;
    }

    /**
     * Adds the first rows of {@code batch} while the preview is not full.
     *
     * @param batch a batch of the preview's schema
     * @return the number of rows taken
     */
    public long add(RecordBatch batch) {
        long take = Math.min(batch.rowCount(), limit - rows);
        for (long r = 0; r < take; r++) {
            List<String> cells = new ArrayList<>();
            for (Array column : batch.columns()) {
                cells.add(CellText.of(column, r));
            }
            table.add(cells);
        }
        rows += take;
        return take;
    }

    /**
     * The rows taken so far.
     *
     * @return the row count of the preview
     */
    public long rows() {
        return rows;
    }

    /**
     * The table of the rows taken, to print.
     *
     * @return the table
     */
    public TextTable table() {
        return table;
    }
}
