package dev.quiver.cli.io;

import dev.quiver.cli.text.CellText;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import de.siegmar.fastcsv.writer.CsvWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Writes record batches as CSV: a header of field names, nulls as empty fields, values as {@code cat} shows them. */
final class CsvOutput implements Outputs.Content {
    private final CsvWriter writer;

    CsvOutput(OutputStream out, Schema schema) {
        this.writer = CsvWriter.builder().build(out, StandardCharsets.UTF_8);
        writer.writeRecord(schema.fields().stream().map(Field::name).toList());
    }

    @Override
    public void write(RecordBatch batch) {
        List<Array> columns = batch.columns();
        List<String> row = new ArrayList<>(columns.size());
        for (long r = 0; r < batch.rowCount(); r++) {
            row.clear();
            for (Array column : columns) {
                row.add(column.isNull(r) ? "" : CellText.of(column, r));
            }
            writer.writeRecord(row);
        }
    }

    @Override
    public void end() throws IOException {
        writer.close();
    }
}
