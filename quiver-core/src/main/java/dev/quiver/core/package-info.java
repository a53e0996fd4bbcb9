// SPDX-License-Identifier: Apache-2.0
/**
 * The root of Quiver's core: {@link dev.quiver.core.QuiverException}, the supertype of every exception
 * Quiver throws on its own account. The rest of the core lives in sub-packages: memory
 * ({@code dev.quiver.core.memory}), the type system ({@code dev.quiver.core.type}), arrays and their
 * builders ({@code dev.quiver.core.array}, {@code dev.quiver.core.builder}), record batches and tables
 * ({@code dev.quiver.core.batch}), validation ({@code dev.quiver.core.validation}) and file output
 * ({@code dev.quiver.core.io}).
 */
package dev.quiver.core;
