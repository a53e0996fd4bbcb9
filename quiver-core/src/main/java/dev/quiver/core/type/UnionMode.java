package dev.quiver.core.type;

/** Sparse or dense union (Schema.fbs {@code UnionMode}). */
public enum UnionMode {
    SPARSE, DENSE
}
