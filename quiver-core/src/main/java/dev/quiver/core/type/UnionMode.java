// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/** Sparse or dense union (Schema.fbs {@code UnionMode}). */
public enum UnionMode {
    SPARSE, DENSE
}
