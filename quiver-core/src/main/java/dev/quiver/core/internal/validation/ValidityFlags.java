// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.validation;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;

/** Validity bitmaps made from Java flags, for the factories that assemble arrays from parts. */
public final class ValidityFlags {
    private ValidityFlags() {
    }

    /** A validity bitmap and its null count. */
    public record Bits(ArrowBuffer buffer, long nullCount) {
    }

    /** The bitmap of {@code flags} (true: valid); no buffer when {@code flags} is null or all true. */
    public static Bits of(boolean[] flags) {
        if (flags == null) {
            return new Bits(null, 0);
        }
        ArrowBuffer buffer = ArrowBuffer.wrap(new byte[(int) Bitmaps.bytesFor(flags.length)]);
        long nulls = 0;
        for (int i = 0; i < flags.length; i++) {
            if (flags[i]) {
                Bitmaps.set(buffer.segment(), i, true);
            } else {
                nulls++;
            }
        }
        return nulls == 0 ? new Bits(null, 0) : new Bits(buffer, nulls);
    }
}
