// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import dev.quiver.core.text.RowPreview;
import dev.quiver.core.type.Schema;

/** The aligned-table text of batches' first rows, for {@code toString} and {@code toPrettyString}. */
final class Pretty {
    /** The rows {@code toString} shows. */
    static final int TO_STRING_ROWS = 10;

    private Pretty() {
    }

    /** The first {@code limit} rows as an aligned table, and a line counting the rows not shown. */
    static String rows(Schema schema, Iterable<RecordBatch> batches, long rowCount, int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("a negative row limit: " + limit);
        }
        RowPreview preview = new RowPreview(schema, limit);
        for (RecordBatch batch : batches) {
            if (preview.full()) {
                break;
            }
            preview.add(batch);
        }
        String text = preview.table().render("");
        long more = rowCount - preview.rows();
        return more > 0 ? text + "... " + more + (more == 1 ? " more row\n" : " more rows\n") : text;
    }
}
