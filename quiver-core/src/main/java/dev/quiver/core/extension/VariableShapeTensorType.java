// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.InvalidTypeException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The parameters of {@code arrow.variable_shape_tensor}: each value is a tensor with a shape of its own,
 * stored as {@code Struct<data: List<value_type>, shape: FixedSizeList<int32>[ndim]>} with the elements
 * row-major. Optional dimension names, a permutation (as for {@link FixedShapeTensorType}) and a uniform
 * shape (a size for each dimension that is the same in every tensor, null where it varies) are read from
 * the metadata, a JSON object with the keys {@code dim_names}, {@code permutation} and
 * {@code uniform_shape}, or the empty string; other keys are refused.
 *
 * @param valueType the type of the tensor elements
 * @param ndim the number of dimensions
 * @param dimNames the names of the physical dimensions, or empty when absent
 * @param permutation the permutation of the physical dimensions, or empty when absent
 * @param uniformShape for each dimension its size in every tensor or null, or empty when absent (no
 *     dimension is uniform)
 */
public record VariableShapeTensorType(ArrowType valueType, int ndim, List<String> dimNames,
        List<Integer> permutation, List<Integer> uniformShape) {
    /** The extension name. */
    public static final String NAME = "arrow.variable_shape_tensor";
    private static final Set<String> KEYS = Set.of("dim_names", "permutation", "uniform_shape");

    /**
     * Checks the parameters against each other.
     *
     * @throws NullPointerException if an argument is null
     * @throws InvalidTypeException if {@code ndim} is negative, a uniform size is negative, or the
     *     dimension names, permutation or uniform shape do not have {@code ndim} entries
     */
    public VariableShapeTensorType {
        Objects.requireNonNull(valueType, "valueType");
        dimNames = List.copyOf(dimNames);
        permutation = List.copyOf(permutation);
        uniformShape = Collections.unmodifiableList(new ArrayList<>(uniformShape));
        if (ndim < 0) {
            throw new InvalidTypeException(NAME + ": negative number of dimensions " + ndim);
        }
        Params.checkLayout(dimNames, permutation, ndim, NAME);
        if (!uniformShape.isEmpty() && uniformShape.size() != ndim) {
            throw new InvalidTypeException(NAME + ": uniform_shape has " + uniformShape.size()
                    + " entries for " + ndim + " dimensions");
        }
        for (Integer s : uniformShape) {
            if (s != null && s < 0) {
                throw new InvalidTypeException(NAME + ": negative size " + s + " in uniform_shape");
            }
        }
    }

    /**
     * A type without names, permutation or uniform shape.
     *
     * @param valueType the element type
     * @param ndim the number of dimensions
     * @return the type
     */
    public static VariableShapeTensorType of(ArrowType valueType, int ndim) {
        return new VariableShapeTensorType(valueType, ndim, List.of(), List.of(), List.of());
    }

    /**
     * Reads the parameters of an extension type named {@link #NAME}.
     *
     * @param type the extension type
     * @return its parameters
     * @throws InvalidTypeException if the name, the storage type or the metadata break a rule of the type
     */
    public static VariableShapeTensorType of(ArrowType.Extension type) {
        if (!type.name().equals(NAME)) {
            throw new InvalidTypeException("not a " + NAME + ": " + type);
        }
        return parse(type.storageType(), type.metadata());
    }

    /**
     * Reads the parameters from a storage type and serialized metadata.
     *
     * @param storage the storage type
     * @param metadata the serialized metadata, empty or a JSON object
     * @return the parameters
     * @throws InvalidTypeException if the storage is not a struct of exactly a {@code data} list and a
     *     {@code shape} fixed-size list of int32, or the metadata is not valid for it
     */
    public static VariableShapeTensorType parse(ArrowType storage, String metadata) {
        if (!(storage instanceof ArrowType.Struct struct) || struct.fields().size() != 2) {
            throw new InvalidTypeException(NAME + ": storage must be a Struct of fields data and shape, not "
                    + storage);
        }
        Field data = field(struct, "data");
        Field shape = field(struct, "shape");
        if (!(data.type() instanceof ArrowType.List list)) {
            throw new InvalidTypeException(NAME + ": field data must be a List, not " + data.type());
        }
        if (!(shape.type() instanceof ArrowType.FixedSizeList shapeList)
                || !shapeList.valueField().type().equals(ArrowType.INT32)) {
            throw new InvalidTypeException(NAME + ": field shape must be a FixedSizeList<int32>, not "
                    + shape.type());
        }
        int ndim = shapeList.listSize();
        if (metadata.isEmpty()) {
            return of(list.valueField().type(), ndim);
        }
        Map<String, Object> json = MetadataJson.parseObject(metadata, NAME);
        Params.refuseUnknownKeys(json, KEYS, NAME);
        List<String> names = json.containsKey("dim_names")
                ? Params.stringList(json.get("dim_names"), "dim_names", NAME) : List.of();
        List<Integer> perm = json.containsKey("permutation")
                ? Params.intList(json.get("permutation"), "permutation", false, NAME) : List.of();
        List<Integer> uniform = json.containsKey("uniform_shape")
                ? Params.intList(json.get("uniform_shape"), "uniform_shape", true, NAME) : List.of();
        return new VariableShapeTensorType(list.valueField().type(), ndim, names, perm, uniform);
    }

    private static Field field(ArrowType.Struct struct, String name) {
        return struct.fields().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new InvalidTypeException(NAME + ": storage struct has no field " + name));
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
     * The logical shape of a tensor of physical shape {@code physical}.
     *
     * @param physical one size per physical dimension
     * @return the sizes in the order of the permutation
     * @throws IllegalArgumentException if {@code physical} does not have {@link #ndim()} sizes
     */
    public List<Integer> logicalShape(int... physical) {
        if (physical.length != ndim) {
            throw new IllegalArgumentException(physical.length + " sizes for " + ndim + " dimensions");
        }
        return Params.permute(java.util.Arrays.stream(physical).boxed().toList(), permutation);
    }

    /**
     * The storage type: {@code Struct<data: List<item: value_type>, shape: FixedSizeList<item: int32>[ndim]>}.
     *
     * @return the storage type
     */
    public ArrowType.Struct storageType() {
        return ArrowType.Struct.of(Field.nullable("data", new ArrowType.List(Field.nullable("item", valueType))),
                Field.nullable("shape", new ArrowType.FixedSizeList(Field.nullable("item", ArrowType.INT32), ndim)));
    }

    /**
     * The serialized metadata: a JSON object, {@code {}} when there are no parameters.
     *
     * @return the metadata
     */
    public String metadata() {
        StringBuilder out = new StringBuilder("{");
        if (!dimNames.isEmpty()) {
            Params.appendStrings(out, "dim_names", dimNames);
        }
        if (!permutation.isEmpty()) {
            Params.appendInts(out, "permutation", permutation);
        }
        if (!uniformShape.isEmpty()) {
            Params.appendInts(out, "uniform_shape", uniformShape);
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
