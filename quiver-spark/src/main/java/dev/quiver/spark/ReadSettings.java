// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.array.Array;
import dev.quiver.core.validation.ValidationException;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.ipc.IpcReadOptions;
import java.io.Serializable;
import java.util.Locale;
import java.util.Map;

/**
 * The reading options a task needs, sent with the reader factory to the executors.
 *
 * @param validation how much of each batch is checked before Spark sees it
 */
record ReadSettings(ValidationLevel validation) implements Serializable {
    /** The option naming the validation level: {@code full} (the default) or {@code structure}. */
    static final String VALIDATION = "validation";

    /**
     * The settings of a source's options.
     *
     * @param options the options, keys in lower case
     * @return the settings
     * @throws QuiverSparkException if an option's value is not one of its choices
     */
    static ReadSettings of(Map<String, String> options) {
        String level = options.getOrDefault(VALIDATION, "full").toLowerCase(Locale.ROOT);
        return switch (level) {
            case "full" -> new ReadSettings(ValidationLevel.FULL);
            case "structure" -> new ReadSettings(ValidationLevel.STRUCTURE);
            default -> throw new QuiverSparkException("option " + VALIDATION + " is full or structure, not " + level);
        };
    }

    /**
     * The IPC reading options: batches decoded on the task's own thread, their structure checked (every
     * column's buffers are where and as large as the format says); the values of the columns a scan reads are
     * then validated at this level by {@link #validate}, the columns it leaves out are not.
     *
     * @return the options
     */
    IpcReadOptions ipcOptions() {
        return IpcReadOptions.DEFAULT.withValidation(ValidationLevel.STRUCTURE).withThreads(1);
    }

    /**
     * Validates a column the scan reads at this level.
     *
     * @param column the column
     * @param name its name, for the message
     * @throws QuiverSparkException if the column is not valid Arrow data
     */
    void validate(Array column, String name) {
        if (validation == ValidationLevel.FULL) {
            try {
                column.validate(ValidationLevel.FULL);
            } catch (ValidationException e) {
                throw new QuiverSparkException("column " + name + " is not valid Arrow data: " + e.getMessage(), e);
            }
        }
    }
}
