// SPDX-License-Identifier: Apache-2.0
/** The hash join on the row table: inner, outer, semi and anti joins of tables on one or several key columns, with a residual filter, on every core. */
package dev.quiver.compute.join;
