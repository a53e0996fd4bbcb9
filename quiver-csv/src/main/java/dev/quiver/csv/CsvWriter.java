// SPDX-License-Identifier: Apache-2.0
package dev.quiver.csv;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.BooleanArray;
import dev.quiver.core.array.DateArray;
import dev.quiver.core.array.DecimalArray;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.array.Float32Array;
import dev.quiver.core.array.Float64Array;
import dev.quiver.core.array.TimeArray;
import dev.quiver.core.array.TimestampArray;
import dev.quiver.core.array.Values;
import dev.quiver.core.array.VarBinaryArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.io.AtomicFileOutput;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;

/**
 * Writes record batches as CSV (UTF-8): a header line of the field names, then one line per row. A
 * field is quoted only when it must be (it holds the delimiter, the quote or a line break, or is the
 * empty string, which a null is not); dates, times and timestamps are ISO 8601 (a timestamp with a zone
 * as UTC with {@code Z}); decimals are exact; floats are the shortest text that reads back the same.
 * Binary values are hex; nested values are written as their Java text and are not read back.
 *
 * <p>Written to a path, the file appears only when the writer closes after a success (see
 * {@link AtomicFileOutput}); a failure leaves no file.
 */
public final class CsvWriter implements RecordBatchWriter {
    private static final int FLUSH_AT = 1 << 16;

    private final OutputStream out;
    private final AtomicFileOutput file;
    private final Schema schema;
    private final CsvWriteOptions options;
    private final byte delimiter;
    private final byte quote;
    private final byte[] nullText;
    private byte[] buffer = new byte[FLUSH_AT * 2];
    private int length;
    private boolean failed;
    private boolean closed;

    private CsvWriter(OutputStream out, AtomicFileOutput file, Schema schema, CsvWriteOptions options) {
        this.out = out;
        this.file = file;
        this.schema = schema;
        this.options = options;
        this.delimiter = (byte) options.delimiter();
        this.quote = (byte) options.quote();
        this.nullText = options.nullText().getBytes(StandardCharsets.UTF_8);
        if (options.header()) {
            for (int c = 0; c < schema.fields().size(); c++) {
                if (c > 0) {
                    put(delimiter);
                }
                text(schema.field(c).name().getBytes(StandardCharsets.UTF_8));
            }
            put((byte) '\n');
        }
    }

    /**
     * Writes a file atomically, with {@link CsvWriteOptions#forFile} (tab-separated for {@code .tsv}).
     *
     * @param path the file, replaced when the writer closes after a success
     * @param schema the schema of every batch
     * @return the writer
     * @throws CsvException if the file cannot be created
     */
    public static CsvWriter open(Path path, Schema schema) {
        return open(path, schema, CsvWriteOptions.forFile(path));
    }

    /**
     * Writes a file atomically.
     *
     * @param path the file, replaced when the writer closes after a success
     * @param schema the schema of every batch
     * @param options how to write
     * @return the writer
     * @throws CsvException if the file cannot be created
     */
    public static CsvWriter open(Path path, Schema schema, CsvWriteOptions options) {
        try {
            AtomicFileOutput file = AtomicFileOutput.create(path);
            return new CsvWriter(file.stream(), file, schema, options);
        } catch (IOException e) {
            throw new CsvException(path + ": cannot create: " + e.getMessage(), e);
        }
    }

