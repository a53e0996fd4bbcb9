// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import java.nio.file.Path;

/**
 * A file a dataset write made.
 *
 * @param path the file
 * @param rows the rows it holds
 */
public record WrittenFile(Path path, long rows) {
}
