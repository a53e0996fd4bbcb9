// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.DataFormat;

/** The {@code --format} choices: which Arrow IPC format to write. */
public enum ArrowFormat {
    FILE(DataFormat.ARROW_FILE), STREAM(DataFormat.ARROW_STREAM);

    private final DataFormat format;

    ArrowFormat(DataFormat format) {
        this.format = format;
    }

    DataFormat format() {
        return format;
    }

    /** The format of {@code choice}, or null when none was given. */
    public static DataFormat of(ArrowFormat choice) {
        return choice == null ? null : choice.format;
    }

    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
