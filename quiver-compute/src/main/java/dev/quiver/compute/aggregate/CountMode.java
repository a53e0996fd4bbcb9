// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.aggregate;

/** Which values {@code count} and {@code count_distinct} count, as pyarrow's {@code CountOptions}. */
public enum CountMode {
    /** Non-null values (the default). */
    ONLY_VALID,
    /** Null values ({@code count_distinct}: 1 when there is a null). */
    ONLY_NULL,
    /** Every value, null included. */
    ALL
}
