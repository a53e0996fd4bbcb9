// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.builder.FixedSizeListBuilder;
import dev.quiver.core.memory.BufferAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Builds {@code arrow.fixed_shape_tensor} arrays, one tensor at a time: from its elements in physical
 * (row-major) order, or from a function giving the element at each logical index.
 *
 * <pre>{@code
 * FixedShapeTensorType type = new FixedShapeTensorType(ArrowType.FLOAT32, List.of(2, 3), List.of(), List.of(1, 0));
 * FixedShapeTensorBuilder builder = new FixedShapeTensorBuilder(type, allocator);
 * builder.append(List.of(1f, 2f, 3f, 4f, 5f, 6f));           // physical row-major [[1, 2, 3], [4, 5, 6]]
 * builder.appendNull();
 * builder.appendLogical(at -> (float) (10 * at[0] + at[1])); // logical shape [3, 2]
 * FixedShapeTensorArray tensors = new FixedShapeTensorArray(builder.build());
 * }</pre>
 */
public final class FixedShapeTensorBuilder {
    private final FixedShapeTensorType type;
    private final FixedSizeListBuilder storage;

    /**
     * An empty builder.
     *
     * @param type the tensor type of the values built
     * @param allocator where the buffers are allocated
     */
    public FixedShapeTensorBuilder(FixedShapeTensorType type, BufferAllocator allocator) {
        this.type = Objects.requireNonNull(type, "type");
        this.storage = new FixedSizeListBuilder(type.storageType(), allocator);
    }

    /**
     * The tensor type of the values built.
     *
     * @return the type
     */
    public FixedShapeTensorType tensorType() {
        return type;
    }

    /**
     * Appends a tensor from its elements in physical row-major order (the storage order).
     *
     * @param elements {@code tensorType().size()} elements the value type's builder accepts (numbers for
     *     numeric types), nulls for null elements
     * @return this builder
     * @throws IllegalArgumentException if the count is wrong or an element is refused (the builder must
     *     then be discarded)
     */
    public FixedShapeTensorBuilder append(List<?> elements) {
        if (elements.size() != type.size()) {
            throw new IllegalArgumentException("a tensor of shape " + type.shape() + " has " + type.size()
                    + " elements, not " + elements.size());
        }
        storage.appendObject(elements);
        return this;
    }

    /**
     * Appends a tensor from the element at each logical index (see {@link FixedShapeTensorType#logicalShape()}).
     *
     * @param element given a logical index (one int per logical dimension; the array is reused between
     *     calls), returns the element there, or null
     * @return this builder
     * @throws IllegalArgumentException if an element is refused (the builder must then be discarded)
     */
    public FixedShapeTensorBuilder appendLogical(Function<int[], ?> element) {
        List<Integer> shape = type.shape();
        List<Integer> permutation = type.permutation();
        int ndim = shape.size();
        List<Object> elements = new ArrayList<>(type.size());
        int[] physical = new int[ndim];
        int[] logical = new int[ndim];
        for (int k = 0; k < type.size(); k++) {
            for (int i = 0; i < ndim; i++) {
                logical[i] = physical[permutation.isEmpty() ? i : permutation.get(i)];
            }
            elements.add(element.apply(logical));
            for (int d = ndim - 1; d >= 0 && ++physical[d] == shape.get(d); d--) {
                physical[d] = 0;
            }
        }
        return append(elements);
    }

    /**
     * Appends a null tensor (its elements are null).
     *
     * @return this builder
     */
    public FixedShapeTensorBuilder appendNull() {
        storage.appendNull();
        return this;
    }

    /**
     * The number of tensors appended.
     *
     * @return the length
     */
    public long length() {
        return storage.length();
    }

    /**
     * The tensors appended; the builder starts over empty.
     *
     * @return the array, of {@link FixedShapeTensorType#toArrowType()}
     */
    public ExtensionArray build() {
        return ExtensionArray.ofUnchecked(storage.build().data().withType(type.toArrowType()));
    }
}
