// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import dev.quiver.cli.CliException;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Reads a UTF-8 CSV file (a byte order mark at the start is dropped) with a header line into record
 * batches: column types are given or inferred from every value (see {@link CsvInference}); an empty field
 * is null.
 */
public final class CsvInput {
    /** Rows per record batch. */
    public static final int BATCH_ROWS = 65_536;
    /** The most characters of a field an error message quotes. */
    private static final int MAX_QUOTED = 40;

    private CsvInput() {
    }

    /** Reads the whole file; {@code given} types override inference for the columns they name. */
    public static RecordBatchReader read(Path path, Map<String, ArrowType> given) throws IOException {
        try {
            List<String> header = header(path);
            Set<String> unknown = new HashSet<>(given.keySet());
            header.forEach(unknown::remove);
            if (!unknown.isEmpty()) {
                throw new CliException("--types names columns that " + path + " does not have: " + unknown,
                        CliException.USAGE);
            }
            Schema schema = new Schema(fields(path, header, given));
            return new Table(schema, batches(path, schema)).reader();
        } catch (CsvParseException e) {
            if (e.getCause() instanceof CliException notUtf8) {
                throw notUtf8;
            }
            throw new CliException(path + ": not valid CSV: " + e.getMessage(), e);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static CsvReader<CsvRecord> open(Path path) throws IOException {
        return CsvReader.builder().skipEmptyLines(true).allowMissingFields(true).allowExtraFields(true)
                .ofCsvRecord(new Utf8Reader(path));
    }

    private static List<String> header(Path path) throws IOException {
        try (CsvReader<CsvRecord> reader = open(path)) {
            var records = reader.iterator();
            if (!records.hasNext()) {
                throw new CliException(path + ": empty CSV file (a header line is needed)");
            }
            return records.next().getFields();
        }
    }

    private static List<Field> fields(Path path, List<String> header, Map<String, ArrowType> given) throws IOException {
        CsvInference[] inference = new CsvInference[header.size()];
        for (int c = 0; c < inference.length; c++) {
            inference[c] = new CsvInference();
        }
        try (CsvReader<CsvRecord> reader = open(path)) {
            boolean first = true;
            for (CsvRecord record : reader) {
                if (first) {
                    first = false;
                    continue;
                }
                checkWidth(path, record, header.size());
                for (int c = 0; c < inference.length; c++) {
                    if (!given.containsKey(header.get(c))) {
                        inference[c].see(record.getField(c));
                    }
                }
            }
        }
        List<Field> fields = new ArrayList<>();
        for (int c = 0; c < inference.length; c++) {
            ArrowType type = given.getOrDefault(header.get(c), inference[c].type());
            fields.add(Field.nullable(header.get(c), type));
        }
        return fields;
    }

    private static void checkWidth(Path path, CsvRecord record, int width) {
        if (record.getFieldCount() != width) {
            throw new CliException(path + ", line " + record.getStartingLineNumber() + ": " + record.getFieldCount()
                    + " fields where the header has " + width);
        }
    }

    private static List<RecordBatch> batches(Path path, Schema schema) throws IOException {
        int width = schema.fields().size();
        List<ArrayBuilder> builders = new ArrayList<>();
        for (Field field : schema.fields()) {
            builders.add(ArrayBuilder.of(field.type()));
        }
        List<RecordBatch> batches = new ArrayList<>();
        int rows = 0;
        try (CsvReader<CsvRecord> reader = open(path)) {
            boolean first = true;
            for (CsvRecord record : reader) {
                if (first) {
                    first = false;
                    continue;
                }
                checkWidth(path, record, width);
                for (int c = 0; c < width; c++) {
                    Field field = schema.field(c);
                    builders.get(c).appendObject(parse(record.getField(c), field.type(),
                            () -> path + ", line " + record.getStartingLineNumber() + ", column " + field.name()));
                }
                if (++rows == BATCH_ROWS) {
                    batches.add(build(schema, builders, rows));
                    rows = 0;
                }
            }
        }
        if (rows > 0 || batches.isEmpty()) {
            batches.add(build(schema, builders, rows));
        }
        return batches;
    }

    private static RecordBatch build(Schema schema, List<ArrayBuilder> builders, int rows) {
        List<Array> columns = new ArrayList<>();
        for (ArrayBuilder builder : builders) {
            columns.add(builder.build());
        }
        return new RecordBatch(schema, columns, rows);
    }

    /** The value of a field as the builder of {@code type} takes it; empty is null. */
    static Object parse(String text, ArrowType type, Supplier<String> place) {
        if (text.isEmpty()) {
            return null;
        }
        try {
            return switch (type) {
                case ArrowType.Int t -> integer(text.trim(), t);
                case ArrowType.FloatingPoint t -> Double.parseDouble(text.trim());
                case ArrowType.Bool t -> bool(text.trim());
                case ArrowType.Date t -> (int) LocalDate.parse(text.trim()).toEpochDay();
                case ArrowType.Decimal t -> new BigDecimal(text.trim()).setScale(t.scale());
                default -> text;
            };
        } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
            throw new CliException(place.get() + ": '" + quoted(text) + "' is not a " + type);
        }
    }

    /** The text of a field as an error message quotes it: cut when long. */
    private static String quoted(String text) {
        return text.length() <= MAX_QUOTED ? text : text.substring(0, MAX_QUOTED) + "…";
    }

    private static Object integer(String text, ArrowType.Int type) {
        CsvInference.Number shape = CsvInference.Number.scan(text);
        if (shape == null || shape.kind() != CsvInference.Number.Kind.INTEGER || shape.integerDigits() > 20) {
            throw new NumberFormatException("not a 64-bit integer");
        }
        BigInteger value = new BigInteger(text.startsWith("+") ? text.substring(1) : text);
        BigInteger min = type.signed() ? BigInteger.ONE.shiftLeft(type.bitWidth() - 1).negate() : BigInteger.ZERO;
        BigInteger max = type.signed() ? BigInteger.ONE.shiftLeft(type.bitWidth() - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(type.bitWidth()).subtract(BigInteger.ONE);
        if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
            throw new NumberFormatException("out of range");
        }
        return value;
    }

    private static Boolean bool(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> throw new NumberFormatException("not a boolean");
        };
    }
}
