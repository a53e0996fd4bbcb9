// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.compute.expr.Expression;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.Precision;
import dev.quiver.core.type.Schema;
import dev.quiver.parquet.ParquetPredicate;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Spark's V2 predicates translated for Quiver: into quiver-compute expressions (exactly, with SQL's
 * three-valued logic, to decide partition keys) and into {@link ParquetPredicate}s (to skip Parquet row
 * groups and pages by their statistics). Translated: {@code =}, {@code <>}, {@code <}, {@code <=},
 * {@code >}, {@code >=} between a top-level column and a literal, {@code IN} of literals, {@code IS NULL},
 * {@code IS NOT NULL}, {@code AND}, {@code OR}, {@code NOT} and {@code STARTS_WITH}; anything else is not.
 */
final class SparkPredicates {
    private static final Map<String, String> COMPARISONS = Map.of("=", "equal", "<>", "not_equal", "<", "less",
            "<=", "less_equal", ">", "greater", ">=", "greater_equal");
    /** A comparison with its sides swapped: {@code 1 < x} is {@code x > 1}. */
    private static final Map<String, String> FLIPPED = Map.of("=", "=", "<>", "<>", "<", ">", "<=", ">=",
            ">", "<", ">=", "<=");
    private static final Map<String, ParquetPredicate.Op> PARQUET_OPS = Map.of("=", ParquetPredicate.Op.EQ,
            "<>", ParquetPredicate.Op.NE, "<", ParquetPredicate.Op.LT, "<=", ParquetPredicate.Op.LE,
            ">", ParquetPredicate.Op.GT, ">=", ParquetPredicate.Op.GE);

    private SparkPredicates() {
    }

    /**
     * The top-level columns a predicate names.
     *
     * @param predicate the predicate
     * @return the names (a nested reference counts as its top-level column)
     */
    static Set<String> columns(Predicate predicate) {
        Set<String> names = new LinkedHashSet<>();
        for (NamedReference ref : predicate.references()) {
            names.add(ref.fieldNames()[0]);
        }
        return names;
    }

    /**
     * A predicate as a quiver-compute expression over some columns, exactly: for every row it is true, false
     * or null where Spark's evaluation is.
     *
     * @param predicate the predicate
     * @param types the columns it may name and their Spark types
     * @return the expression, or null when the predicate does not translate whole
     */
    static Expression toExpression(org.apache.spark.sql.connector.expressions.Expression predicate,
            Map<String, DataType> types) {
        if (!(predicate instanceof Predicate p)) {
            return null;
        }
        org.apache.spark.sql.connector.expressions.Expression[] c = p.children();
        return switch (p.name()) {
            case "=", "<>", "<", "<=", ">", ">=" -> comparison(p.name(), c, types);
            case "IN" -> in(c, types);
            case "IS_NULL", "IS_NOT_NULL" -> {
                String column = c.length == 1 ? column(c[0], types.keySet()) : null;
                yield column == null ? null : Expression.call(p.name().equals("IS_NULL") ? "is_null" : "is_valid",
                        Expression.field(column));
            }
            case "AND", "OR" -> {
                Expression left = toExpression(c[0], types);
                Expression right = toExpression(c[1], types);
                yield left == null || right == null ? null
                        : Expression.call(p.name().equals("AND") ? "and_kleene" : "or_kleene", left, right);
            }
            case "NOT" -> {
                Expression inner = toExpression(c[0], types);
                yield inner == null ? null : Expression.call("invert", inner);
            }
            case "STARTS_WITH" -> startsWith(c, types);
            default -> null;
        };
    }

    private static Expression comparison(String op, org.apache.spark.sql.connector.expressions.Expression[] c,
            Map<String, DataType> types) {
        if (c.length != 2) {
            return null;
        }
        String column = column(c[0], types.keySet());
        Object value = column == null ? null : value(c[1], types.get(column));
        String function = COMPARISONS.get(op);
        if (column == null) {
            column = column(c[1], types.keySet());
            value = column == null ? null : value(c[0], types.get(column));
            function = COMPARISONS.get(FLIPPED.get(op));
        }
        return value == null ? null : Expression.call(function, Expression.field(column), Expression.literal(value));
    }

