// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/** The unit of a date (Schema.fbs {@code DateUnit}): days in 32 bits, or milliseconds in 64 bits. */
public enum DateUnit {
    /** Days since the UNIX epoch, as a signed 32-bit integer (date32). */
    DAY,
    /** Milliseconds since the UNIX epoch, as a signed 64-bit integer (date64). */
    MILLISECOND
}
