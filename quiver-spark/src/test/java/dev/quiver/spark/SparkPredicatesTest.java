// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.parquet.ParquetPredicate;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.expressions.Cast;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.filter.And;
import org.apache.spark.sql.connector.expressions.filter.Not;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/** Spark's predicates as quiver-compute expressions (exact) and Parquet hints (what statistics can use). */
class SparkPredicatesTest {
    private static final Map<String, DataType> KEYS = Map.of("region", DataTypes.StringType, "year",
            DataTypes.IntegerType);
    private static final Schema FILE = Schema.of(Field.nullable("id", ArrowType.INT64),
            Field.nullable("name", ArrowType.UTF8), Field.nullable("score", ArrowType.FLOAT64));

    private static Predicate p(String name, Expression... children) {
        return new Predicate(name, children);
    }

    private static Expression col(String name) {
        return Expressions.column(name);
    }

    private static Expression str(String s) {
        return new LiteralValue<>(UTF8String.fromString(s), DataTypes.StringType);
    }

    private static Expression i32(int v) {
        return new LiteralValue<>(v, DataTypes.IntegerType);
    }

    private static Expression i64(long v) {
        return new LiteralValue<>(v, DataTypes.LongType);
    }

    @Test
    void comparisonsInAndStartsWithBecomeComputeExpressions() {
        assertEquals("equal(region, 'eu')", String.valueOf(SparkPredicates.toExpression(p("=", col("region"),
                str("eu")), KEYS)));
        assertEquals("greater(year, 2023)", String.valueOf(SparkPredicates.toExpression(p("<", i32(2023),
                col("year")), KEYS)), "a literal on the left: the comparison turned around");
        assertEquals("or_kleene(equal(year, 1), equal(year, 2))", String.valueOf(SparkPredicates.toExpression(
                p("IN", col("year"), i32(1), i32(2)), KEYS)), "IN as ORs of =, null where Spark's IN is null");
        assertEquals("and_kleene(greater_equal(region, 'ab'), less(region, 'ac'))", String.valueOf(
                SparkPredicates.toExpression(p("STARTS_WITH", col("region"), str("ab")), KEYS)));
        assertEquals("invert(is_null(region))", String.valueOf(SparkPredicates.toExpression(
                new Not(p("IS_NULL", col("region"))), KEYS)));
    }

    @Test
    void whatCannotBeDecidedExactlyIsNotTranslated() {
        assertNull(SparkPredicates.toExpression(p("=", col("id"), i64(1)), KEYS), "not a key");
        assertNull(SparkPredicates.toExpression(p("=", col("year"), i64(1)), KEYS), "a literal of another type");
        assertNull(SparkPredicates.toExpression(p("IN", col("year"), i32(1), new LiteralValue<>(null,
                DataTypes.IntegerType)), KEYS), "IN with a null");
        assertNull(SparkPredicates.toExpression(p("=", new Cast(col("year"), DataTypes.LongType), i64(1)), KEYS));
        assertNull(SparkPredicates.toExpression(new And(p("=", col("year"), i32(1)), p("=", col("id"), i64(1))),
                KEYS), "an AND is taken whole or not at all");
        assertNull(SparkPredicates.toExpression(p("ENDS_WITH", col("region"), str("u")), KEYS));
    }

    @Test
    void parquetHintsKeepWhatTranslates() {
        assertEquals(new ParquetPredicate.Comparison("id", ParquetPredicate.Op.GT, 5L),
                SparkPredicates.toParquet(p("<", i64(5), col("id")), FILE));
        assertEquals(new ParquetPredicate.Comparison("id", ParquetPredicate.Op.LT, 5L), SparkPredicates.toParquet(
                new And(p("<", col("id"), i64(5)), p("=", col("region"), str("eu"))), FILE),
                "the half of an AND that translates still skips row groups");
        assertNull(SparkPredicates.toParquet(new org.apache.spark.sql.connector.expressions.filter.Or(
                p("<", col("id"), i64(5)), p("=", col("region"), str("eu"))), FILE), "an OR needs both sides");
        assertEquals(new ParquetPredicate.And(List.of(new ParquetPredicate.Comparison("name", ParquetPredicate.Op.GE,
                "n-"), new ParquetPredicate.Comparison("name", ParquetPredicate.Op.LT, "n."))),
                SparkPredicates.toParquet(p("STARTS_WITH", col("name"), str("n-")), FILE));
        assertNull(SparkPredicates.toParquet(new Not(p("=", col("id"), i64(5))), FILE));
        assertEquals(new ParquetPredicate.IsNull("score", true), SparkPredicates.toParquet(p("IS_NOT_NULL",
                col("score")), FILE));
    }

    @Test
    void theUpperBoundOfAPrefixRaisesItsLastCodePoint() {
        assertEquals("ac", SparkPredicates.upperBound("ab"));
        assertEquals("a\uE000", SparkPredicates.upperBound("a\uD7FF"), "past the surrogates");
        assertEquals("x" + Character.toString(0x1F601), SparkPredicates.upperBound("x" + Character.toString(0x1F600)));
        assertNull(SparkPredicates.upperBound("z" + Character.toString(Character.MAX_CODE_POINT)));
    }
}