    /** {@code x IN (a, b)} as {@code x = a OR x = b}: null where Spark's IN is null (x null, no match). */
    private static Expression in(org.apache.spark.sql.connector.expressions.Expression[] c,
            Map<String, DataType> types) {
        String column = c.length > 1 ? column(c[0], types.keySet()) : null;
        if (column == null) {
            return null;
        }
        Expression any = null;
        for (int k = 1; k < c.length; k++) {
            Object value = value(c[k], types.get(column));
            if (value == null) {
                return null;
            }
            Expression equal = Expression.call("equal", Expression.field(column), Expression.literal(value));
            any = any == null ? equal : Expression.call("or_kleene", any, equal);
        }
        return any;
    }

    /**
     * {@code STARTS_WITH(x, 'ab')} as {@code x >= 'ab' AND x < 'ac'}: UTF-8's byte order is its code points'
     * order, so the strings from the prefix up to (not including) the prefix with its last code point raised
     * are exactly those starting with it.
     */
    private static Expression startsWith(org.apache.spark.sql.connector.expressions.Expression[] c,
            Map<String, DataType> types) {
        String column = c.length == 2 ? column(c[0], types.keySet()) : null;
        if (column == null || !(types.get(column) instanceof StringType)
                || !(value(c[1], types.get(column)) instanceof String prefix)) {
            return null;
        }
        Expression field = Expression.field(column);
        if (prefix.isEmpty()) {
            return Expression.call("is_valid", field);
        }
        Expression from = Expression.call("greater_equal", field, Expression.literal(prefix));
        String upper = upperBound(prefix);
        return upper == null ? from
                : Expression.call("and_kleene", from, Expression.call("less", field, Expression.literal(upper)));
    }

    /** The prefix with its last code point raised by one, or null when it is the last code point. */
    static String upperBound(String prefix) {
        int last = prefix.codePointBefore(prefix.length());
        int next = last + 1 == Character.MIN_SURROGATE ? Character.MAX_SURROGATE + 1 : last + 1;
        if (next > Character.MAX_CODE_POINT) {
            return null;
        }
        return prefix.substring(0, prefix.length() - Character.charCount(last)) + Character.toString(next);
    }

    /**
     * A predicate as a Parquet pushdown hint over a file's columns: what it returns skips only row groups
     * and pages where no row can match. A conjunct that does not translate is left out.
     *
     * @param predicate the predicate
     * @param file the file's Arrow schema
     * @return the hint, or null when nothing translates
     */
    static ParquetPredicate toParquet(org.apache.spark.sql.connector.expressions.Expression predicate, Schema file) {
        if (!(predicate instanceof Predicate p)) {
            return null;
        }
        org.apache.spark.sql.connector.expressions.Expression[] c = p.children();
        return switch (p.name()) {
            case "=", "<>", "<", "<=", ">", ">=" -> parquetComparison(p.name(), c, file);
            case "IN" -> {
                if (c.length < 2) {
                    yield null;
                }
                List<ParquetPredicate> any = new ArrayList<>();
                for (int k = 1; k < c.length; k++) {
                    ParquetPredicate equal = parquetComparison("=", new org.apache.spark.sql.connector.expressions
                            .Expression[] {c[0], c[k]}, file);
                    if (equal == null) {
                        yield null;
                    }
                    any.add(equal);
                }
                yield any.size() == 1 ? any.getFirst() : new ParquetPredicate.Or(any);
            }
            case "IS_NULL", "IS_NOT_NULL" -> {
                String column = c.length == 1 ? parquetColumn(c[0], file) : null;
                yield column == null ? null : new ParquetPredicate.IsNull(column, p.name().equals("IS_NOT_NULL"));
            }
            case "AND" -> {
                ParquetPredicate left = toParquet(c[0], file);
                ParquetPredicate right = toParquet(c[1], file);
                yield left == null ? right : right == null ? left : new ParquetPredicate.And(List.of(left, right));
            }
            case "OR" -> {
                ParquetPredicate left = toParquet(c[0], file);
                ParquetPredicate right = toParquet(c[1], file);
                yield left == null || right == null ? null : new ParquetPredicate.Or(List.of(left, right));
            }
            case "STARTS_WITH" -> {
                String column = c.length == 2 ? parquetColumn(c[0], file) : null;
                Object literal = column == null ? null : parquetLiteral(c[1], file.field(column).type());
                if (!(literal instanceof String prefix) || prefix.isEmpty()) {
                    yield null;
                }
                ParquetPredicate from = new ParquetPredicate.Comparison(column, ParquetPredicate.Op.GE, prefix);
                String upper = upperBound(prefix);
                yield upper == null ? from : new ParquetPredicate.And(List.of(from,
                        new ParquetPredicate.Comparison(column, ParquetPredicate.Op.LT, upper)));
            }
            default -> null;
        };
    }

