// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.cast.Cast;
import dev.quiver.core.array.Array;
import dev.quiver.core.type.ArrowType;
import java.nio.file.Path;

/**
 * A column of one file converted to the wider type the dataset's schema gives it, for the widenings
 * {@link SchemaUnifier} allows, by quiver-compute's safe {@link Cast}: no value changes, and one that would
 * (an integer beyond ±2^53 made {@code float64}) is an error naming it.
 */
final class Widening {
    private Widening() {
    }

    /**
     * Converts a column.
     *
     * @param column the file's column
     * @param target the dataset's type, which {@link SchemaUnifier#widen} allowed
     * @param name the column's name, for messages
     * @param file the file, for messages
     * @param batch the index of the file's batch, for messages
     * @return the column as the target type
     * @throws DatasetException if a value has no exact equal in the target type, naming the value, its row in
     *     the batch, the column, the file and the batch
     */
    static Array widen(Array column, ArrowType target, String name, Path file, long batch) {
        if (column.type().equals(target)) {
            return column;
        }
        try {
            return Cast.to(column, target);
        } catch (ComputeException e) {
            throw new DatasetException("column " + name + " of " + file + ", its batch " + batch + ": "
                    + e.getMessage() + " (the dataset's type)", e);
        }
    }
}
