// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import java.util.List;
import java.util.Objects;

/**
 * A predicate on a Parquet file's columns, used to skip row groups and pages that cannot hold a matching
 * row (by row-group statistics, the column index and bloom filters). It never removes rows from the row
 * groups or pages that are read: it is a pushdown hint, exact only in what it skips.
 *
 * <p>Literals: {@link Long} or {@link Integer} for integer columns (dates as days, timestamps in the
 * column's unit), {@link Double} or {@link Float} for floating-point columns, {@link String} for string
 * columns, {@code byte[]} for binary ones, {@link Boolean} for booleans.
 */
public sealed interface ParquetPredicate {
    /** A comparison operator. */
    enum Op {
        /** Equal. */
        EQ,
        /** Not equal. */
        NE,
        /** Less than. */
        LT,
        /** Less than or equal. */
        LE,
        /** Greater than. */
        GT,
        /** Greater than or equal. */
        GE
    }

    /**
     * A column compared with a literal.
     *
     * @param column the leaf column's dotted path
     * @param op the operator
     * @param literal the value
     */
    record Comparison(String column, Op op, Object literal) implements ParquetPredicate {
        /**
         * Checks the parts.
         *
         * @throws NullPointerException if one is null
         */
        public Comparison {
            Objects.requireNonNull(column, "column");
            Objects.requireNonNull(op, "op");
            Objects.requireNonNull(literal, "literal");
        }
    }

    /**
     * Whether a column is null (or, negated, not null).
     *
     * @param column the leaf column's dotted path
     * @param negated true for "is not null"
     */
    record IsNull(String column, boolean negated) implements ParquetPredicate {
    }

    /**
     * All of the predicates.
     *
     * @param parts the predicates
     */
    record And(List<ParquetPredicate> parts) implements ParquetPredicate {
        /**
         * Copies the parts.
         */
        public And {
            parts = List.copyOf(parts);
        }
    }

    /**
     * Any of the predicates.
     *
     * @param parts the predicates
     */
    record Or(List<ParquetPredicate> parts) implements ParquetPredicate {
        /**
         * Copies the parts.
         */
        public Or {
            parts = List.copyOf(parts);
        }
    }

    /**
     * {@code column == literal}.
     *
     * @param column the leaf column's dotted path
     * @param literal the value
     * @return the predicate
     */
    static ParquetPredicate eq(String column, Object literal) {
        return new Comparison(column, Op.EQ, literal);
    }

    /**
     * {@code column < literal}.
     *
     * @param column the leaf column's dotted path
     * @param literal the value
     * @return the predicate
     */
    static ParquetPredicate lt(String column, Object literal) {
        return new Comparison(column, Op.LT, literal);
    }

    /**
     * {@code column <= literal}.
     *
     * @param column the leaf column's dotted path
     * @param literal the value
     * @return the predicate
     */
    static ParquetPredicate le(String column, Object literal) {
        return new Comparison(column, Op.LE, literal);
    }

    /**
     * {@code column > literal}.
     *
     * @param column the leaf column's dotted path
     * @param literal the value
     * @return the predicate
     */
    static ParquetPredicate gt(String column, Object literal) {
        return new Comparison(column, Op.GT, literal);
    }

    /**
     * {@code column >= literal}.
     *
     * @param column the leaf column's dotted path
     * @param literal the value
     * @return the predicate
     */
    static ParquetPredicate ge(String column, Object literal) {
        return new Comparison(column, Op.GE, literal);
    }

    /**
     * {@code column != literal}.
     *
     * @param column the leaf column's dotted path
     * @param literal the value
     * @return the predicate
     */
    static ParquetPredicate ne(String column, Object literal) {
        return new Comparison(column, Op.NE, literal);
    }

    /**
     * {@code column IS NULL}.
     *
     * @param column the leaf column's dotted path
     * @return the predicate
     */
    static ParquetPredicate isNull(String column) {
        return new IsNull(column, false);
    }

    /**
     * {@code column IS NOT NULL}.
     *
     * @param column the leaf column's dotted path
     * @return the predicate
     */
    static ParquetPredicate isNotNull(String column) {
        return new IsNull(column, true);
    }

    /**
     * All of the predicates.
     *
     * @param parts the predicates
     * @return the conjunction
     */
    static ParquetPredicate and(ParquetPredicate... parts) {
        return new And(List.of(parts));
    }

    /**
     * Any of the predicates.
     *
     * @param parts the predicates
     * @return the disjunction
     */
    static ParquetPredicate or(ParquetPredicate... parts) {
        return new Or(List.of(parts));
    }
}
