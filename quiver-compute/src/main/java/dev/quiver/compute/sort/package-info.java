// SPDX-License-Identifier: Apache-2.0
/**
 * Sorting kernels: {@link dev.quiver.compute.sort.Sorting} gives stable sort_indices, sort, select_k and rank over
 * arrays, batches and tables on several keys.
 */
package dev.quiver.compute.sort;
