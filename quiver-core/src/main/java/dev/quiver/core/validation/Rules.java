// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.validation;

/** The names of the validation rules, as {@link ValidationException#rule()} reports them. */
public final class Rules {
    /** A buffer is smaller than offset + length requires. */
    public static final String BUFFER_SIZE = "buffer-size";
    /** The number of buffers differs from the layout. */
    public static final String BUFFER_COUNT = "buffer-count";
    /** A child array is shorter than the parent requires, or the number of children is wrong. */
    public static final String CHILD_LENGTH = "child-length";
    /** Offset or length is negative, or offset + length overflows. */
    public static final String LENGTH = "length";
    /** The recorded null count is negative, larger than the length, or differs from the validity bitmap. */
    public static final String NULL_COUNT = "null-count";
    /** Offsets decrease. */
    public static final String OFFSETS_MONOTONIC = "offsets-monotonic";
    /** An offset (or offset + size) points outside the data or the child. */
    public static final String OFFSETS_IN_BOUNDS = "offsets-in-bounds";
    /** A string of a utf8 type is not well-formed UTF-8. */
    public static final String UTF8 = "utf8";
    /** A view's buffer index or range lies outside the variadic buffers. */
    public static final String VIEW_IN_BOUNDS = "view-in-bounds";
    /** An inline view is not zero-padded past its length. */
    public static final String VIEW_PADDING = "view-padding";
    /** A view's prefix differs from the first bytes of its data. */
    public static final String VIEW_PREFIX = "view-prefix";
    /** A union type id is not one the type declares. */
    public static final String UNION_TYPE_ID = "union-type-id";
    /** A dense union offset points outside its child. */
    public static final String UNION_OFFSET = "union-offset";
    /** Run ends are not positive and strictly increasing, or do not cover the length. */
    public static final String RUN_ENDS = "run-ends";
    /** A dictionary index is negative or not below the dictionary's length. */
    public static final String DICTIONARY_INDEX = "dictionary-index";
    /** A map key is null. */
    public static final String MAP_KEY_NULL = "map-key-null";
    /** A decimal value has more digits than the type's precision. */
    public static final String DECIMAL_PRECISION = "decimal-precision";
    /** A typed array class's checked factory was given data of a type that class does not hold. */
    public static final String ARRAY_TYPE = "array-type";

    private Rules() {
    }
}
