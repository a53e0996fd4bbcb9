// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.selection;

/** What filter does where the mask is null. */
public enum NullSelection {
    /** The row is left out (Arrow's default, {@code null_selection_behavior="drop"}). */
    DROP,
    /** The row is kept as a null ({@code null_selection_behavior="emit_null"}). */
    EMIT_NULL
}
