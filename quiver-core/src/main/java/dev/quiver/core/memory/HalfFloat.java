// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

/** IEEE 754 half precision (binary16) values, kept as their raw 16 bits. */
public final class HalfFloat {
    private HalfFloat() {
    }

    public static float toFloat(short bits) {
        return Float.float16ToFloat(bits);
    }

    public static short fromFloat(float value) {
        return Float.floatToFloat16(value);
    }
}