    /**
     * Writes to a stream, closed with the writer.
     *
     * @param out the output
     * @param schema the schema of every batch
     * @param options how to write
     * @return the writer
     */
    public static CsvWriter open(OutputStream out, Schema schema, CsvWriteOptions options) {
        return new CsvWriter(out, null, schema, options);
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public void write(RecordBatch batch, Map<String, String> metadata) {
        if (closed) {
            throw new IllegalStateException("the writer is closed");
        }
        try {
            if (!metadata.isEmpty()) {
                throw new CsvException("CSV has no place for a batch's metadata " + metadata);
            }
            if (!batch.schema().equals(schema)) {
                throw new CsvException("a batch of schema " + batch.schema() + " where the writer's is " + schema);
            }
            int width = batch.columns().size();
            for (long r = 0; r < batch.rowCount(); r++) {
                for (int c = 0; c < width; c++) {
                    if (c > 0) {
                        put(delimiter);
                    }
                    value(batch.column(c), r);
                }
                put((byte) '\n');
                if (length >= FLUSH_AT) {
                    flush();
                }
            }
        } catch (RuntimeException e) {
            failed = true;
            throw e;
        }
    }

    private void value(Array array, long r) {
        if (array.isNull(r)) {
            put(nullText);
            return;
        }
        switch (array.type()) {
            case ArrowType.Int t -> {
                long v = integer(array, r);
                ascii(t.bitWidth() == 64 && !t.signed() ? Long.toUnsignedString(v) : Long.toString(v));
            }
            case ArrowType.FloatingPoint t -> ascii(switch (array) {
                case Float32Array a -> Float.toString(a.get(r));
                case Float64Array a -> Double.toString(a.get(r));
                default -> String.valueOf(array.getObject(r));
            });
            case ArrowType.Bool t -> ascii(((BooleanArray) array).get(r) ? "true" : "false");
            case ArrowType.Date t -> {
                long v = ((DateArray) array).get(r);
                ascii(java.time.LocalDate.ofEpochDay(t.unit() == DateUnit.DAY ? v : Math.floorDiv(v, 86_400_000L))
                        .toString());
            }
            case ArrowType.Time t -> {
                long v = ((TimeArray) array).get(r);
                long perSecond = t.unit().perSecond();
                clock(Math.floorDiv(v, perSecond), Math.floorMod(v, perSecond), t.unit());
            }
            case ArrowType.Timestamp t -> timestamp(((TimestampArray) array).get(r), t);
            case ArrowType.Decimal t -> ascii(Values.format(((DecimalArray) array).getBigDecimal(r)));
            case ArrowType.Utf8 t -> text(((VarBinaryArray) array).getBytes(r));
            case ArrowType.LargeUtf8 t -> text(((VarBinaryArray) array).getBytes(r));
            case ArrowType.Binary t -> ascii(HexFormat.of().formatHex(((VarBinaryArray) array).getBytes(r)));
            case ArrowType.LargeBinary t -> ascii(HexFormat.of().formatHex(((VarBinaryArray) array).getBytes(r)));
            case ArrowType.Dictionary t -> {
                DictionaryArray d = (DictionaryArray) array;
                value(d.dictionary(), d.getIndex(r));
            }
            default -> {
                Object o = array.getObject(r);
                text((o instanceof byte[] bytes ? HexFormat.of().formatHex(bytes) : String.valueOf(o))
                        .getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    private static long integer(Array array, long r) {
        Object o = array.getObject(r);
        return o instanceof java.math.BigInteger big ? big.longValue() : ((Number) o).longValue();
    }

    /** {@code HH:MM:SS} and the fraction in the unit's digits. */
    private void clock(long secondOfDay, long fraction, TimeUnit unit) {
        two(secondOfDay / 3600);
        put((byte) ':');
        two(secondOfDay / 60 % 60);
        put((byte) ':');
        two(secondOfDay % 60);
        int digits = unit.fractionDigits();
        if (digits > 0) {
            put((byte) '.');
            String f = Long.toString(fraction);
            for (int k = f.length(); k < digits; k++) {
                put((byte) '0');
            }
            ascii(f);
        }
    }

    private void timestamp(long v, ArrowType.Timestamp t) {
        long perSecond = t.unit().perSecond();
        long seconds = Math.floorDiv(v, perSecond);
        long fraction = Math.floorMod(v, perSecond);
        long day = Math.floorDiv(seconds, 86_400L);
        ascii(java.time.LocalDate.ofEpochDay(day).toString());
        put((byte) 'T');
        clock(seconds - day * 86_400L, fraction, t.unit());
        if (t.timezone() != null) {
            put((byte) 'Z');
        }
    }

    private void two(long v) {
        put((byte) ('0' + v / 10));
        put((byte) ('0' + v % 10));
    }

    private void ascii(String s) {
        ensure(s.length());
        for (int i = 0; i < s.length(); i++) {
            buffer[length++] = (byte) s.charAt(i);
        }
    }

    /** Text, quoted when it holds the delimiter, the quote or a line break, or is empty. */
    private void text(byte[] bytes) {
        boolean needs = bytes.length == 0;
        int quotes = 0;
        for (byte b : bytes) {
            if (b == delimiter || b == '\n' || b == '\r') {
                needs = true;
            } else if (b == quote) {
                needs = true;
                quotes++;
            }
        }
        if (!needs) {
            put(bytes);
            return;
        }
        ensure(bytes.length + quotes + 2);
        buffer[length++] = quote;
        for (byte b : bytes) {
            buffer[length++] = b;
            if (b == quote) {
                buffer[length++] = quote;
            }
        }
        buffer[length++] = quote;
    }

    private void put(byte b) {
        ensure(1);
        buffer[length++] = b;
    }

    private void put(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buffer, length, bytes.length);
        length += bytes.length;
    }

    private void ensure(int n) {
        if (length + n > buffer.length) {
            buffer = java.util.Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + n));
        }
    }

    private void flush() {
        try {
            out.write(buffer, 0, length);
            length = 0;
        } catch (IOException e) {
            failed = true;
            throw new CsvException("cannot write CSV: " + e.getMessage(), e);
        }
    }

    /** Writes what is buffered and closes the output; a file written without failure is moved into place. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (!failed) {
                flush();
                out.flush();
            }
            if (file == null) {
                out.close();
            } else {
                if (!failed) {
                    file.commit();
                }
                file.close();
            }
        } catch (IOException e) {
            throw new CsvException("cannot write CSV: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "CsvWriter[" + schema.fields().stream().map(Field::name).toList() + ", " + options + "]";
    }
}
