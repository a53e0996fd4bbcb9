// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Little-endian value layouts that allow any alignment: Arrow data is little-endian, and memory wrapped
 * from a byte array or read from an IPC body is not always aligned. Use these in hot loops.
 */
public final class LittleEndian {
    /** A byte (byte order and alignment do not apply). */
    public static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;
    /** A 16-bit integer, little-endian, any alignment. */
    public static final ValueLayout.OfShort SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    /** A 32-bit integer, little-endian, any alignment. */
    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    /** A 64-bit integer, little-endian, any alignment. */
    public static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    /** A 32-bit IEEE 754 float, little-endian, any alignment. */
    public static final ValueLayout.OfFloat FLOAT =
            ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    /** A 64-bit IEEE 754 double, little-endian, any alignment. */
    public static final ValueLayout.OfDouble DOUBLE =
            ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private LittleEndian() {
    }
}
