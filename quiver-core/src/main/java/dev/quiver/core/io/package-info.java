// SPDX-License-Identifier: Apache-2.0
/**
 * Writing files safely: {@link dev.quiver.core.io.AtomicFileOutput} makes a new file appear whole at its
 * path, or not at all.
 */
package dev.quiver.core.io;
