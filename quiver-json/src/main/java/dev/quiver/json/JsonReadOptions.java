// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.validation.ValidationLevel;
import java.util.Objects;

/**
 * How integration JSON is read: how far every column and dictionary read is validated
 * ({@link ValidationLevel#FULL} by default, right for untrusted input) and the allocator of their
 * buffers.
 *
 * <p>Whatever the level, the reader checks the JSON itself: its syntax, the members each object needs,
 * the counts of columns and values, and that every value fits its type. The level says what is checked
 * of the arrays built from it: {@link ValidationLevel#FULL} every rule of the format, value by value
 * (offsets, UTF-8, dictionary indices, union type ids); {@link ValidationLevel#STRUCTURE} buffer sizes,
 * child counts and lengths, the ends of offsets; {@link ValidationLevel#NONE} nothing more, for input
 * this process wrote itself or validated before: an array that breaks the rules may then throw an
 * {@link IndexOutOfBoundsException} when accessed, or give wrong values.
 *
 * @param validation how far every column and dictionary read is validated
 * @param allocator where the buffers of the columns and dictionaries are allocated
 */
public record JsonReadOptions(ValidationLevel validation, BufferAllocator allocator) {
    /** {@link ValidationLevel#FULL} validation and the garbage-collected allocator. */
    public static final JsonReadOptions DEFAULT = new JsonReadOptions(ValidationLevel.FULL, BufferAllocator.managed());

    /**
     * Checks the options.
     *
     * @throws NullPointerException if {@code validation} or {@code allocator} is null
     */
    public JsonReadOptions {
        Objects.requireNonNull(validation, "validation");
        Objects.requireNonNull(allocator, "allocator");
    }

    /**
     * These options with another validation level.
     *
     * @param newValidation how far every column is validated ({@link ValidationLevel#NONE} and
     *     {@link ValidationLevel#STRUCTURE} only for trusted input)
     * @return the new options
     */
    public JsonReadOptions withValidation(ValidationLevel newValidation) {
        return new JsonReadOptions(newValidation, allocator);
    }

    /**
     * These options with another allocator.
     *
     * @param newAllocator where the buffers are allocated
     * @return the new options
     */
    public JsonReadOptions withAllocator(BufferAllocator newAllocator) {
        return new JsonReadOptions(validation, newAllocator);
    }
}
