// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.validation;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;

/**
 * Full validation of recorded null counts: each one, children's and dictionaries' included, must be
 * the number of unset bits of its validity bitmap in the data's range (the length for the null type;
 * 0 without a bitmap). Readers trust a recorded count (a slice of data without nulls has none; maps
 * skip the null key search when keys have none), so a wrong count would hide other broken rules.
 */
public final class NullCountValidator {
    private NullCountValidator() {
    }

    public static void validate(ArrayData data) {
        long actual = actualNullCount(data);
        if (data.nullCount() != actual) {
            throw new ValidationException(Rules.NULL_COUNT, -1, "recorded null count " + data.nullCount()
                    + " of " + data.type() + " differs from the " + actual + " nulls of its validity bitmap");
        }
        for (ArrayData child : data.children()) {
            validate(child);
        }
        if (data.dictionary() != null && !TrustedDictionaries.SCOPE.isBound()) {
            validate(data.dictionary());
        }
    }

    private static long actualNullCount(ArrayData data) {
        if (Types.storage(data.type()) instanceof ArrowType.Null) {
            return data.length();
        }
        ArrowBuffer validity = data.validity();
        return validity == null ? 0 : data.length() - Bitmaps.countSet(validity.segment(), data.offset(),
                data.length());
    }
}
