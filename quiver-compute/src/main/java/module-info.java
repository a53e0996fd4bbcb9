// SPDX-License-Identifier: Apache-2.0
/** Quiver compute: Compute kernels over Arrow arrays, batches and tables: selection, sorting, arithmetic, comparison, casts, strings, temporal, aggregation, hashing and a hash join on the row table. */
module dev.quiver.compute {
    requires transitive dev.quiver.core;
    requires dev.quiver.row;
    exports dev.quiver.compute;
    exports dev.quiver.compute.selection;
    exports dev.quiver.compute.compare;
    exports dev.quiver.compute.sort;
    exports dev.quiver.compute.arithmetic;
    exports dev.quiver.compute.cast;
    exports dev.quiver.compute.expr;
}
