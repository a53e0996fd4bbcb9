// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

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
     * The IPC reading options: this validation, batches decoded on the task's own thread.
     *
     * @return the options
     */
    IpcReadOptions ipcOptions() {
        return IpcReadOptions.DEFAULT.withValidation(validation).withThreads(1);
    }
}
