// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/** Sparse or dense union (Schema.fbs {@code UnionMode}). */
public enum UnionMode {
    /** Every child is as long as the union; slot {@code i} of the union is slot {@code i} of its child. */
    SPARSE,
    /** Children hold only their own values; a 32-bit offsets buffer says where each slot's value is. */
    DENSE
}
