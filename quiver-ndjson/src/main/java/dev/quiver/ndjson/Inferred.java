// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.TimeUnit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the sample showed of one field: the kinds of JSON values seen, and for objects and arrays what their
 * members and elements showed. {@link #type()} turns it into an Arrow type by the rules of
 * {@code docs/ndjson.md}.
 */
final class Inferred {
    private static final int BOOL = 1;
    private static final int INT = 2;
    private static final int BIG_INT = 4;
    private static final int FLOAT = 8;
    private static final int STRING = 16;
    private static final int OBJECT = 32;
    private static final int ARRAY = 64;
    private static final long EXACT_DOUBLE_LIMIT = 1L << 53;
    private static final int DECIMAL128_DIGITS = 38;
    private static final int DECIMAL256_DIGITS = 76;

    private final boolean temporal;
    /** The most fields of the schema and the fields so far, shared by every node of one schema's tree. */
    private final int[] fields;
    private int kinds;
    private boolean inexactInDouble;
    private int bigDigits;
    private boolean allDates = true;
    private boolean allNaive = true;
    private boolean allZoned = true;
    private int fractionDigits;
    private final IsoTemporal.Parsed parsed;
    private Map<String, Inferred> members;
    private Inferred elements;

    private Inferred(boolean temporal, int[] fields) {
        this.temporal = temporal;
        this.fields = fields;
        this.parsed = temporal ? new IsoTemporal.Parsed() : null;
    }

    /**
     * The inference of rows: their members are the schema's fields.
     *
     * @param temporal whether ISO 8601 strings become dates and timestamps
     * @param maxFields the most fields of the schema, at all levels (list elements included)
     */
    static Inferred row(boolean temporal, int maxFields) {
        return new Inferred(temporal, new int[] {maxFields, 0});
    }

    /** A new field of the schema, within the limit of its fields. */
    private Inferred field(JsonParser p) {
        if (fields[1] == fields[0]) {
            throw new NdjsonException(ValueReader.line(p), "", "the inferred schema would have more than " + fields[0]
                    + " fields (NdjsonLimits.withMaxFields; or give a schema and ignore unknown keys)");
        }
        fields[1]++;
        return new Inferred(temporal, fields);
    }

    /** Adds the members of the object the parser is at (a row, or a nested object), up to its end. */
    void observeMembers(JsonParser p) throws IOException {
        if (members == null) {
            members = new LinkedHashMap<>();
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            Inferred member = members.get(name);
            if (member == null) {
                member = field(p);
                members.put(name, member);
            }
            member.observe(p, t);
        }
    }

    /** Adds the value whose first token is {@code t}, consuming it whole. */
    void observe(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case VALUE_NULL -> { }
            case VALUE_TRUE, VALUE_FALSE -> kinds |= BOOL;
            case VALUE_NUMBER_INT -> {
                if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    kinds |= BIG_INT;
                    inexactInDouble = true;
                    String text = p.getText();
                    bigDigits = Math.max(bigDigits, text.length() - (text.startsWith("-") ? 1 : 0));
                } else {
                    kinds |= INT;
                    long v = p.getLongValue();
                    inexactInDouble |= v > EXACT_DOUBLE_LIMIT || v < -EXACT_DOUBLE_LIMIT;
                }
            }
            case VALUE_NUMBER_FLOAT -> kinds |= FLOAT;
            case VALUE_STRING -> {
                kinds |= STRING;
                if (temporal) {
                    observeTemporal(p);
                }
            }
            case START_OBJECT -> {
                kinds |= OBJECT;
                observeMembers(p);
            }
            case START_ARRAY -> {
                kinds |= ARRAY;
                if (elements == null) {
                    elements = field(p);
                }
                JsonToken e;
                while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
                    elements.observe(p, e);
                }
            }
            default -> throw new NdjsonException(ValueReader.line(p), "", "unexpected " + t);
        }
    }

    private void observeTemporal(JsonParser p) throws IOException {
        if (!IsoTemporal.parse(p.getTextCharacters(), p.getTextOffset(), p.getTextLength(), parsed)) {
            allDates = false;
            allNaive = false;
            allZoned = false;
            return;
        }
        allDates &= !parsed.hasTime;
        allNaive &= parsed.hasTime && !parsed.hasOffset;
        allZoned &= parsed.hasTime && parsed.hasOffset;
        fractionDigits = Math.max(fractionDigits, parsed.fractionDigits);
    }

    /** The fields of the members seen, in the order first seen. */
    List<Field> fields() {
        List<Field> fields = new ArrayList<>();
        if (members != null) {
            for (Map.Entry<String, Inferred> e : members.entrySet()) {
                fields.add(Field.nullable(e.getKey(), e.getValue().type()));
            }
        }
        return fields;
    }

    /**
     * The type: null when only nulls were seen; a struct for objects, a list for arrays; int64, float64
     * (integers and fractions, while every integer is exact in a double), decimal for integers beyond int64;
     * bool; utf8 for strings (date32 or timestamp when asked and all strings are such), and utf8 for any
     * other mix, which keeps each value's JSON text.
     */
    ArrowType type() {
        return switch (kinds) {
            case 0 -> ArrowType.NULL;
            case OBJECT -> new ArrowType.Struct(fields());
            case ARRAY -> ArrowType.List.of(elements.type());
            case BOOL -> ArrowType.BOOL;
            case INT -> ArrowType.INT64;
            case FLOAT, INT | FLOAT -> inexactInDouble ? ArrowType.UTF8 : ArrowType.FLOAT64;
            case BIG_INT, BIG_INT | INT -> bigDigits <= DECIMAL128_DIGITS ? new ArrowType.Decimal(DECIMAL128_DIGITS, 0)
                    : bigDigits <= DECIMAL256_DIGITS ? new ArrowType.Decimal(DECIMAL256_DIGITS, 0, 256)
                    : ArrowType.UTF8;
            case STRING -> stringType();
            default -> ArrowType.UTF8;
        };
    }

    private ArrowType stringType() {
        if (!temporal) {
            return ArrowType.UTF8;
        }
        TimeUnit unit = fractionDigits > 6 ? TimeUnit.NANOSECOND : TimeUnit.MICROSECOND;
        if (allDates) {
            return new ArrowType.Date(DateUnit.DAY);
        } else if (allNaive) {
            return new ArrowType.Timestamp(unit, null);
        } else if (allZoned) {
            return new ArrowType.Timestamp(unit, "UTC");
        }
        return ArrowType.UTF8;
    }
}
