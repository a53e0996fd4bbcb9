// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.validation;

/**
 * How much of the Arrow format's rules data is checked against before it is used: the one setting that
 * arrays, record batches and every reader take.
 */
public enum ValidationLevel {
    /**
     * No checks: for data that this process produced itself or that was validated before. Reading data
     * that breaks the format's rules at this level may read out of bounds of its buffers (an exception
     * from the memory API, never a JVM crash) or return wrong values.
     */
    NONE,
    /**
     * The checks whose cost is independent of the data's values: buffer counts and sizes, child counts
     * and lengths, offsets within bounds at the ends. Enough for safe access by index; values such as
     * offsets in the middle, UTF-8 or dictionary indices are not checked.
     */
    STRUCTURE,
    /** Every rule of the format, value by value: the level for untrusted input, and every reader's default. */
    FULL
}
