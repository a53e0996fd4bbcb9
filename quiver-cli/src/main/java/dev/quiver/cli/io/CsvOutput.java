// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import de.siegmar.fastcsv.writer.CsvWriter;
import dev.quiver.cli.CliException;
import dev.quiver.cli.text.CellText;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes record batches as CSV: a header of field names, nulls as empty fields, values as {@code cat}
 * shows them. CSV has no place for a batch's metadata; closing flushes and closes the output.
 */
final class CsvOutput implements RecordBatchWriter {
    /** The longest field written, in characters (a nested value may expand far beyond its bytes). */
    static final int MAX_FIELD = 1 << 26;

    private final CsvWriter writer;
    private final Schema schema;
    private long rows;

    CsvOutput(OutputStream out, Schema schema) {
        this.schema = schema;
        this.writer = CsvWriter.builder().build(out, StandardCharsets.UTF_8);
        writer.writeRecord(schema.fields().stream().map(Field::name).toList());
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public void write(RecordBatch batch, Map<String, String> metadata) {
        if (!metadata.isEmpty()) {
            throw new CliException("CSV has no place for a batch's metadata " + metadata);
        }
        List<Array> columns = batch.columns();
        List<String> row = new ArrayList<>(columns.size());
        for (long r = 0; r < batch.rowCount(); r++) {
            row.clear();
            for (int c = 0; c < columns.size(); c++) {
                row.add(field(batch, c, r));
            }
            writer.writeRecord(row);
            rows++;
        }
    }

    private String field(RecordBatch batch, int c, long r) {
        Array column = batch.column(c);
        if (CellText.isNull(column, r)) {
            return "";
        }
        String text = CellText.of(column, r, MAX_FIELD);
        if (text.length() > MAX_FIELD) {
            throw new CliException("row " + (rows + 1) + ", column " + batch.schema().field(c).name()
                    + ": a value of more than " + String.format(Locale.ROOT, "%,d", MAX_FIELD)
                    + " characters is too long for a CSV field");
        }
        return text;
    }

    @Override
    public void close() {
        try {
            writer.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
