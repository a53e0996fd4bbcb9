// SPDX-License-Identifier: Apache-2.0
package dev.quiver.io;

/** The formats the front door reads and writes. */
public enum ArrowFormat {
    /** The Arrow IPC file format ({@code .arrow}, {@code .feather}): {@code ARROW1}, messages, a footer. */
    FILE,
    /** The Arrow IPC stream format ({@code .arrows}): a schema message, then batches. */
    STREAM,
    /** The Arrow integration JSON format ({@code .json}, or {@code .json.gz} gzip-compressed). */
    JSON
}
