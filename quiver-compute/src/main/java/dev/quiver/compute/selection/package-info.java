// SPDX-License-Identifier: Apache-2.0
/**
 * Selection kernels: {@link dev.quiver.compute.selection.Selection} filters, takes, concatenates, drops nulls and
 * slices arrays, chunked arrays, record batches and tables.
 */
package dev.quiver.compute.selection;
