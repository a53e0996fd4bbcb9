// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.builder.StructBuilder;
import dev.quiver.core.memory.BufferAllocator;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Builds {@code arrow.variable_shape_tensor} arrays, one tensor at a time: its physical shape and its
 * elements in physical (row-major) order. Each shape is checked as {@link VariableShapeTensorArray#validate()}
 * checks it: one size per dimension, each at least 0, agreeing with the uniform shape, whose product is
 * the number of elements.
 *
 * <pre>{@code
 * VariableShapeTensorType type = new VariableShapeTensorType(ArrowType.INT32, 2, List.of(), List.of(),
 *         Arrays.asList(null, 2));
 * VariableShapeTensorBuilder builder = new VariableShapeTensorBuilder(type, allocator);
 * builder.append(new int[] {3, 2}, List.of(1, 2, 3, 4, 5, 6)).appendNull().append(new int[] {1, 2}, List.of(7, 8));
 * VariableShapeTensorArray tensors = new VariableShapeTensorArray(builder.build());
 * }</pre>
 */
public final class VariableShapeTensorBuilder {
    private final VariableShapeTensorType type;
    private final StructBuilder storage;

    /**
     * An empty builder.
     *
     * @param type the tensor type of the values built
     * @param allocator where the buffers are allocated
     */
    public VariableShapeTensorBuilder(VariableShapeTensorType type, BufferAllocator allocator) {
        this.type = Objects.requireNonNull(type, "type");
        this.storage = new StructBuilder(type.storageType(), allocator);
    }

    /**
     * The tensor type of the values built.
     *
     * @return the type
     */
    public VariableShapeTensorType tensorType() {
        return type;
    }

    /**
     * Appends a tensor.
     *
     * @param shape its physical shape, one size per dimension
     * @param elements its elements in physical row-major order, as the value type's builder accepts them
     *     (nulls for null elements)
     * @return this builder
     * @throws IllegalArgumentException if the shape has the wrong number of sizes, a negative size, a size
     *     the uniform shape does not allow, or a product other than the number of elements; or if an
     *     element is refused (the builder must then be discarded)
     */
    public VariableShapeTensorBuilder append(int[] shape, List<?> elements) {
        if (shape.length != type.ndim()) {
            throw new IllegalArgumentException("shape " + Arrays.toString(shape) + " for a tensor of " + type.ndim()
                    + " dimensions");
        }
        List<Integer> uniform = type.uniformShape();
        long size = 1;
        for (int d = 0; d < shape.length; d++) {
            if (shape[d] < 0) {
                throw new IllegalArgumentException("shape " + Arrays.toString(shape) + " has a negative size");
            }
            if (!uniform.isEmpty() && uniform.get(d) != null && uniform.get(d) != shape[d]) {
                throw new IllegalArgumentException("dimension " + d + " of shape " + Arrays.toString(shape)
                        + " has size " + shape[d] + " but uniform_shape fixes it to " + uniform.get(d));
            }
            size = Math.multiplyExact(size, shape[d]);
        }
        if (size != elements.size()) {
            throw new IllegalArgumentException("shape " + Arrays.toString(shape) + " holds " + size
                    + " elements, not " + elements.size());
        }
        storage.appendObject(Map.of("data", elements, "shape", Arrays.stream(shape).boxed().toList()));
        return this;
    }

    /**
     * Appends a null tensor.
     *
     * @return this builder
     */
    public VariableShapeTensorBuilder appendNull() {
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
     * @return the array, of {@link VariableShapeTensorType#toArrowType()}
     */
    public ExtensionArray build() {
        return ExtensionArray.ofUnchecked(storage.build().data().withType(type.toArrowType()));
    }
}
