// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

/** What writing a dataset does with a directory that already holds files. */
public enum ExistingData {
    /** Refuse to write into a directory that holds any file. */
    ERROR,
    /** Delete every file below the directory first. */
    OVERWRITE,
    /** Delete the files of each partition directory the write puts files into, and keep the others. */
    DELETE_MATCHING,
    /** Write beside existing files, replacing those of the same names. */
    OVERWRITE_OR_IGNORE
}
