// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

/** IEEE 754 half precision (binary16) values, kept as their raw 16 bits. */
public final class HalfFloat {
    private HalfFloat() {
    }

    /**
     * Widens a half-precision value; every half value, NaN and infinities included, has an exact float.
     *
     * @param bits the 16 bits of the value
     * @return the value as a float
     */
    public static float toFloat(short bits) {
        return Float.float16ToFloat(bits);
    }

    /**
     * Narrows a float to half precision, rounding to the nearest half value (ties to even); values too
     * large for half precision become infinities.
     *
     * @param value the value
     * @return the 16 bits of the nearest half-precision value
     */
    public static short fromFloat(float value) {
        return Float.floatToFloat16(value);
    }
}
