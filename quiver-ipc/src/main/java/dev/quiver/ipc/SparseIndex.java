// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.type.ArrowType;
import java.util.List;
import java.util.Objects;

/**
 * Where the non-zero values of a {@link SparseTensor} lie, in one of the three forms of Arrow's
 * {@code SparseTensor.fbs}. Index values are held in integer {@link Tensor}s, zero-copy over the
 * message body when read. The records check only their own shape; {@link SparseTensor}'s constructor
 * checks them against the tensor's shape and non-zero count.
 */
public sealed interface SparseIndex permits SparseIndex.Coo, SparseIndex.Csx, SparseIndex.Csf {

    /** The four sparse formats: coordinate, compressed row, compressed column, compressed fiber. */
    enum Format {
        /** Coordinate list ({@link Coo}). */
        COO,
        /** Compressed sparse row ({@link Csx} compressing rows). */
        CSR,
        /** Compressed sparse column ({@link Csx} compressing columns). */
        CSC,
        /** Compressed sparse fiber ({@link Csf}). */
        CSF
    }

    /** Which axis of a matrix a {@link Csx} index compresses. */
    enum Axis {
        /** Rows: {@code indptr} has one entry per row plus one, {@code indices} are column numbers. */
        ROW,
        /** Columns: {@code indptr} has one entry per column plus one, {@code indices} are row numbers. */
        COLUMN
    }

    /**
     * The format of this index.
     *
     * @return the format
     */
    Format format();

    /**
     * The coordinate (COO) index: an N×M matrix of N non-zeros' coordinates in M dimensions.
     *
     * @param indices the coordinates, a two-dimensional integer tensor of shape [non-zero count, ndim]
     * @param canonical whether the coordinates are sorted row-major with no duplicates (checked by
     *     {@link SparseTensor}'s constructor when true)
     */
    record Coo(Tensor indices, boolean canonical) implements SparseIndex {
        /**
         * The index.
         *
         * @param indices the coordinates
         * @param canonical whether they are sorted and unique
         * @throws IllegalArgumentException if {@code indices} is not a two-dimensional integer tensor
         */
        public Coo {
            checkInts(indices, 2, "COO indices");
        }

        @Override
        public Format format() {
            return Format.COO;
        }
    }

    /**
     * The compressed sparse row or column (CSR/CSC) index of a matrix: non-zeros of row (column)
     * {@code i} are values {@code indptr[i]} to {@code indptr[i+1]}, and {@code indices} holds their
     * column (row) numbers.
     *
     * @param axis the compressed axis
     * @param indptr one-dimensional, one more entry than the compressed axis has, from 0 rising to the
     *     non-zero count
     * @param indices one-dimensional, one entry per non-zero
     */
    record Csx(Axis axis, Tensor indptr, Tensor indices) implements SparseIndex {
        /**
         * The index.
         *
         * @param axis the compressed axis
         * @param indptr the ranges of each compressed row or column
         * @param indices the other coordinate of each non-zero
         * @throws IllegalArgumentException if {@code indptr} or {@code indices} is not a one-dimensional
         *     integer tensor
         */
        public Csx {
            Objects.requireNonNull(axis, "axis");
            checkInts(indptr, 1, "CSX indptr");
            checkInts(indices, 1, "CSX indices");
        }

        @Override
        public Format format() {
            return axis == Axis.ROW ? Format.CSR : Format.CSC;
        }
    }

    /**
     * The compressed sparse fiber (CSF) index: a prefix tree per tensor, one level per dimension in
     * {@code axisOrder}; {@code indices.get(d)} holds the coordinates of the level-d nodes, and the
     * children of node {@code i} of level d are the level-(d+1) nodes {@code indptr.get(d)[i]} to
     * {@code indptr.get(d)[i+1]}. The leaves are the non-zeros, in the order of the values.
     *
     * @param indptr ndim-1 one-dimensional integer tensors
     * @param indices ndim one-dimensional integer tensors
     * @param axisOrder the dimension each level stands for, a permutation of {@code [0, ndim)}
     */
    record Csf(List<Tensor> indptr, List<Tensor> indices, List<Integer> axisOrder) implements SparseIndex {
        /**
         * The index.
         *
         * @param indptr the children's ranges, one tensor per level but the last
         * @param indices the nodes' coordinates, one tensor per level
         * @param axisOrder the dimension of each level
         * @throws IllegalArgumentException if a tensor is not a one-dimensional integer tensor, the indptr
         *     or the indices tensors differ in type, the counts disagree, or {@code axisOrder} is not a
         *     permutation
         */
        public Csf {
            indptr = List.copyOf(indptr);
            indices = List.copyOf(indices);
            axisOrder = List.copyOf(axisOrder);
            int ndim = axisOrder.size();
            if (indices.size() != ndim || indptr.size() != Math.max(ndim - 1, 0)) {
                throw new IllegalArgumentException("CSF index of " + ndim + " levels has " + indices.size()
                        + " indices and " + indptr.size() + " indptr buffers; it needs " + ndim + " and "
                        + Math.max(ndim - 1, 0));
            }
            boolean[] seen = new boolean[ndim];
            for (int axis : axisOrder) {
                if (axis < 0 || axis >= ndim || seen[axis]) {
                    throw new IllegalArgumentException("CSF axis order " + axisOrder + " is not a permutation of [0, "
                            + ndim + ")");
                }
                seen[axis] = true;
            }
            for (int d = 0; d < ndim; d++) {
                checkInts(indices.get(d), 1, "CSF indices " + d);
                if (d < ndim - 1) {
                    checkInts(indptr.get(d), 1, "CSF indptr " + d);
                }
            }
            if (indptr.stream().map(Tensor::type).distinct().count() > 1
                    || indices.stream().map(Tensor::type).distinct().count() > 1) {
                throw new IllegalArgumentException("CSF indptr tensors share one integer type, and indices tensors"
                        + " one; these mix types");
            }
        }

        @Override
        public Format format() {
            return Format.CSF;
        }
    }

    private static void checkInts(Tensor tensor, int ndim, String what) {
        Objects.requireNonNull(tensor, what);
        if (!(tensor.type() instanceof ArrowType.Int) || tensor.ndim() != ndim) {
            throw new IllegalArgumentException(what + " must be a " + ndim + "-dimensional integer tensor, not "
                    + tensor.ndim() + "-dimensional " + tensor.type());
        }
    }
}
