// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.DictionaryArray;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Types;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;
import dev.quiver.core.validation.ValidationLevel;

/**
 * Validation of a column read from JSON to the reader's {@link ValidationLevel}. The dictionary of a dictionary-encoded column was
 * validated once when read, so such a column checks its indices only: validating the dictionary again
 * for every batch would cost its size per batch. (Dictionaries nested deeper in a column are validated
 * with it, as full validation does.)
 */
final class JsonColumnValidator {
    private JsonColumnValidator() {
    }

    /** Checks the invariants of {@code level}; a failure is reported at {@code place}. */
    static void validate(ArrayData data, String place, ValidationLevel level) {
        try {
            if (level == ValidationLevel.NONE) {
                return;
            }
            if (level == ValidationLevel.STRUCTURE) {
                data.validate(ValidationLevel.STRUCTURE);
            } else if (Types.storage(data.type()) instanceof ArrowType.Dictionary d) {
                data.validate(ValidationLevel.STRUCTURE);
                data.withType(d.indexType()).withDictionary(null).validateFull();
                checkIndices(data, d);
            } else {
                data.validateFull();
            }
        } catch (ValidationException e) {
            throw JsonFormatException.at(place, e.getMessage());
        }
    }

    /** Every valid index inside the dictionary. */
    private static void checkIndices(ArrayData data, ArrowType.Dictionary type) {
        DictionaryArray indices = DictionaryArray.ofUnchecked(data.withType(type));
        long size = data.dictionary().length();
        boolean unsigned = !type.indexType().signed();
        for (long i = 0; i < data.length(); i++) {
            if (!data.isValid(i)) {
                continue;
            }
            long index = indices.getIndex(i);
            if (index < 0 || index >= size) {
                throw new ValidationException(Rules.DICTIONARY_INDEX, i, "index "
                        + (unsigned ? Long.toUnsignedString(index) : Long.toString(index))
                        + " is outside the dictionary of length " + size);
            }
        }
    }
}
