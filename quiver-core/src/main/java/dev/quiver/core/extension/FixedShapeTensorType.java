// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.InvalidTypeException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The parameters of {@code arrow.fixed_shape_tensor}: each value is a tensor of one physical shape,
 * stored row-major as a {@code FixedSizeList<value_type>[product(shape)]}. Optional dimension names
 * (one per physical dimension) and a permutation describe the logical layout: logical dimension
 * {@code i} is physical dimension {@code permutation[i]}. The metadata is a JSON object with the keys
 * {@code shape}, {@code dim_names} and {@code permutation}; other keys are refused.
 *
 * @param valueType the type of the tensor elements
 * @param shape the physical shape, each size at least 0
 * @param dimNames the names of the physical dimensions, or empty when absent
 * @param permutation the permutation of the physical dimensions, or empty when absent
 */
public record FixedShapeTensorType(ArrowType valueType, List<Integer> shape, List<String> dimNames,
        List<Integer> permutation) {
    /** The extension name. */
    public static final String NAME = "arrow.fixed_shape_tensor";
    private static final Set<String> KEYS = Set.of("shape", "dim_names", "permutation");

    /**
     * Checks the parameters against each other.
     *
     * @throws NullPointerException if an argument is null
     * @throws InvalidTypeException if a size is negative, the product of the sizes is not an int32, or
     *     the dimension names or the permutation do not fit the shape
     */
    public FixedShapeTensorType {
        Objects.requireNonNull(valueType, "valueType");
        shape = List.copyOf(shape);
        dimNames = List.copyOf(dimNames);
        permutation = List.copyOf(permutation);
        long size = 1;
        for (int s : shape) {
            if (s < 0) {
                throw new InvalidTypeException(NAME + ": negative size " + s + " in shape " + shape);
            }
            size *= s;
            if (size > Integer.MAX_VALUE) {
                throw new InvalidTypeException(NAME + ": shape " + shape + " holds more than 2^31-1 elements");
            }
        }
        Params.checkLayout(dimNames, permutation, shape.size(), NAME);
    }

    /**
     * A tensor type without dimension names or permutation.
     *
     * @param valueType the element type
     * @param shape the physical shape
     * @return the type
     */
    public static FixedShapeTensorType of(ArrowType valueType, int... shape) {
        return new FixedShapeTensorType(valueType, java.util.Arrays.stream(shape).boxed().toList(), List.of(),
                List.of());
    }

    /**
     * Reads the parameters of an extension type named {@link #NAME}.
     *
     * @param type the extension type
     * @return its parameters
     * @throws InvalidTypeException if the name, the storage type or the metadata break a rule of the type
     */
    public static FixedShapeTensorType of(ArrowType.Extension type) {
        if (!type.name().equals(NAME)) {
            throw new InvalidTypeException("not a " + NAME + ": " + type);
        }
        return parse(type.storageType(), type.metadata());
    }

    /**
     * Reads the parameters from a storage type and serialized metadata.
     *
     * @param storage the storage type, a fixed-size list
     * @param metadata the serialized metadata
     * @return the parameters
     * @throws InvalidTypeException if the storage type is not a fixed-size list of the shape's product,
     *     or the metadata is not a JSON object with a valid {@code shape} and only known keys
     */
    public static FixedShapeTensorType parse(ArrowType storage, String metadata) {
        if (!(storage instanceof ArrowType.FixedSizeList list)) {
            throw new InvalidTypeException(NAME + ": storage must be a FixedSizeList, not " + storage);
        }
        Map<String, Object> json = MetadataJson.parseObject(metadata, NAME);
        Params.refuseUnknownKeys(json, KEYS, NAME);
        if (!json.containsKey("shape")) {
            throw new InvalidTypeException(NAME + ": the metadata has no \"shape\"");
        }
        List<Integer> shape = Params.intList(json.get("shape"), "shape", false, NAME);
        List<String> names = json.containsKey("dim_names")
                ? Params.stringList(json.get("dim_names"), "dim_names", NAME) : List.of();
        List<Integer> perm = json.containsKey("permutation")
                ? Params.intList(json.get("permutation"), "permutation", false, NAME) : List.of();
        FixedShapeTensorType type = new FixedShapeTensorType(list.valueField().type(), shape, names, perm);
        if (type.size() != list.listSize()) {
            throw new InvalidTypeException(NAME + ": list_size " + list.listSize()
                    + " is not the product " + type.size() + " of shape " + shape);
        }
        return type;
    }

    /**
     * The number of dimensions.
     *
     * @return the length of the shape
     */
    public int ndim() {
        return shape.size();
    }

    /**
     * The number of elements of each tensor.
     *
     * @return the product of the shape
     */
    public int size() {
        int n = 1;
        for (int s : shape) {
            n *= s;
        }
        return n;
    }

    /**
     * The logical shape: the physical shape in the order of the permutation.
     *
     * @return the logical shape
     */
    public List<Integer> logicalShape() {
        return Params.permute(shape, permutation);
    }

    /**
     * The logical dimension names: the names in the order of the permutation.
     *
     * @return the logical names, or empty when there are none
     */
    public List<String> logicalDimNames() {
        return dimNames.isEmpty() ? dimNames : Params.permute(dimNames, permutation);
    }

    /**
     * The row-major strides of the physical layout, in elements.
     *
     * @return for each physical dimension, how many elements one step in it skips
     */
    public long[] strides() {
        long[] strides = new long[shape.size()];
        long step = 1;
        for (int d = shape.size() - 1; d >= 0; d--) {
            strides[d] = step;
            step *= shape.get(d);
        }
        return strides;
    }

    /**
     * The strides of the logical dimensions, in elements: the physical strides in permutation order.
     *
     * @return for each logical dimension, how many elements one step in it skips
     */
    public long[] logicalStrides() {
        long[] physical = strides();
        if (permutation.isEmpty()) {
            return physical;
        }
        long[] out = new long[physical.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = physical[permutation.get(i)];
        }
        return out;
    }

    /**
     * The position of an element inside one tensor's row-major values.
     *
     * @param logicalIndex one index per logical dimension
     * @return the element's position, from 0 to {@code size() - 1}
     * @throws IndexOutOfBoundsException if the number of indices or an index is out of range
     */
    public long elementOffset(int... logicalIndex) {
        if (logicalIndex.length != shape.size()) {
            throw new IndexOutOfBoundsException(logicalIndex.length + " indices for " + shape.size()
                    + " dimensions");
        }
        List<Integer> logical = logicalShape();
        long[] strides = logicalStrides();
        long offset = 0;
        for (int i = 0; i < logicalIndex.length; i++) {
            Objects.checkIndex(logicalIndex[i], logical.get(i));
            offset += logicalIndex[i] * strides[i];
        }
        return offset;
    }

    /**
     * The storage type: {@code FixedSizeList<item: value_type>[product(shape)]}.
     *
     * @return the storage type
     */
    public ArrowType.FixedSizeList storageType() {
        return new ArrowType.FixedSizeList(Field.nullable("item", valueType), size());
    }

    /**
     * The serialized metadata, a JSON object.
     *
     * @return the metadata
     */
    public String metadata() {
        StringBuilder out = new StringBuilder("{");
        Params.appendInts(out, "shape", shape);
        if (!dimNames.isEmpty()) {
            Params.appendStrings(out, "dim_names", dimNames);
        }
        if (!permutation.isEmpty()) {
            Params.appendInts(out, "permutation", permutation);
        }
        return out.append('}').toString();
    }

    /**
     * This type as an Arrow extension type.
     *
     * @return the extension type with the storage type and metadata of these parameters
     */
    public ArrowType.Extension toArrowType() {
        return new ArrowType.Extension(NAME, storageType(), metadata());
    }
}
