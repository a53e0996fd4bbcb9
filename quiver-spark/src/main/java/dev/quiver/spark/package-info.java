// SPDX-License-Identifier: Apache-2.0
/** Quiver Spark: A Spark 4.2 DataSource V2 connector for Arrow IPC files, datasets and Flight services, reading Quiver arrays in place as Spark column vectors. */
package dev.quiver.spark;
