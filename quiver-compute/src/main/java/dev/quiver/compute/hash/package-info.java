// SPDX-License-Identifier: Apache-2.0
/** Hashing kernels: unique, value_counts and dictionary_encode, and the row-table key grouper they and the hash join share. */
package dev.quiver.compute.hash;
