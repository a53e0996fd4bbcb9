// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.type.Schema;
import java.util.List;
import org.apache.spark.sql.connector.expressions.filter.Predicate;

/**
 * Where a scan's data comes from, on the driver: its Arrow schema and its fragments. Each kind of input is
 * one source (files of Arrow IPC and Parquet, as a dataset; a Flight service), with fragments of its own,
 * without changing the scan, the vectors or the tables.
 */
interface FragmentSource {
    /**
     * The schema of the scan: the data's columns, then the partition keys (if any).
     *
     * @return the Arrow schema
     */
    Schema schema();

    /**
     * The columns of {@link #schema()} whose values come from where a fragment is (a file's directories),
     * not from its data.
     *
     * @return the partition keys' names, in the schema's order; empty by default
     */
    default List<String> partitionKeys() {
        return List.of();
    }

    /**
     * Takes the predicates this source can use to read less. By default none: every predicate is given back
     * to Spark.
     *
     * @param predicates the predicates of the query's filter, all of which must hold
     * @return what the source uses and what Spark still evaluates
     */
    default Pushdown push(Predicate[] predicates) {
        return Pushdown.none(predicates);
    }

    /**
     * Plans the fragments a scan reads.
     *
     * @param pushdown the predicates taken by {@link #push}, or {@link Pushdown#none} of none
     * @return the fragments, in the data's order, and what was left out
     */
    ScanPlan plan(Pushdown pushdown);
}
