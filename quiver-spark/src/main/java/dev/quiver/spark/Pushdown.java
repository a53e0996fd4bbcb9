// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.compute.expr.Expression;
import org.apache.spark.sql.connector.expressions.filter.Predicate;

/**
 * The predicates a source took from a query's filter, and how it uses them.
 *
 * @param pushed the predicates the source uses (Spark's {@code pushedPredicates}, shown by {@code EXPLAIN})
 * @param postScan the predicates Spark evaluates on the rows read: those the source does not use, and those it
 *     uses only to skip data (Parquet statistics), which leave other rows in
 * @param keyFilter the predicates on partition keys alone, as one quiver-compute expression over the keys, which
 *     decides exactly which files are read; null for none
 * @param statistics the predicates a Parquet file's statistics may use to skip row groups and pages
 */
record Pushdown(Predicate[] pushed, Predicate[] postScan, Expression keyFilter, Predicate[] statistics) {
    /**
     * Nothing taken: every predicate is Spark's to evaluate.
     *
     * @param predicates the query's predicates
     * @return the pushdown
     */
    static Pushdown none(Predicate[] predicates) {
        return new Pushdown(new Predicate[0], predicates, null, new Predicate[0]);
    }
}
