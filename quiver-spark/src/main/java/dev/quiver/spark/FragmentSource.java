// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.type.Schema;
import java.util.List;

/**
 * Where a scan's data comes from, on the driver: its Arrow schema and its fragments. Each format is one
 * source (Arrow IPC files and streams, a Flight service); Parquet files and datasets come in as further
 * sources, with fragments of their own (row groups), without changing the scan, the vectors or the tables.
 */
interface FragmentSource {
    /**
     * The schema every fragment's batches have.
     *
     * @return the Arrow schema
     */
    Schema schema();

    /**
     * The fragments, one Spark task each.
     *
     * @return the fragments, in the data's order
     */
    List<Fragment> fragments();
}