    private static ParquetPredicate parquetComparison(String op,
            org.apache.spark.sql.connector.expressions.Expression[] c, Schema file) {
        if (c.length != 2) {
            return null;
        }
        String column = parquetColumn(c[0], file);
        Object literal = column == null ? null : parquetLiteral(c[1], file.field(column).type());
        String effective = op;
        if (column == null) {
            column = parquetColumn(c[1], file);
            literal = column == null ? null : parquetLiteral(c[0], file.field(column).type());
            effective = FLIPPED.get(op);
        }
        return literal == null ? null : new ParquetPredicate.Comparison(column, PARQUET_OPS.get(effective), literal);
    }

    private static String parquetColumn(org.apache.spark.sql.connector.expressions.Expression e, Schema file) {
        return e instanceof NamedReference ref && ref.fieldNames().length == 1 && file.indexOf(ref.fieldNames()[0]) >= 0
                ? ref.fieldNames()[0] : null;
    }

    /** A literal in the class the Parquet hint takes for the column's Arrow type, or null if it does not fit. */
    private static Object parquetLiteral(org.apache.spark.sql.connector.expressions.Expression e, ArrowType type) {
        if (!(e instanceof Literal<?> literal) || literal.value() == null) {
            return null;
        }
        Object v = literal.value();
        DataType t = literal.dataType();
        return switch (type) {
            case ArrowType.Int i when (i.signed() || i.bitWidth() < 64) && (t instanceof IntegerType
                    || t instanceof LongType || t instanceof ShortType || t instanceof ByteType) -> ((Number) v).longValue();
            case ArrowType.FloatingPoint f when f.precision() != Precision.HALF
                    && (t instanceof DoubleType || t instanceof FloatType) -> ((Number) v).doubleValue();
            case ArrowType.Utf8 u when t.equals(org.apache.spark.sql.types.DataTypes.StringType) -> v.toString();
            case ArrowType.LargeUtf8 u when t.equals(org.apache.spark.sql.types.DataTypes.StringType) -> v.toString();
            case ArrowType.Bool b when t instanceof BooleanType -> v;
            case ArrowType.Date d when d.unit() == DateUnit.DAY && t instanceof DateType -> v;
            default -> null;
        };
    }

    private static String column(org.apache.spark.sql.connector.expressions.Expression e, Set<String> names) {
        return e instanceof NamedReference ref && ref.fieldNames().length == 1 && names.contains(ref.fieldNames()[0])
                ? ref.fieldNames()[0] : null;
    }

    /**
     * A Spark literal as the Java value a quiver-compute literal takes for a column of a Spark type, or null
     * when it is no literal, is null, or its type is not the column's.
     */
    private static Object value(org.apache.spark.sql.connector.expressions.Expression e, DataType column) {
        if (!(e instanceof Literal<?> literal) || literal.value() == null
                || !literal.dataType().equals(column)) {
            return null;
        }
        Object v = literal.value();
        return switch (column) {
            case StringType s -> ((UTF8String) v).toString();
            case IntegerType i -> v;
            case LongType l -> v;
            case ShortType s -> ((Number) v).intValue();
            case ByteType b -> ((Number) v).intValue();
            case DoubleType d -> v;
            case FloatType f -> ((Number) v).doubleValue();
            case BooleanType b -> v;
            case DateType d -> LocalDate.ofEpochDay((Integer) v);
            default -> null;
        };
    }
}
