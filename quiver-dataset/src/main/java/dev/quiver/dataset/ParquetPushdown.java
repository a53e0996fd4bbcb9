// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.compute.expr.Call;
import dev.quiver.compute.expr.Expression;
import dev.quiver.compute.expr.FieldRef;
import dev.quiver.compute.expr.Literal;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Schema;
import dev.quiver.parquet.ParquetPredicate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A scan filter translated, where it can be, into a {@link ParquetPredicate}, which lets a Parquet file
 * skip the row groups and pages its statistics, column index and bloom filters prove cannot match. Only
 * what translates exactly is pushed: a conjunct that does not translate is left out (the files then skip
 * less), and the rows read are still filtered by the whole expression.
 */
final class ParquetPushdown {
    private static final Map<String, ParquetPredicate.Op> OPS = Map.of("equal", ParquetPredicate.Op.EQ,
            "not_equal", ParquetPredicate.Op.NE, "less", ParquetPredicate.Op.LT, "less_equal", ParquetPredicate.Op.LE,
            "greater", ParquetPredicate.Op.GT, "greater_equal", ParquetPredicate.Op.GE);
    private static final Map<ParquetPredicate.Op, ParquetPredicate.Op> FLIPPED = Map.of(
            ParquetPredicate.Op.EQ, ParquetPredicate.Op.EQ, ParquetPredicate.Op.NE, ParquetPredicate.Op.NE,
            ParquetPredicate.Op.LT, ParquetPredicate.Op.GT, ParquetPredicate.Op.LE, ParquetPredicate.Op.GE,
            ParquetPredicate.Op.GT, ParquetPredicate.Op.LT, ParquetPredicate.Op.GE, ParquetPredicate.Op.LE);

    private ParquetPushdown() {
    }

    /**
     * The part of a filter a Parquet file can use to skip data.
     *
     * @param filter the scan's filter
     * @param files the columns of the files (not the partition keys), with the dataset's types
     * @return the predicate, or null when nothing translates
     */
    static ParquetPredicate translate(Expression filter, Schema files) {
        List<ParquetPredicate> parts = new ArrayList<>();
        for (Expression conjunct : ScanFilter.conjuncts(filter)) {
            ParquetPredicate p = one(conjunct, files);
            if (p != null) {
                parts.add(p);
            }
        }
        return parts.isEmpty() ? null : parts.size() == 1 ? parts.getFirst() : new ParquetPredicate.And(parts);
    }

    private static ParquetPredicate one(Expression e, Schema files) {
        if (!(e instanceof Call call)) {
            return null;
        }
        List<Expression> args = call.arguments();
        if ((call.function().equals("or_kleene") || call.function().equals("or")) && !args.isEmpty()) {
            List<ParquetPredicate> alternatives = new ArrayList<>();
            for (Expression argument : args) {
                ParquetPredicate p = one(argument, files);
                if (p == null) {
                    return null;
                }
                alternatives.add(p);
            }
            return new ParquetPredicate.Or(alternatives);
        }
        if ((call.function().equals("is_null") || call.function().equals("is_valid")) && args.size() == 1
                && args.getFirst() instanceof FieldRef f && column(f, files) != null) {
            return new ParquetPredicate.IsNull(column(f, files), call.function().equals("is_valid"));
        }
        ParquetPredicate.Op op = OPS.get(call.function());
        if (op == null || args.size() != 2) {
            return null;
        }
        if (args.get(0) instanceof FieldRef f && args.get(1) instanceof Literal l) {
            return comparison(f, op, l, files);
        }
        if (args.get(0) instanceof Literal l && args.get(1) instanceof FieldRef f) {
            return comparison(f, FLIPPED.get(op), l, files);
        }
        return null;
    }

    private static ParquetPredicate comparison(FieldRef field, ParquetPredicate.Op op, Literal literal, Schema files) {
        String column = column(field, files);
        Object value = literal.value();
        if (column == null || value == null) {
            return null;
        }
        ArrowType type = files.field(column).type();
        boolean fits = switch (type) {
            case ArrowType.Int i -> (value instanceof Long || value instanceof Integer) && (i.signed() || i.bitWidth() < 64);
            case ArrowType.FloatingPoint f -> value instanceof Double || value instanceof Float;
            case ArrowType.Utf8 u -> value instanceof String;
            case ArrowType.LargeUtf8 u -> value instanceof String;
            case ArrowType.Bool b -> value instanceof Boolean;
            default -> false;
        };
        return fits ? new ParquetPredicate.Comparison(column, op, value) : null;
    }

    private static String column(FieldRef field, Schema files) {
        return field.path().size() == 1 && files.indexOf(field.path().getFirst()) >= 0 ? field.path().getFirst() : null;
    }
}
